import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath, projectRoot } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';
import { brokenSuiteFolder } from '../../fixtures/wrong-state-scenario';

const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };

const brokenSuite = () => brokenSuiteFolder(projectRoot, 'Wrong expected state', 'cc-e2e-runs-');

test('a run made in a tab that was then reloaded is kept under Earlier runs, and opens whole', async ({
  page,
  served,
}) => {
  test.setTimeout(90_000);
  const folder = brokenSuite();
  try {
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(2);
    await scenarios.runAll();
    await expect(scenarios.summary()).toContainText('1 passed, 1 failed', { timeout: 60_000 });
    // The tab's own run ends as its summary, not as a notice of a run it did not start.
    await expect(page.getByTestId('run-under-way')).toHaveCount(0);
    // The summary names the stored run, and opens it.
    await scenarios.summary().getByRole('button', { name: 'run #1' }).click();
    await expect(page.getByTestId('opened-run')).toContainText('Run #1');
    await page.getByRole('tab', { name: 'Folder' }).click();
    await expect(scenarios.summary()).toContainText('1 passed, 1 failed');

    // The tab is lost: the view comes back on the folder it had open (the address keeps it), each
    // card with its result as run #1 stored it; the live summary was the lost tab's.
    await page.reload();
    await expect(page.getByLabel('Folder of scenario files')).toHaveValue(folder);
    await expect(scenarios.card('Wrong expected state')).toHaveAttribute('data-status', 'failed');
    await expect(scenarios.card('Refund after capture')).toHaveAttribute('data-status', 'passed');
    await expect(scenarios.card('Refund after capture').getByTestId('scenario-stored-run')).toContainText(
      /run #1, \d+ seconds? ago/,
    );
    await expect(scenarios.summary()).toHaveCount(0);
    // Named relative to where the console runs (as the default `scenarios` is), it is the same
    // folder: a tab opened on it showed every card "not run", its runs stored under the full path.
    const typed = relative(process.cwd(), folder);
    // An address edited to it opens it, and keeps it: the view once wrote the folder it had open
    // back over the edit, or not, depending on which came first.
    await page.goto(`${page.url().replace(/#.*$/, '')}#/scenarios?folder=${encodeURIComponent(typed)}`);
    await expect(page.getByLabel('Folder of scenario files')).toHaveValue(typed);
    await expect(scenarios.card('Wrong expected state')).toHaveAttribute('data-status', 'failed');
    expect(new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('folder')).toBe(typed);
    await page.reload();
    await expect(page.getByLabel('Folder of scenario files')).toHaveValue(typed);
    await expect(scenarios.card('Wrong expected state')).toHaveAttribute('data-status', 'failed');
    await expect(scenarios.card('Refund after capture').getByTestId('scenario-stored-run')).toContainText(
      /run #1, \d+ seconds? ago/,
    );
    await page.getByRole('tab', { name: 'Earlier runs' }).click();
    const row = page.getByTestId('earlier-run');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('failed');
    await expect(row).toContainText('1 passed, 1 failed');
    await expect(row).toContainText('Scenarios view (browser)');

    await row.getByRole('button', { name: 'Open run #1' }).click();
    await expect(page).toHaveURL(/#\/scenarios\?run=1$/);
    const opened = page.getByTestId('opened-run');
    await expect(opened).toContainText('Run #1');
    const broken = opened.getByTestId('scenario-card').filter({ hasText: 'Wrong expected state' });
    await expect(broken).toHaveAttribute('data-status', 'failed');
    const failing = broken.locator('[data-testid="scenario-step"][data-status="failed"]');
    await expect(failing.getByTestId('diff-expected')).toHaveText('- "partially_captured"');
    await expect(failing.getByTestId('diff-actual')).toHaveText('+ "fully_captured"');
    await expect(failing.getByTestId('step-record-link').first()).toHaveAttribute(
      'href',
      /#\/timeline\?id=\d+/,
    );
    // What did not pass comes alone first; All shows the rest of the run.
    await expect(opened.getByTestId('scenario-card')).toHaveCount(1);
    await opened.getByText('All (2)').click();
    await expect(
      opened.getByTestId('scenario-card').filter({ hasText: 'Refund after capture' }),
    ).toHaveAttribute('data-status', 'passed');
    // A stored run is read, not run: its cards have no Run button.
    await expect(opened.getByTestId('scenario-card').getByRole('button', { name: /^Run / })).toHaveCount(0);

    // The link survives a reload, and All runs goes back to the list.
    await page.reload();
    await expect(page.getByTestId('opened-run')).toContainText('Run #1');
    await page.getByRole('button', { name: 'All runs' }).click();
    await expect(page.getByTestId('earlier-run')).toHaveCount(1);

    // The run's view goes to what its steps sent: its requests, not the listener's webhooks.
    await row.getByRole('button', { name: 'Open run #1' }).click();
    await page.getByRole('link', { name: 'Its records on the timeline' }).click();
    await expect(page).toHaveURL(/#\/timeline\?run=1$/);
    await expect(page.getByTestId('extra-filters')).toContainText('written by scenario run #1');
    const rows = page.getByTestId('timeline-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.getByTestId('record-kind').filter({ hasNotText: /^request$/ })).toHaveCount(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('runs from a terminal and a run whose console was killed are listed for what they are', async ({
  page,
  served,
}) => {
  test.setTimeout(90_000);
  const folder = brokenSuite();
  try {
    await openConsole(page, served, '#/scenarios?tab=runs');
    await expect(page.getByTestId('earlier-runs-empty')).toBeVisible();

    // `test` in another process, on the same data directory.
    await promisify(execFile)(
      process.execPath,
      [cliPath, '--data-dir', served.dataDir, 'test', join(folder, 'refund.yaml')],
      { env, encoding: 'utf8' },
    );
    // A run stored as running by a console killed ten minutes ago, its last mark nine ago.
    const db = new Database(join(served.dataDir, 'console.sqlite'));
    try {
      db.prepare(
        `INSERT INTO scenario_runs (uid, started_ms, front_door, profile_name, paths, alive_ms)
         VALUES ('killed', ?, 'desktop', 'Local', '["scenarios"]', ?)`,
      ).run(Date.now() - 10 * 60_000, Date.now() - 9 * 60_000);
    } finally {
      db.close();
    }
    await page.getByRole('button', { name: 'Refresh' }).click();
    const rows = page.getByTestId('earlier-run');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('interrupted');
    await expect(rows.nth(0)).toContainText('none finished');
    await expect(rows.nth(1)).toContainText('passed');
    await expect(rows.nth(1)).toContainText('checkout-console test');

    await rows
      .nth(0)
      .getByRole('button', { name: /Open run #/ })
      .click();
    await expect(page.getByTestId('run-interrupted')).toContainText(
      'the console running it was closed or killed',
    );
    await expect(page.getByTestId('opened-run')).toContainText('No scenario of this run finished.');

    // A run that is not there says so, and offers the way back.
    await page.goto(`${served.origin}/#/scenarios?run=999`);
    await expect(page.getByTestId('opened-run-error')).toContainText('No run #999 in this data directory.');
    // So do the Timeline and History, in the words `history --run 999` refuses it with, and
    // History offers no export of it.
    // Beside another filter, the line saying what each matches alone says so too, not
    // "Scenario run #999 0" as if the run were stored and had written nothing.
    await page.goto(`${served.origin}/#/timeline?run=999&kind=webhook`);
    const missing = page.getByTestId('extra-filters').locator('[data-problem="true"]');
    await expect(missing).toHaveText('No run #999 in this data directory');
    await expect(page.getByTestId('filters-alone')).toHaveText(
      /Alone: Kind webhook [\d,]+ · No run #999 in this data directory$/,
    );
    await page.goto(`${served.origin}/#/history?run=999`);
    await expect(missing).toHaveText('No run #999 in this data directory');
    await expect(page.getByRole('button', { name: /^Export (\d+ )?records?$/ })).toBeDisabled();
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test("a tab reloaded mid-run shows each result on its card as it is stored, and at the run's end", async ({
  page,
  served,
}) => {
  test.setTimeout(60_000);
  // One scenario passes at once, two each wait a few seconds: the tab is reloaded while the first
  // of those runs, so both end after it.
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-reattached-'));
  const set = 'steps:\n  - step: set\n    vars: { a: "1" }\n';
  const wait = 'steps:\n  - step: wait\n    for: 4s\n';
  writeFileSync(join(folder, 'a-quick.yaml'), `name: Quick one\n${set}`);
  writeFileSync(join(folder, 'b-slow.yaml'), `name: Slow one\n${wait}`);
  writeFileSync(join(folder, 'c-slower.yaml'), `name: Slower one\n${wait}`);
  try {
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(3);
    await scenarios.runAll();
    await expect(scenarios.card('Slow one')).toHaveAttribute('data-status', 'running');

    await page.reload();
    await expect(scenarios.card('Quick one')).toHaveAttribute('data-status', 'passed');
    const notice = page.getByTestId('run-under-way');
    // A result stored while the run goes on shows at once, not after a reload.
    await expect(scenarios.card('Slow one')).toHaveAttribute('data-status', 'passed', { timeout: 15_000 });
    await expect(scenarios.card('Slow one').getByTestId('scenario-stored-run')).toContainText('run #1');
    await expect(notice).toContainText('Run #1 is running');
    // And so does the last, when the run ends.
    await expect(notice).toContainText('Run #1 passed', { timeout: 15_000 });
    await expect(scenarios.card('Slower one')).toHaveAttribute('data-status', 'passed');
    await expect(scenarios.card('Slower one').getByTestId('scenario-stored-run')).toContainText('run #1');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
