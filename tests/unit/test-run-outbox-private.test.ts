import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { NO_FAULTS } from '../../src/shared/emulator';
import { withConsoleFile } from './helpers/console-file';
import { openEmulator, until, type EmulatorHarness } from './helpers/emulator-harness';
import { openTestRun, payAnOrder } from './helpers/test-run-console';

// The outbox is shared by every emulator on the data directory, and a test run's notifications go
// to the run's own listener on a free port, stopped with it. One the run still owed when it ended
// stayed pending: the next run's emulator (or serve's) sent it to that dead port, "Connection
// refused", up to its attempt limit.

const others: EmulatorHarness[] = [];
afterEach(async () => {
  for (const other of others.splice(0)) await other.dispose();
});

/** Another console on the run's data directory, its emulator running (serve, or the next run). */
async function anotherEmulatorOn(dataDir: string): Promise<EmulatorHarness> {
  const other = await openEmulator(dataDir);
  others.push(other);
  return other;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const deliveriesIn = (dataDir: string) =>
  withConsoleFile(dataDir, (db) =>
    db.prepare<[], { error: string | null }>("SELECT error FROM events WHERE kind = 'delivery'").all(),
  );

const outboxIn = (dataDir: string) =>
  withConsoleFile(dataDir, (db) =>
    db
      .prepare<[], { status: string; attempts: number; last_error: string | null }>(
        'SELECT status, attempts, last_error FROM emulator_outbox',
      )
      .all(),
  );

/**
 * A run whose notification waits `delayMs` before its first attempt (the order's delay fault: a
 * run's emulator injects none saved in the settings).
 */
async function runWithDelayedNotifications(delayMs: number) {
  const run = await openTestRun();
  await payAnOrder(run.core, { ...NO_FAULTS, delayMs });
  return run;
}

describe("a test run's notifications are its own", () => {
  it('one still owed when the run ends is given up, saying why, and a later emulator does not send it', async () => {
    const run = await runWithDelayedNotifications(800);
    await run.end();
    expect(outboxIn(run.dataDir)).toEqual([
      {
        status: 'failed',
        attempts: 0,
        last_error: expect.stringMatching(
          /^Not sent: the test run that queued it ended before it was delivered\./,
        ),
      },
    ]);
    await anotherEmulatorOn(run.dataDir);
    await pause(1_800);
    expect(deliveriesIn(run.dataDir)).toEqual([]);
  });

  it('while the run goes on, another console’s emulator on the data directory leaves them alone', async () => {
    const run = await runWithDelayedNotifications(600);
    // The run's emulator has not got to it yet (stopped, not ended: the run is still there).
    await run.core.emulator.stop();
    await anotherEmulatorOn(run.dataDir);
    await pause(1_800);
    expect(deliveriesIn(run.dataDir)).toEqual([]);
    expect(outboxIn(run.dataDir)).toMatchObject([{ status: 'pending', attempts: 0 }]);
  });

  it('one left by a run whose process died is given up by the next emulator, saying so, never sent', async () => {
    const run = await runWithDelayedNotifications(600);
    await run.core.emulator.stop();
    // As if the run had been killed: its notification names a process that is gone.
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    withConsoleFile(run.dataDir, (db) => db.prepare('UPDATE emulator_outbox SET run_pid = ?').run(gone));
    await anotherEmulatorOn(run.dataDir);
    await until(() => outboxIn(run.dataDir)[0]?.status !== 'pending', 'the notification to be given up');
    expect(outboxIn(run.dataDir)).toEqual([
      {
        status: 'failed',
        attempts: 0,
        last_error: expect.stringMatching(
          new RegExp(
            `^Not sent: the test run that queued it \\(pid ${gone}\\) ended without closing \\(it was stopped by force\\)`,
          ),
        ),
      },
    ]);
    expect(deliveriesIn(run.dataDir)).toEqual([]);
  });
});
