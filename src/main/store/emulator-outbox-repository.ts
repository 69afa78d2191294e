import type { Faults } from '../../shared/emulator';
import { faultsSchema } from '../../shared/emulator';
import type { SqliteDatabase } from './connection';
import { damagedColumnsOf, damagedDeliveryWords, faultsOfText, OUTBOX_COLUMNS } from './emulator-columns';

// The notifications the emulator owes, apart from its orders (emulator-orders-repository.ts): a
// table of its own, leased by whichever process sends each attempt.

export interface OutboxRow {
  id: number;
  orderId: string;
  eventType: string;
  /** Null for a notification with nowhere to go (status `unsent`). */
  url: string | null;
  body: string;
  faults: Faults;
  attempts: number;
  maxAttempts: number;
  nextAttemptAtMs: number | null;
  status: 'pending' | 'delivered' | 'failed' | 'dropped' | 'unsent';
  lastStatus: number | null;
  lastError: string | null;
  /**
   * Held back by the out-of-order fault until the order's next notification has gone out (its
   * next attempt time is then the longest it waits, null once that next one is queued).
   */
  heldForNext: boolean;
  createdAtMs: number;
  updatedAtMs: number;
  /**
   * Why the stored row is not what the console queued (emulator-columns.ts), naming the
   * delivery, its order and the columns; null when sound. Such a row is never sent.
   */
  damaged: string | null;
}

interface OutboxRecord {
  id: number;
  order_id: string;
  event_type: string;
  url: string | null;
  body: string;
  faults: string;
  attempts: number;
  max_attempts: number;
  next_attempt_at_ms: number | null;
  status: OutboxRow['status'];
  last_status: number | null;
  last_error: string | null;
  held_for_next: number;
  created_at_ms: number;
  updated_at_ms: number;
}

/**
 * An outbox row as stored. A damaged one is still listed (with stand-ins where a column cannot be
 * read) and carries why, so the dispatcher fails it rather than sending it, and the view says so.
 */
function toOutbox(record: OutboxRecord): OutboxRow {
  const damaged = damagedColumnsOf(OUTBOX_COLUMNS, { ...record });
  const read = <T>(value: T, guard: (value: unknown) => boolean, standIn: T): T =>
    guard(value) ? value : standIn;
  const int = (value: unknown) => typeof value === 'number' && Number.isInteger(value);
  const textOrNull = (value: unknown) => value === null || typeof value === 'string';
  const intOrNull = (value: unknown) => value === null || int(value);
  return {
    id: record.id,
    orderId: read(record.order_id, (value) => typeof value === 'string', ''),
    eventType: read(record.event_type, (value) => typeof value === 'string', ''),
    url: read(record.url, textOrNull, null),
    body: read(record.body, (value) => typeof value === 'string', ''),
    faults:
      (typeof record.faults === 'string' ? faultsOfText(record.faults) : null) ?? faultsSchema.parse({}),
    attempts: read(record.attempts, int, 0),
    maxAttempts: read(record.max_attempts, int, 0),
    nextAttemptAtMs: read(record.next_attempt_at_ms, intOrNull, null),
    status: record.status,
    lastStatus: read(record.last_status, intOrNull, null),
    lastError: read(record.last_error, textOrNull, null),
    heldForNext: record.held_for_next === 1,
    createdAtMs: read(record.created_at_ms, int, 0),
    updatedAtMs: read(record.updated_at_ms, int, 0),
    damaged: damaged.length === 0 ? null : damagedDeliveryWords(record.id, record.order_id, damaged),
  };
}

/**
 * The `test` run whose emulator queued a notification: only it sends the notification (its
 * dispatcher, `owner`), and its process (`pid`, `start`: process-identity.ts) says whether it is
 * still there to.
 */
export interface RunOwner {
  owner: string;
  pid: number;
  start: string | null;
}

/**
 * Notifications the emulator owes the merchant, with their attempts so far. Every process that
 * runs an emulator on the data directory reads the same outbox; an attempt is made only by the
 * process that leased it (`claim`), and its outcome is saved only under that lease.
 */
export function createEmulatorOutboxRepository(db: SqliteDatabase) {
  const insert = db.prepare(`INSERT INTO emulator_outbox (order_id, event_type, url, body, faults, attempts,
    max_attempts, next_attempt_at_ms, status, last_error, held_for_next, created_at_ms, updated_at_ms,
    run_owner, run_pid, run_start)
    VALUES (@orderId, @eventType, @url, @body, @faults, 0, @maxAttempts, @nextAttemptAtMs, @status, @lastError,
    @heldForNext, @nowMs, @nowMs, @runOwner, @runPid, @runStart)`);
  const update =
    db.prepare(`UPDATE emulator_outbox SET attempts = @attempts, next_attempt_at_ms = @nextAttemptAtMs,
    status = @status, last_status = @lastStatus, last_error = @lastError, updated_at_ms = @updatedAtMs,
    lease_owner = NULL, lease_until_ms = NULL WHERE id = @id AND lease_owner IS @owner`);
  const unleased = '(lease_until_ms IS NULL OR lease_until_ms <= @now)';
  // A dispatcher sends the notifications of its run (`run_owner` its own), or, not a run's, those of none.
  const sentBy = 'run_owner IS @runOwner';
  const due = db.prepare<{ now: number; runOwner: string | null }, OutboxRecord>(
    `SELECT * FROM emulator_outbox WHERE status = 'pending' AND next_attempt_at_ms <= @now AND ${unleased}
    AND ${sentBy} ORDER BY next_attempt_at_ms, id`,
  );
  // A leased attempt is due again only when its lease runs out (its process may have died).
  const nextDue = db.prepare<{ runOwner: string | null }, { at: number | null }>(
    `SELECT MIN(max(next_attempt_at_ms, coalesce(lease_until_ms, 0))) AS at FROM emulator_outbox
    WHERE status = 'pending' AND ${sentBy}`,
  );
  const runsOwing = db.prepare<[], { run_owner: string; run_pid: number; run_start: string | null }>(
    "SELECT DISTINCT run_owner, run_pid, run_start FROM emulator_outbox WHERE status = 'pending' AND run_owner IS NOT NULL",
  );
  const giveUpRun = db.prepare(`UPDATE emulator_outbox SET status = 'failed', next_attempt_at_ms = NULL,
    last_error = @error, updated_at_ms = @now, lease_owner = NULL, lease_until_ms = NULL
    WHERE status = 'pending' AND run_owner = @runOwner`);
  const claim = db.prepare(`UPDATE emulator_outbox SET lease_owner = @owner, lease_until_ms = @until
    WHERE id = @id AND status = 'pending' AND attempts = @attempts AND next_attempt_at_ms <= @now AND ${unleased}`);
  // A held notification not yet attempted, of one order (a leased one is going out at its hold's end).
  const heldOf = `order_id = @orderId AND held_for_next = 1 AND status = 'pending' AND attempts = 0`;
  const waitForNext = db.prepare(`UPDATE emulator_outbox SET next_attempt_at_ms = NULL, updated_at_ms = @now
    WHERE ${heldOf} AND ${unleased}`);
  const release = db.prepare(`UPDATE emulator_outbox SET held_for_next = 0, next_attempt_at_ms = @now,
    updated_at_ms = @now WHERE ${heldOf} AND id < @id`);
  // Whatever its other columns hold: one UPDATE, so of two processes that saw it due, one fails it.
  const failDamaged = db.prepare(`UPDATE emulator_outbox SET status = 'failed', next_attempt_at_ms = NULL,
    last_error = @error, updated_at_ms = @now, lease_owner = NULL, lease_until_ms = NULL
    WHERE id = @id AND status = 'pending' AND ${unleased}`);
  const newest = db.prepare<[number], OutboxRecord>('SELECT * FROM emulator_outbox ORDER BY id DESC LIMIT ?');
  const byId = db.prepare<[number], OutboxRecord>('SELECT * FROM emulator_outbox WHERE id = ?');
  const ofEvent = db.prepare<{ orderId: string; eventType: string }, OutboxRecord>(
    'SELECT * FROM emulator_outbox WHERE order_id = @orderId AND event_type = @eventType ORDER BY id',
  );
  return {
    add(entry: {
      orderId: string;
      eventType: string;
      url: string | null;
      body: string;
      faults: Faults;
      maxAttempts: number;
      nextAttemptAtMs: number | null;
      status: OutboxRow['status'];
      /** Why it is not sent (an `unsent` row), else left out. */
      lastError?: string;
      /** Held back until the order's next notification has gone out (the out-of-order fault). */
      heldForNext?: boolean;
      /** Queued by a `test` run's emulator: only that run sends it. */
      run?: RunOwner | null;
      nowMs: number;
    }): number {
      const { run, ...fields } = entry;
      return Number(
        insert.run({
          ...fields,
          runOwner: run?.owner ?? null,
          runPid: run?.pid ?? null,
          runStart: run?.start ?? null,
          lastError: entry.lastError ?? null,
          heldForNext: entry.heldForNext === true ? 1 : 0,
          faults: JSON.stringify(entry.faults),
        }).lastInsertRowid,
      );
    },
    /**
     * The order's held notifications wait for the one about to be queued, however long it takes
     * (their next attempt time cleared); true when there was one, so that one is their "next".
     */
    waitForNext(orderId: string, nowMs: number): boolean {
      return waitForNext.run({ orderId, now: nowMs }).changes > 0;
    },
    /** Lets the order's notifications held before `id` go now: `id`, their next one, has gone out. */
    releaseHeldBefore(orderId: string, id: number, nowMs: number): void {
      release.run({ orderId, id, now: nowMs });
    },
    /**
     * Leases the row's next attempt to `owner` until `untilMs`: true when this process may make
     * it. One UPDATE, so of two processes that saw the row due, exactly one gets it.
     */
    claim(row: OutboxRow, owner: string, nowMs: number, untilMs: number): boolean {
      return (
        claim.run({ id: row.id, attempts: row.attempts, owner, now: nowMs, until: untilMs }).changes === 1
      );
    },
    /** Fails a pending row whose stored columns are damaged, saying why; false if another process did. */
    failDamaged(id: number, error: string, nowMs: number): boolean {
      return failDamaged.run({ id, error, now: nowMs }).changes === 1;
    },
    /** Saves an attempt's outcome and ends the lease; false if the lease was lost meanwhile. */
    save(row: OutboxRow, owner: string | null = null): boolean {
      return update.run({ ...row, owner }).changes === 1;
    },
    get(id: number): OutboxRow | undefined {
      const record = byId.get(id);
      return record === undefined ? undefined : toOutbox(record);
    },
    /**
     * Pending rows whose next attempt is due and not leased by another process, of the run
     * `runOwner` (null: those no run queued).
     */
    due(nowMs: number, runOwner: string | null = null): OutboxRow[] {
      return due.all({ now: nowMs, runOwner }).map(toOutbox);
    },
    nextDueMs(runOwner: string | null = null): number | null {
      return nextDue.get({ runOwner })?.at ?? null;
    },
    /** The runs that still owe notifications. */
    runsOwing(): RunOwner[] {
      return runsOwing.all().map((row) => ({ owner: row.run_owner, pid: row.run_pid, start: row.run_start }));
    },
    /** Gives up every notification the run still owes, saying why; how many there were. */
    giveUpRun(runOwner: string, error: string, nowMs: number): number {
      return giveUpRun.run({ runOwner, error, now: nowMs }).changes;
    },
    newest(limit: number): OutboxRow[] {
      return newest.all(limit).map(toOutbox);
    },
    /** The order's `eventType` notifications, oldest first (two when the Duplicate fault queued a copy). */
    ofEvent(orderId: string, eventType: string): OutboxRow[] {
      return ofEvent.all({ orderId, eventType }).map(toOutbox);
    },
  };
}
export type EmulatorOutboxRepository = ReturnType<typeof createEmulatorOutboxRepository>;
