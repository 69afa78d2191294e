import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { ScenariosPage } from '../pages/scenarios-page';

// A running step showed a small spinner where the others show a badge, so its title began about
// 60 px left of theirs. Its marker takes the badge's width: every title starts at one x.
test("a running step's title lines up with the titles of the steps around it, light and dark", async ({
  page,
  served,
}, testInfo) => {
  test.setTimeout(90_000);
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-running-marker-'));
  writeFileSync(
    join(folder, 'a.yaml'),
    'name: Waits\nsteps:\n  - step: set\n    vars: { a: "1" }\n  - step: wait\n    for: 10m\n  - step: set\n    vars: { b: "2" }\n',
  );
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await scenarios.runAll();
    const steps = scenarios.card('Waits').getByTestId('scenario-step');
    await expect(steps.nth(1)).toHaveAttribute('data-status', 'running');
    await expect(steps.nth(0)).toHaveAttribute('data-status', 'passed');
    await expect(steps.nth(2)).toHaveAttribute('data-status', 'pending');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      // Each step's title, and any line said under one (its result), start at one x.
      const startsX = await steps.evaluateAll((found) =>
        found.flatMap((step) =>
          [
            step.querySelector(':scope > .mantine-Group-root > .mantine-Text-root'),
            step.querySelector(':scope > .mantine-Text-root'),
          ]
            .filter((text) => text !== null)
            .map((text) => Math.round(text.getBoundingClientRect().x)),
        ),
      );
      expect(startsX.length, 'one title a step').toBeGreaterThanOrEqual(3);
      expect(new Set(startsX).size, `x of each title and result line: ${startsX.join(', ')}`).toBe(1);
      await page.screenshot({ path: testInfo.outputPath(`running-step-${scheme}.png`) });
    }
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await expect(steps.nth(1)).not.toHaveAttribute('data-status', 'running');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
