import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { ScenariosPage } from '../pages/scenarios-page';

// A scenario file of 36,571 `wait` steps (1,024,006 bytes, under the 1 MiB limit) runs from the
// command line, but showing its steps in the view drew every one of them and blocked the page
// for about 47 s. A long list draws only the steps in view, in a box of its own, and says so.
test('a scenario of tens of thousands of steps opens with the steps in view, and scrolls to the last', async ({
  page,
  served,
}) => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-many-steps-'));
  try {
    const text = `name: many\nsteps:\n${'  - step: wait\n    for: 0ms\n'.repeat(36_571)}`;
    expect(Buffer.byteLength(text)).toBe(1_024_006);
    writeFileSync(join(folder, 'many.yaml'), text);
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    const card = scenarios.card('many');
    await expect(card.getByText('many.yaml · 36,571 steps', { exact: true })).toBeVisible();

    await card.getByRole('button', { name: 'Show the steps of many' }).click();
    await expect(card.getByTestId('scenario-steps-in-view')).toHaveText(
      '36,571 steps: the list below draws those in view; scroll it to see the others.',
    );
    const steps = card.getByTestId('scenario-step');
    await expect(steps.first()).toContainText('1. wait');
    expect(await steps.count()).toBeLessThan(100);

    await card.getByTestId('scenario-steps-scroller').evaluate((box) => {
      box.scrollTop = box.scrollHeight;
    });
    await expect(steps.filter({ hasText: '36571. wait' })).toBeVisible();
    expect(await steps.count()).toBeLessThan(100);

    await card.getByRole('button', { name: 'Hide the steps of many' }).click();
    await expect(steps).toHaveCount(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a long scenario that did not pass opens at the step that failed', async ({ page, served }) => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-many-steps-failed-'));
  try {
    // 300 waits, then a step that cannot run (its order from an environment variable that is not
    // set): it is far below the box's first view.
    const text = `name: long then broken\nsteps:\n${'  - step: wait\n    for: 0ms\n'.repeat(300)}  - step: operation\n    operation: getOrder\n    order: '\${env.CC_E2E_NOT_SET}'\n`;
    writeFileSync(join(folder, 'long.yaml'), text);
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    const card = scenarios.card('long then broken');
    // Run all runs the folder listed: pressed before this one is, it ran the one listed before.
    await expect(card).toBeVisible();
    await scenarios.runAll();
    await expect(card).toHaveAttribute('data-status', 'error', { timeout: 30_000 });
    await expect(card.getByTestId('scenario-steps-in-view')).toHaveText(
      '301 steps: the list below draws those in view; scroll it to see the others (it opens at step 301, the first that did not pass).',
    );
    const broken = card.getByTestId('scenario-step').filter({ hasText: '301. getOrder' });
    await expect(broken).toHaveAttribute('data-status', 'error');
    // The page brought to the box (its own scroll left as it is): the failed step is in its view.
    await card.getByTestId('scenario-steps-scroller').evaluate((box) => box.scrollIntoView({ block: 'end' }));
    await expect(broken).toBeInViewport();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
