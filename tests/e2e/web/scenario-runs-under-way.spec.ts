import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath, startServedConsole } from '../fixtures/serve-process';
import { toFront } from '../fixtures/front-tab';
import { ScenariosPage } from '../pages/scenarios-page';

/**
 * A suite whose first scenario passes at once and whose second waits ten minutes: a run of it is
 * under way, one of two finished, until someone cancels it.
 */
function waitingSuite(slowName = 'Slow one'): string {
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-under-way-'));
  writeFileSync(
    join(folder, 'a-quick.yaml'),
    'name: Quick one\nsteps:\n  - step: set\n    vars: { a: "1" }\n',
  );
  writeFileSync(
    join(folder, 'b-slow.yaml'),
    `name: ${JSON.stringify(slowName)}\nsteps:\n  - step: wait\n    for: 10m\n`,
  );
  return folder;
}

/**
 * A suite whose first scenario passes at once and whose second ends, passed, when the test says
 * so: its one step sends a notification to an endpoint here that answers only once `open()` is
 * called (and never sooner than a second after the request, so the run reads "in 1.0 s" or
 * more). `shut()` makes the next run wait again. A fixed wait had to outlast the view's reading
 * of the runs every 3 s with room to spare under load: 8 s a run.
 */
async function heldSuite() {
  let open = () => {};
  let opened = new Promise<void>((resolve) => (open = resolve));
  const endpoint = createServer((request, response) => {
    request.resume();
    const atLeast = new Promise((resolve) => setTimeout(resolve, 1_000));
    void Promise.all([opened, atLeast]).then(() => response.end('{}'));
  });
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/held`;
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-held-'));
  writeFileSync(
    join(folder, 'a-quick.yaml'),
    'name: Quick one\nsteps:\n  - step: set\n    vars: { a: "1" }\n',
  );
  writeFileSync(
    join(folder, 'b-held.yaml'),
    `name: Held one\nsteps:\n  - step: send-webhook\n    to: ${url}\n    token: none\n    body: {}\n`,
  );
  return {
    folder,
    open: () => open(),
    shut: () => {
      opened = new Promise<void>((resolve) => (open = resolve));
    },
    close: async () => {
      open();
      endpoint.closeAllConnections();
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Starts the suite in a tab and waits until its first scenario has passed. */
async function startInTab(page: Page, folder: string, slowName = 'Slow one'): Promise<void> {
  const scenarios = new ScenariosPage(page);
  await scenarios.openFolder(folder);
  await expect(page.getByTestId('scenario-card')).toHaveCount(2);
  await scenarios.runAll();
  await expect(scenarios.card('Quick one')).toHaveAttribute('data-status', 'passed');
  await expect(scenarios.card(slowName)).toHaveAttribute('data-status', 'running');
}

/** `test` of the suite in a terminal (another process on the data directory), once its first scenario passed. */
async function startTest(dataDir: string, folder: string) {
  const child = spawn(process.execPath, [cliPath, '--data-dir', dataDir, 'test', folder], {
    env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  await expect.poll(() => output, { timeout: 30_000 }).toContain('Quick one');
  return { child, exited, output: () => output };
}

/** What a tab opened mid-run shows of it: on the Folder tab, and as its line of Earlier runs. */
async function expectUnderWay(page: Page, from: string, progress: string): Promise<void> {
  const underWay = page.getByTestId('run-under-way');
  await expect(underWay).toHaveCount(1);
  await expect(underWay).toContainText('Run #1 is running');
  await expect(underWay).toContainText(from);
  await expect(underWay).toContainText(progress);
  // Nothing of it is taken for this tab's own run.
  await expect(page.getByTestId('scenarios-summary')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Earlier runs' }).click();
  const row = page.getByTestId('earlier-run');
  await expect(row.getByTestId('run-status')).toHaveText('running');
  await expect(row).toContainText('1 passed so far');
  await page.getByRole('tab', { name: 'Folder' }).click();
}

/**
 * The run ended where it ran: the tab's notice of it says so in place, without a reload, and
 * stays until it is dismissed (it used to vanish, leaving only Earlier runs to say how it ended).
 */
async function expectEndedInPlace(page: Page): Promise<void> {
  const notice = page.getByTestId('run-under-way');
  await expect(notice).toHaveAttribute('data-status', 'cancelled');
  await expect(notice).toHaveCount(1);
  await expect(notice).toContainText('Run #1 was cancelled');
  await expect(notice.getByTestId('run-ended-outcome')).toHaveText(
    /^1 passed, 0 failed, 1 skipped in \d+(\.\d+)? (ms|s) \(cancelled\)$/,
  );
  await expect(notice.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  // Its end is not this tab's run's summary either.
  await expect(page.getByTestId('scenarios-summary')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Earlier runs' }).click();
  const row = page.getByTestId('earlier-run');
  await expect(row.getByTestId('run-status')).toHaveText('cancelled');
  await expect(row).toContainText('1 passed, 1 skipped');
  await expect(row).not.toContainText('so far');
  await page.getByRole('tab', { name: 'Folder' }).click();
  await expect(notice).toContainText('Run #1 was cancelled');
  await notice.getByRole('button', { name: 'Dismiss the notice of run #1' }).click();
  await expect(notice).toHaveCount(0);
}

test('a run started in another tab is shown running, with its progress, and this tab can cancel it', async ({
  page,
  served,
  context,
}) => {
  test.setTimeout(90_000);
  const folder = waitingSuite();
  try {
    const starter = await context.newPage();
    await openConsole(starter, served, '#/scenarios');
    await startInTab(starter, folder);

    // This tab, brought to the front as a person switches to it (front-tab.ts).
    await toFront(page);
    await openConsole(page, served, '#/scenarios');
    await expectUnderWay(page, 'Scenarios view (browser)', '1 of 2 finished');
    const underWay = page.getByTestId('run-under-way');
    await expect(underWay).toContainText('now: Slow one');
    // The same console runs it, so this tab can stop it; its own Run all is still there.
    await underWay.getByRole('button', { name: 'Cancel run #1' }).click();
    await expectEndedInPlace(page);
    // The tab that started it ends it too, as its own run.
    await expect(starter.getByTestId('scenarios-summary')).toContainText('1 passed, 0 failed, 1 skipped');
    // Its own run is its summary, never a notice of a run it did not start.
    await expect(starter.getByTestId('run-under-way')).toHaveCount(0);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// A right-to-left name (Arabic, or ending in a right-to-left mark) took the text beside it into
// its own direction: "now: A, B" read "now: B ,A", and a profile's name swapped places with the
// " · " and the path after it. Each name someone wrote is now isolated (<bdi>).
test('the names a run under way shows are each isolated for direction', async ({ page, served, context }) => {
  test.setTimeout(90_000);
  const slowName = 'انتظار طويل 2\u200f';
  const folder = waitingSuite(slowName);
  try {
    const starter = await context.newPage();
    await openConsole(starter, served, '#/scenarios');
    await startInTab(starter, folder, slowName);

    // This tab, brought to the front as a person switches to it (front-tab.ts).
    await toFront(page);
    await openConsole(page, served, '#/scenarios');
    const underWay = page.getByTestId('run-under-way');
    await expect(underWay).toContainText('1 of 2 finished');
    await expect(underWay.locator('bdi')).toHaveText(['Local', folder, slowName]);
    await underWay.getByRole('button', { name: 'Cancel run #1' }).click();
    await expectEndedInPlace(page);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a run started by another console on the data directory is shown running, cancelled only there', async ({
  page,
  served,
  context,
}) => {
  test.setTimeout(90_000);
  const folder = waitingSuite();
  const second = await startServedConsole({}, served.dataDir);
  try {
    const starter = await context.newPage();
    await openConsole(starter, second, '#/scenarios');
    await startInTab(starter, folder);

    // This tab, brought to the front as a person switches to it (front-tab.ts).
    await toFront(page);
    await openConsole(page, served, '#/scenarios');
    await expectUnderWay(page, 'Scenarios view (browser)', '1 finished so far');
    const underWay = page.getByTestId('run-under-way');
    await expect(underWay.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
    await expect(underWay).toContainText('another console process');

    await toFront(starter);
    await starter.getByRole('button', { name: 'Cancel run' }).click();
    await toFront(page);
    await expectEndedInPlace(page);
  } finally {
    await second.stop();
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a run of `test` in a terminal is shown running, stopped only with Ctrl-C there', async ({
  page,
  served,
}) => {
  test.setTimeout(90_000);
  const folder = waitingSuite();
  const { child, exited, output } = await startTest(served.dataDir, folder);
  try {
    await openConsole(page, served, '#/scenarios');
    await expectUnderWay(page, 'checkout-console test', '1 finished so far');
    const underWay = page.getByTestId('run-under-way');
    await expect(underWay.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
    await expect(underWay).toContainText('Ctrl-C');

    child.kill('SIGINT');
    await exited;
    expect(output()).toContain('(cancelled)');
    await expectEndedInPlace(page);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a run whose terminal was killed stops being shown as running once its console is known gone', async ({
  page,
  served,
}) => {
  test.setTimeout(90_000);
  const folder = waitingSuite();
  const { child, exited } = await startTest(served.dataDir, folder);
  try {
    await openConsole(page, served, '#/scenarios');
    await expect(page.getByTestId('run-under-way')).toContainText('Run #1 is running');

    // Killed: nothing ends the run, it only stops saying it is alive (stored-runs.ts). Its last
    // mark is moved back past the limit rather than waited for.
    child.kill('SIGKILL');
    await exited;
    const db = new Database(join(served.dataDir, 'console.sqlite'));
    try {
      db.prepare('UPDATE scenario_runs SET started_ms = ?, alive_ms = ? WHERE id = 1').run(
        Date.now() - 10 * 60_000,
        Date.now() - 9 * 60_000,
      );
    } finally {
      db.close();
    }
    // The tab reads it again on its own, and says what it is in place, without a reload.
    const notice = page.getByTestId('run-under-way');
    await expect(notice).toHaveAttribute('data-status', 'interrupted');
    await expect(notice).toContainText('Run #1 was interrupted');
    await expect(notice.getByTestId('run-ended-outcome')).toHaveText(
      '1 passed, 0 failed (interrupted before its end)',
    );
    await expect(notice).toContainText('the console running it was closed or killed');
    await page.getByRole('tab', { name: 'Earlier runs' }).click();
    const row = page.getByTestId('earlier-run');
    await expect(row.getByTestId('run-status')).toHaveText('interrupted');
    await expect(row).toContainText('1 passed');
    await expect(row).not.toContainText('so far');
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
});

test('a run of `test` started while the Scenarios view is already open appears there without a reload', async ({
  page,
  served,
}) => {
  test.setTimeout(90_000);
  const folder = waitingSuite();
  // The view is read with nothing under way: it used to read the runs again only while one was
  // known running, so a run started afterwards in a terminal never showed until a reload.
  await openConsole(page, served, '#/scenarios');
  await expect(page.getByTestId('run-under-way')).toHaveCount(0);
  const { child, exited } = await startTest(served.dataDir, folder);
  try {
    // Its start was told against the time the view opened, before it: "Started in 3 seconds".
    await expect(page.getByTestId('run-under-way')).toContainText(/Started \d+ seconds? ago by/);
    await expectUnderWay(page, 'checkout-console test', '1 finished so far');
    await page.getByRole('tab', { name: 'Earlier runs' }).click();
    await expect(page.getByTestId('earlier-run')).toContainText(/\d+ seconds? ago/);
    await expect(page.getByTestId('earlier-run')).not.toContainText(/\bin \d+ seconds?/);
    await page.getByRole('tab', { name: 'Folder' }).click();
    child.kill('SIGINT');
    await exited;
    await expectEndedInPlace(page);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    rmSync(folder, { recursive: true, force: true });
  }
});

// With the Folder tab open, the notice of a `test` run in a terminal vanished when the run ended
// (and a killed one's a minute later, never reading "interrupted"). It ends in place: how the run
// ended, its counts and the run to open, until dismissed or another run starts.
test('the notice of a run of `test` ends in place, and stays until dismissed or another run starts', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  const held = await heldSuite();
  await openConsole(page, served, '#/scenarios');
  const notice = page.getByTestId('run-under-way');
  const first = await startTest(served.dataDir, held.folder);
  let second: Awaited<ReturnType<typeof startTest>> | null = null;
  try {
    await expect(notice).toContainText('Run #1 is running');
    held.open();
    await expect(first.exited).resolves.toBe(0);
    await expect(notice).toHaveAttribute('data-status', 'passed');
    await expect(notice).toContainText('Run #1 passed');
    await expect(notice.getByTestId('run-ended-outcome')).toHaveText(/^2 passed, 0 failed in \d+(\.\d+)? s$/);
    await expect(notice).toContainText('Started');
    await expect(notice).toContainText('by checkout-console test');
    // It stays, read again every few seconds, and after a visit to the run it opens.
    await expect(notice.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
    await notice.getByRole('button', { name: 'Open run #1' }).click();
    await expect(page.getByTestId('opened-run')).toContainText('Run #1');
    await page.getByRole('tab', { name: 'Folder' }).click();
    await expect(notice).toContainText('Run #1 passed');

    // Another run replaces it.
    held.shut();
    second = await startTest(served.dataDir, held.folder);
    await expect(notice).toContainText('Run #2 is running');
    await expect(notice).toHaveCount(1);
    held.open();
    await expect(second.exited).resolves.toBe(0);
    await expect(notice).toContainText('Run #2 passed');
    await notice.getByRole('button', { name: 'Dismiss the notice of run #2' }).click();
    await expect(notice).toHaveCount(0);
  } finally {
    for (const run of [first, second])
      if (run !== null && run.child.exitCode === null) run.child.kill('SIGKILL');
    await held.close();
  }
});
