import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';

const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };

/** What `test FOLDER` prints of the folder's one broken file: its problem after the file's name. */
async function cliProblem(dataDir: string, folder: string): Promise<string> {
  const failed = await promisify(execFile)(
    process.execPath,
    [cliPath, '--data-dir', dataDir, 'test', folder],
    {
      env,
    },
  ).then(
    () => null,
    (error: { code?: number; stderr?: string; stdout?: string }) => error,
  );
  expect(failed?.code).toBe(2);
  const printed = `${failed?.stdout ?? ''}${failed?.stderr ?? ''}`;
  expect(printed).toContain('nothing was run');
  const problem = /expired\.yaml(:\d+:\d+: .+)$/m.exec(printed)?.[1];
  expect(problem).toBeDefined();
  return problem ?? '';
}

// Run all sent the files listed as scenarios only: a file that did not load when the folder was
// opened was left out, and the run stored as "passed" without it, where `test FOLDER` ran nothing
// and named it. Run all runs every file of the folder: while one does not load it is off, and
// says so beside it.
test('Run all runs nothing while a file of the folder does not load, and says so before it is pressed', async ({
  page,
  served,
}) => {
  test.setTimeout(90_000);
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-run-all-problems-'));
  try {
    writeFileSync(join(folder, 'declined.yaml'), 'name: Declined\nsteps:\n  - step: wait\n    for: 1ms\n');
    writeFileSync(join(folder, 'expired.yaml'), 'name: Expired\nsteps: 5\n');
    const problem = await cliProblem(served.dataDir, folder);

    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(1);
    // The view names the file and why, in the command line's words.
    await expect(page.getByTestId('scenario-file-problem')).toHaveText(`expired.yaml${problem}`);
    const runAll = page.getByRole('button', { name: 'Run all' });
    await expect(runAll).toBeDisabled();
    await expect(page.getByTestId('run-all-blocked')).toHaveText(
      'Run all runs every file of the folder, so it runs nothing while there is 1 problem in 1 scenario file (see below): fix it and choose Open again. A scenario listed still runs alone with its Run.',
    );
    await page.getByRole('tab', { name: 'Earlier runs' }).click();
    await expect(page.getByTestId('earlier-runs-empty')).toBeVisible();
    await page.getByRole('tab', { name: 'Folder' }).click();

    // A scenario listed still runs alone: it was chosen, the broken file was not.
    await page.getByRole('button', { name: 'Run Declined' }).click();
    await expect(scenarios.summary()).toContainText('1 passed, 0 failed', { timeout: 30_000 });
    await expect(runAll).toBeDisabled();

    // Mended, the file counts once the folder is read again.
    writeFileSync(join(folder, 'expired.yaml'), 'name: Expired\nsteps:\n  - step: wait\n    for: 1ms\n');
    await expect(runAll).toBeDisabled();
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(2);
    await expect(page.getByTestId('run-all-blocked')).toHaveCount(0);
    await scenarios.runAll();
    await expect(scenarios.summary()).toContainText('2 passed, 0 failed', { timeout: 30_000 });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
