import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';

// The cards read only the view's own runs of the folder: after `checkout-console test` of it in
// a terminal the notice said the run ended, but the cards kept an older run, or NOT RUN, even
// after a reload.
const quick = (name: string) => `name: ${name}\nsteps:\n  - step: set\n    vars: { a: "1" }\n`;

/** `checkout-console test …paths` from `cwd`, on the served console's data directory, to its end. */
async function runTest(dataDir: string, cwd: string, ...paths: string[]): Promise<void> {
  await promisify(execFile)(process.execPath, [cliPath, '--data-dir', dataDir, 'test', ...paths], {
    cwd,
    env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
  });
}

test('the cards show the newest run of each file, a run of `test` in a terminal included', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  const parent = mkdtempSync(join(tmpdir(), 'cc-e2e-cards-test-'));
  const folder = join(parent, 'suite');
  const other = join(parent, 'other');
  mkdirSync(folder);
  mkdirSync(other);
  writeFileSync(join(folder, 'a.yaml'), quick('Scenario A'));
  writeFileSync(join(folder, 'b.yaml'), quick('Scenario B'));
  writeFileSync(join(other, 'a.yaml'), quick('Another A'));
  try {
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    const stored = (name: string) => scenarios.card(name).getByTestId('scenario-stored-run');
    await expect(scenarios.card('Scenario A')).toHaveAttribute('data-status', 'idle');

    // `test suite` from the folder above: run #1, of both.
    await runTest(served.dataDir, parent, 'suite');
    await expect(scenarios.card('Scenario A')).toHaveAttribute('data-status', 'passed');
    await expect(stored('Scenario A')).toContainText('run #1 by checkout-console test');
    await expect(stored('Scenario B')).toContainText('run #1 by checkout-console test');

    // `test .` in the folder (run #2), then `test a.yaml` there (run #3, of A alone).
    await runTest(served.dataDir, folder, '.');
    await runTest(served.dataDir, folder, 'a.yaml');
    await expect(stored('Scenario A')).toContainText('run #3 by checkout-console test');
    await expect(stored('Scenario B')).toContainText('run #2 by checkout-console test');

    // Another folder's a.yaml (run #4) is another file.
    await runTest(served.dataDir, other, 'a.yaml');
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(stored('Scenario A')).toContainText('run #3 by checkout-console test');
    await expect(stored('Scenario B')).toContainText('run #2 by checkout-console test');

    // The view's own run says nothing of where it came from.
    await scenarios.runAll();
    await expect(scenarios.summary()).toBeVisible();
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(stored('Scenario A')).toHaveText(/^ · run #5, /);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});

// `test suitelink/a.yaml` (suitelink → suite) is a run of suite/'s a.yaml: main says which card
// each stored result is of, its links resolved, and the card shows it, opened by either name.
test('a card shows a run of `test` that named its file through a symbolic link', async ({ page, served }) => {
  test.setTimeout(120_000);
  const parent = mkdtempSync(join(tmpdir(), 'cc-e2e-cards-link-'));
  const folder = join(parent, 'suite');
  mkdirSync(folder);
  symlinkSync(folder, join(parent, 'suitelink'));
  writeFileSync(join(folder, 'a.yaml'), quick('Scenario A'));
  try {
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await runTest(served.dataDir, parent, 'suitelink/a.yaml');
    const stored = scenarios.card('Scenario A').getByTestId('scenario-stored-run');
    await expect(stored).toContainText('run #1 by checkout-console test');
    await scenarios.openFolder(join(parent, 'suitelink'));
    await expect(stored).toContainText('run #1 by checkout-console test');
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
});
