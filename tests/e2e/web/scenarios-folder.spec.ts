import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { ScenariosPage } from '../pages/scenarios-page';
import { textContrasts } from '../pages/text-contrast';

// A folder that does not exist yet is where a suite starts, not a broken file.

test('a scenario folder that does not exist yet gets a calm empty state, not a file problem', async ({
  page,
  served,
}) => {
  const parent = mkdtempSync(join(tmpdir(), 'cc-e2e-no-scenarios-'));
  const missing = join(parent, 'scenarios');
  try {
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(missing);
    const empty = page.getByTestId('scenarios-folder-missing');
    await expect(empty).toContainText('does not exist yet');
    await expect(empty).toContainText(missing);
    await expect(empty).toContainText('Save as scenario');
    await expect(empty).toContainText('another folder above. docs/scenarios.md describes the format');
    await expect(page.getByText(/file problem/)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Run all' })).toBeDisabled();

    // The manual page it names is a link (it was plain text), opened as any address leaving
    // the console is: confirmed, then in a new tab.
    const manual = 'https://github.com/checkoutconsole/checkout-console/blob/main/docs/scenarios.md';
    await page
      .context()
      .route(manual, (route) => route.fulfill({ contentType: 'text/html', body: 'manual' }));
    await empty.getByRole('link', { name: 'docs/scenarios.md' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open github.com?' });
    await expect(confirm.getByTestId('external-url')).toHaveText(manual);
    const [opened] = await Promise.all([
      page.context().waitForEvent('page'),
      confirm.getByRole('button', { name: 'Open in the browser' }).click(),
    ]);
    await expect(opened).toHaveURL(manual);
    await opened.close();

    // A real file problem is still one.
    writeFileSync(join(parent, 'broken.yaml'), 'name: [unclosed\n');
    await scenarios.openFolder(parent);
    await expect(page.getByText('1 problem in 1 scenario file: it cannot run')).toBeVisible();
    await expect(empty).toHaveCount(0);
    // Why Run all is off, small orange text on the light page: Mantine's orange read 2.6:1 there.
    const [why] = await textContrasts(page.getByTestId('run-all-blocked'));
    expect(why?.ratio, `${why?.color} on ${why?.background}`).toBeGreaterThanOrEqual(4.5);

    // One step is "1 step".
    writeFileSync(
      join(parent, 'one-step.yaml'),
      'name: Only a checkout\nsteps:\n  - step: checkout\n    sample: { country: SA }\n',
    );
    await scenarios.openFolder(parent);
    await expect(page.getByText('one-step.yaml · 1 step', { exact: true })).toBeVisible();
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

test('only the folder path is monospace, not its label or help', async ({ page, served }) => {
  await openConsole(page, served, '#/scenarios');
  const input = page.getByLabel('Folder of scenario files');
  await expect(input).toBeVisible();
  const fonts = await input.evaluate((element) => {
    const root = element.closest('.mantine-InputWrapper-root');
    const family = (selector: string) => {
      const found = root?.querySelector(selector);
      return found === null || found === undefined ? '' : getComputedStyle(found).fontFamily;
    };
    return {
      input: getComputedStyle(element).fontFamily,
      label: family('.mantine-InputWrapper-label'),
      description: family('.mantine-InputWrapper-description'),
    };
  });
  const mono = /mono|courier|consolas|menlo/i;
  expect(fonts.input).toMatch(mono);
  expect(fonts.label).not.toMatch(mono);
  expect(fonts.description).not.toMatch(mono);
});
