import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath, projectRoot } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';
import { brokenSuiteFolder } from '../../fixtures/wrong-state-scenario';

const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };
const NAME = 'Wrong expected state';

const brokenSuite = () => brokenSuiteFolder(projectRoot, NAME, 'cc-e2e-again-');

/** The same scenario, mended: the real happy path under the same name. */
function mend(folder: string): void {
  const happy = readFileSync(join(projectRoot, 'scenarios/happy-path-general-sa.yaml'), 'utf8');
  writeFileSync(
    join(folder, 'wrong-state.yaml'),
    happy.replace('name: Happy path, general form, SA / SAR', `name: ${NAME}`),
  );
}

test('Run these again runs, in the Folder tab, exactly the scenarios of a stored run that did not pass', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  const folder = brokenSuite();
  try {
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(2);
    await scenarios.runAll();
    await expect(scenarios.summary()).toContainText('1 passed, 1 failed', { timeout: 60_000 });

    // Fixed in the file, then run again from the stored run, opened later, on the folder of another.
    mend(folder);
    await scenarios.openFolder(join(projectRoot, 'scenarios'));
    await page.goto(`${served.origin}/#/scenarios?run=1`);
    const opened = page.getByTestId('opened-run');
    const again = opened.getByRole('button', { name: 'Run these again' });
    await expect(again).toBeEnabled();
    await expect(opened.getByTestId('run-again-words')).toContainText(
      `The scenario that did not pass, run again from ${folder}`,
    );
    await again.click();

    // The run is the Folder tab's, on the run's folder: only the scenario that failed runs.
    await expect(page).toHaveURL(`${served.origin}/#/scenarios?${new URLSearchParams({ folder })}`);
    await expect(page.getByLabel('Folder of scenario files')).toHaveValue(folder);
    await expect(scenarios.summary()).toContainText('1 passed, 0 failed', { timeout: 60_000 });
    await expect(scenarios.card(NAME)).toHaveAttribute('data-status', 'passed');
    // Not run this time: its card keeps its result of run #1, and says so.
    await expect(scenarios.card('Refund after capture')).toHaveAttribute('data-status', 'passed');
    await expect(scenarios.card('Refund after capture').getByTestId('scenario-stored-run')).toContainText(
      'run #1,',
    );
    await expect(scenarios.card(NAME).getByTestId('scenario-stored-run')).toHaveCount(0);
    await scenarios.summary().getByRole('button', { name: 'run #2' }).click();
    // Everything in it passed: nothing to run again.
    await expect(page.getByTestId('opened-run')).toContainText('1 passed');
    await expect(page.getByTestId('run-again')).toHaveCount(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('Run these again is disabled, with the reason, when a file no longer loads or the run was made by test', async ({
  page,
  served,
}) => {
  test.setTimeout(90_000);
  const folder = brokenSuite();
  try {
    // A run of `test` in a terminal: its files are named from its working directory, not a folder.
    await promisify(execFile)(
      process.execPath,
      [cliPath, '--data-dir', served.dataDir, 'test', join(folder, 'wrong-state.yaml')],
      { env, encoding: 'utf8' },
    ).catch(() => undefined);
    await openConsole(page, served, '#/scenarios?run=1');
    const opened = page.getByTestId('opened-run');
    await expect(opened.getByRole('button', { name: 'Run these again' })).toBeDisabled();
    await expect(opened.getByTestId('run-again-words')).toContainText('was run by checkout-console test in');
    await expect(opened.getByTestId('run-again-words')).toContainText(
      `Run them again there: npx checkout-console --data-dir ${served.dataDir} test --rerun 1`,
    );

    // A run of the folder whose failing file broke since.
    await page.goto(`${served.origin}/#/scenarios`);
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    // Its two files are listed before Run all (CI once ran the folder shown before, 10 scenarios).
    await expect(page.getByTestId('scenario-card')).toHaveCount(2);
    await scenarios.runAll();
    await expect(scenarios.summary()).toContainText('1 passed, 1 failed', { timeout: 60_000 });
    writeFileSync(join(folder, 'wrong-state.yaml'), 'name: [unclosed\n');
    await scenarios.summary().getByRole('button', { name: 'run #2' }).click();
    await expect(opened.getByRole('button', { name: 'Run these again' })).toBeDisabled();
    await expect(opened.getByTestId('run-again-words')).toContainText(
      'A file of it no longer loads: wrong-state.yaml:',
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
