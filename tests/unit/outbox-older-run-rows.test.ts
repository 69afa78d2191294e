import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';

// A build before 027 queued a `test` run's notifications in the shared outbox with no run owner,
// addressed to the run's own listener on a free port. One the run still owed when it ended (its
// listener answering 500, say) stayed pending, and the next emulator on the data directory
// (serve, `emulator`) sent it to that dead port after the upgrade: "Connection refused", up to
// its attempt limit. The run's own checkout request still says where it sent the order's
// notifications, so those are given up once, when a build with 028 opens the data directory.

const RUN_LISTENER = 'http://127.0.0.1:33907';
let uid = 0;

/** A data directory as the build before 027 left it. */
function before028(): Database.Database {
  const db = new Database(':memory:');
  migrate(
    db,
    migrations.filter((m) => m.id < 28),
  );
  return db;
}

/** A request record of a checkout, and whether (and with what) its notification URL was filled in. */
function checkoutRecord(
  db: Database.Database,
  orderId: string,
  notification: { url: string; injected: boolean },
) {
  const details = {
    operation: 'createCheckout',
    notification: { path: 'merchant_url.notification', ...notification },
  };
  return Number(
    db
      .prepare(
        `INSERT INTO events (uid, kind, at_ms, method, url, status, order_id, details)
         VALUES (?, 'request', 1000, 'POST', 'http://127.0.0.1:36543/checkout', 200, ?, ?)`,
      )
      .run(`u${++uid}`, orderId, JSON.stringify(details)).lastInsertRowid,
  );
}

/** A stored scenario run whose checkout step links `checkoutIds`. */
function storedRun(
  db: Database.Database,
  run: { frontDoor: string; status: string; aliveMs?: number },
  checkoutIds: number[],
): number {
  const runId = Number(
    db
      .prepare(
        `INSERT INTO scenario_runs (uid, started_ms, finished_ms, front_door, profile_name, status, alive_ms)
         VALUES (?, 1000, 2000, ?, 'Local', ?, ?)`,
      )
      .run(`run${++uid}`, run.frontDoor, run.status, run.aliveMs ?? null).lastInsertRowid,
  );
  const resultId = Number(
    db
      .prepare(
        `INSERT INTO scenario_results (run_id, position, file, name, started_ms, duration_ms, status)
         VALUES (?, 0, 'a.yaml', 'a', 1000, 10, 'passed')`,
      )
      .run(runId).lastInsertRowid,
  );
  db.prepare(
    `INSERT INTO scenario_steps (result_id, position, kind, title, started_ms, duration_ms, status, record_ids)
     VALUES (?, 0, 'checkout', 'checkout', 1000, 5, 'passed', ?)`,
  ).run(resultId, JSON.stringify(checkoutIds));
  return runId;
}

/** An outbox row as the build before 027 wrote it: no run owner. */
function queued(db: Database.Database, orderId: string, url: string, status = 'pending') {
  db.prepare(
    `INSERT INTO emulator_outbox (order_id, event_type, url, body, faults, attempts, max_attempts,
      next_attempt_at_ms, status, last_error, created_at_ms, updated_at_ms)
     VALUES (?, 'order_captured', ?, '{}', '{}', 1, 3, 5000, ?, 'The target answered 500.', 1000, 1000)`,
  ).run(orderId, url, status);
}

const outbox = (db: Database.Database) =>
  db
    .prepare<
      [],
      {
        order_id: string;
        status: string;
        attempts: number;
        next_attempt_at_ms: number | null;
        last_error: string | null;
      }
    >('SELECT order_id, status, attempts, next_attempt_at_ms, last_error FROM emulator_outbox ORDER BY id')
    .all();

describe('notifications an older build queued for a test run, to its own listener', () => {
  it('are given up when a newer build opens the data directory, naming the run and its listener', () => {
    const db = before028();
    const runId = storedRun(db, { frontDoor: 'cli', status: 'passed' }, [
      checkoutRecord(db, 'o-run', { url: RUN_LISTENER, injected: true }),
    ]);
    queued(db, 'o-run', RUN_LISTENER);
    queued(db, 'o-run', RUN_LISTENER);
    migrate(db, migrations);
    const words =
      `Not sent: it was addressed to the listener of test run #${runId} (${RUN_LISTENER}), which stopped with the run. ` +
      "An older build queued it without marking it as the run's own, so it was given up when a newer build opened the data directory, rather than sent to a port the run no longer listens on.";
    expect(outbox(db)).toEqual([
      { order_id: 'o-run', status: 'failed', attempts: 1, next_attempt_at_ms: null, last_error: words },
      { order_id: 'o-run', status: 'failed', attempts: 1, next_attempt_at_ms: null, last_error: words },
    ]);
  });

  it('leaves every other row as it was', () => {
    const db = before028();
    // The run's order, but to a URL the payload named itself (not the run's listener).
    storedRun(db, { frontDoor: 'cli', status: 'failed' }, [
      checkoutRecord(db, 'o-own-url', { url: 'http://127.0.0.1:9999/hook', injected: false }),
      checkoutRecord(db, 'o-run', { url: RUN_LISTENER, injected: true }),
    ]);
    queued(db, 'o-own-url', 'http://127.0.0.1:9999/hook');
    // Already over, either way.
    queued(db, 'o-run', RUN_LISTENER, 'delivered');
    queued(db, 'o-run', RUN_LISTENER, 'failed');
    // A `send` in a terminal, no run: the listener of a console that may still run.
    checkoutRecord(db, 'o-send', { url: 'http://127.0.0.1:4455', injected: true });
    queued(db, 'o-send', 'http://127.0.0.1:4455');
    // A run of the Scenarios view: its notifications went to its console's own listener.
    storedRun(db, { frontDoor: 'browser', status: 'passed' }, [
      checkoutRecord(db, 'o-view', { url: 'http://127.0.0.1:4456', injected: true }),
    ]);
    queued(db, 'o-view', 'http://127.0.0.1:4456');
    // A run an older build still has under way: it sends them itself.
    storedRun(db, { frontDoor: 'cli', status: 'running', aliveMs: Date.now() + 3_600_000 }, [
      checkoutRecord(db, 'o-live', { url: 'http://127.0.0.1:40001', injected: true }),
    ]);
    queued(db, 'o-live', 'http://127.0.0.1:40001');
    const rows = outbox(db);
    migrate(db, migrations);
    expect(outbox(db)).toEqual(rows);
  });

  it('a run that was killed long ago (stored as running, its mark old) counts as ended', () => {
    const db = before028();
    storedRun(db, { frontDoor: 'cli', status: 'running', aliveMs: 3000 }, [
      checkoutRecord(db, 'o-killed', { url: RUN_LISTENER, injected: true }),
    ]);
    queued(db, 'o-killed', RUN_LISTENER);
    migrate(db, migrations);
    expect(outbox(db)).toMatchObject([
      { status: 'failed', last_error: expect.stringMatching(/^Not sent: /) },
    ]);
  });
});
