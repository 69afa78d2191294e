import { randomUUID } from 'node:crypto';
import { createIdentityCheck } from '../running-addresses/process-identity';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { OutboxRow, RunOwner } from '../store/emulator-outbox-repository';
import { attemptDelivery } from './delivery-attempt';
import type { DispatcherDependencies } from './dispatcher-dependencies';
import { notificationBody } from './notification-body';
import { RUN_ENDED_WORDS, runLeftBehindWords, runsLeftBehind, thisRun } from './run-owned-notifications';
import { notificationTarget, whyNotQueued } from './notification-url';
import { withMoneyAmounts } from './money-written';

/** How often the outbox is looked at for what other processes queued (or left behind). */
const OUTBOX_POLL_MS = 1000;
/** A lease outlives the attempt's timeout by this much (signing, recording). */
const LEASE_MARGIN_MS = 30_000;
/**
 * How long a run's own emulator, closing, lets the attempts in flight wait for their answer
 * before cancelling them: its listener, in the same process, answers in milliseconds.
 */
export const RUN_CLOSE_GRACE_MS = 2_000;

export interface WebhookDispatcher {
  /** Queues the notification of a move, applying the order's (or the emulator's) faults. */
  enqueue(order: EmulatorOrderRow, eventType: string, data: unknown): void;
  /** Where this order's `eventType` notification goes now (null: nowhere; see notificationTarget). */
  targetOf(order: EmulatorOrderRow, eventType: string): string | null;
  /** The order's `eventType` notifications in the outbox, oldest first, as they stand now. */
  notificationsOf(orderId: string, eventType: string): OutboxRow[];
  /** Delivers whatever is due now; resolves when those attempts are done. */
  runDue(): Promise<void>;
  /** Looks at the outbox again (after a start or a restart) and waits for the next due delivery. */
  resume(): void;
  /** Stops scheduling; resolves once the attempts in flight have been recorded. */
  stop(): Promise<void>;
  /**
   * Stops for good, as the console closes: as stop(), except that a run's own emulator first
   * lets the attempts in flight get their answer (at most RUN_CLOSE_GRACE_MS), then gives up
   * what the run still owes, saying why.
   */
  close(): Promise<void>;
}

const defaultTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, Math.max(0, Math.min(ms, 2_147_483_647)));
  handle.unref();
  return { cancel: () => clearTimeout(handle) };
};

/**
 * Sends notifications from a persistent outbox: each attempt is recorded as a `delivery` on the
 * timeline; a non-2xx answer or a timeout is retried with backoff up to the attempt limit; the
 * outbox survives a restart and resumes. Faults (delay, duplicate, out of order, spoiled token,
 * drop) are decided when a notification is queued, and recorded with every attempt.
 *
 * The outbox is shared by every process running an emulator on the data directory: each
 * attempt is leased in the database first (`claim`), so it goes out exactly once whichever
 * process makes it; the outbox is looked at every second for attempts queued elsewhere, or
 * left by a process that stopped. Writes go through the store's writer (they never hold up the
 * event loop while another process writes).
 */
export function createWebhookDispatcher(deps: DispatcherDependencies): WebhookDispatcher {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? defaultTimer;
  const owner = `${process.pid}:${randomUUID()}`;
  // A run's own emulator sends only what it queued, and other emulators leave that alone.
  const run = deps.ownedByRun === true ? thisRun(owner) : null;
  const runOwner = run?.owner ?? null;
  const processAlive = deps.processAlive ?? createIdentityCheck();
  let timer: { cancel: () => void } | null = null;
  // Deliveries are made only while this process runs the emulator (from resume() to stop()).
  // A process that only moved an order (`emulator pay` in a terminal, a console whose emulator
  // is stopped) queues the notification for the emulator running elsewhere on the data
  // directory: it delivered it itself before, and its exit cut the attempt short, leaving a
  // failed delivery ("Cancelled before an answer arrived.") beside the real one.
  let stopped = true;
  // Stopping cancels the attempts waiting for an answer: Stop, Restart and Ctrl+C never wait out
  // a silent merchant's timeout (up to two minutes).
  let stopping = new AbortController();
  const inFlight = new Set<number>();

  const schedule = () => {
    timer?.cancel();
    timer = null;
    if (stopped) return;
    const next = deps.outbox.nextDueMs(runOwner);
    const wait = next === null ? OUTBOX_POLL_MS : Math.min(next - now(), OUTBOX_POLL_MS);
    timer = setTimer(() => void runDue(), wait);
  };

  /**
   * A notification that never goes out, recorded as a delivery that says why: dropped by
   * fault injection, or with nowhere to go (no URL in the checkout request, no webhook
   * registered for its event), so the timeline and `emulator`'s lines say so rather than
   * nothing happening.
   */
  const recordNotSent = (
    order: EmulatorOrderRow,
    eventType: string,
    body: string,
    why: { url: string | null; error: string; details: Record<string, unknown> },
  ) => {
    const signer = deps.signer();
    deps.recorder.record({
      kind: 'delivery',
      profileId: signer.profileId,
      profileName: signer.profileName,
      method: 'POST',
      url: why.url,
      path: why.url === null ? null : safePath(why.url),
      requestBody: new TextEncoder().encode(body),
      orderId: order.orderId,
      orderReferenceId: order.referenceId,
      eventType,
      error: why.error,
      details: { attempt: 0, ...why.details },
    });
  };

  function enqueue(order: EmulatorOrderRow, eventType: string, data: unknown): void {
    const settings = deps.settings();
    // Its Money in the form the settings say when it is queued, as its faults are (money-written.ts).
    const body = JSON.stringify(
      notificationBody(order, eventType, withMoneyAmounts(data, settings.moneyAmounts)),
    );
    const url = notificationTarget(order, eventType, settings);
    const faults = order.faults ?? settings.faults;
    const at = now();
    const error = whyNotQueued(order, eventType, settings);
    if (error !== null) {
      // In the outbox too, so the Emulator view lists it beside the ones that went out.
      deps.outbox.add({
        orderId: order.orderId,
        eventType,
        url,
        body,
        faults,
        maxAttempts: 0,
        nextAttemptAtMs: null,
        status: 'unsent',
        lastError: error,
        run,
        nowMs: at,
      });
      recordNotSent(order, eventType, body, { url, error, details: { unsent: true } });
      deps.onChange?.();
      return;
    }
    if (url === null) return;
    const entry = { orderId: order.orderId, eventType, url, body, faults };
    const add = (status: 'dropped' | 'pending', nextAttemptAtMs: number | null, heldForNext = false) =>
      deps.outbox.add({
        ...entry,
        maxAttempts: settings.attempts,
        nextAttemptAtMs,
        status,
        heldForNext,
        run,
        nowMs: at,
      });
    if (faults.drop) {
      add('dropped', null);
      recordNotSent(order, eventType, body, {
        url,
        error: 'Dropped by fault injection: never sent.',
        details: { faults, dropped: true },
      });
      deps.onChange?.();
      return;
    }
    // Out of order: this one is held until the order's next notification has gone out (at most
    // outOfOrderMs while none is queued), unless it is itself the next one of a held notification,
    // which then waits for it: with the fault on every notification they go in swapped pairs.
    const held = !deps.outbox.waitForNext(order.orderId, at) && faults.outOfOrder;
    const first = at + faults.delayMs + (held ? settings.outOfOrderMs : 0);
    for (let copy = 0; copy < (faults.duplicate ? 2 : 1); copy++) add('pending', first, held);
    deps.onChange?.();
    if (first <= at) void runDue();
    else schedule();
  }

  /**
   * The first attempt of a notification that is not held itself has been made (whatever its
   * answer): the order's notifications held for it go now, after it.
   */
  function releaseHeld(row: OutboxRow): void {
    if (row.attempts === 0 && !row.heldForNext) deps.outbox.releaseHeldBefore(row.orderId, row.id, now());
  }

  /**
   * Due rows whose stored columns are damaged (a hand edit, a bad copy) fail at once, naming the
   * delivery, its order and the columns, on the timeline too: sent, a body that is not the JSON
   * the console queued would go out as if it were, faults that cannot be read as the defaults.
   */
  async function failDamaged(rows: readonly OutboxRow[], at: number): Promise<void> {
    const signer = deps.signer();
    await deps.recorder.inGroup(() => {
      for (const row of rows) {
        const error = `${row.damaged ?? ''}: not sent, as it is not what the console queued.`;
        if (!deps.outbox.failDamaged(row.id, error, at)) continue;
        releaseHeld(row);
        deps.recorder.record({
          kind: 'delivery',
          profileId: signer.profileId,
          profileName: signer.profileName,
          method: 'POST',
          url: row.url,
          path: row.url === null ? null : safePath(row.url),
          orderId: row.orderId === '' ? null : row.orderId,
          eventType: row.eventType === '' ? null : row.eventType,
          error,
          details: { attempt: 0, outboxId: row.id, damaged: true },
        });
      }
    });
    deps.onChange?.();
  }

  /** The due rows this process leased (another process may have leased some first). */
  async function claimDue(): Promise<OutboxRow[]> {
    const at = now();
    const due = deps.outbox.due(at, runOwner).filter((row) => !inFlight.has(row.id));
    const damaged = due.filter((row) => row.damaged !== null);
    if (damaged.length > 0) await failDamaged(damaged, at);
    const candidates = due.filter((row) => row.damaged === null);
    if (candidates.length === 0) return [];
    const leaseUntil = at + deps.settings().timeoutMs + LEASE_MARGIN_MS;
    return deps.recorder.inGroup(() =>
      candidates.filter((row) => deps.outbox.claim(row, owner, at, leaseUntil)),
    );
  }

  /** What runs killed before they could end still owe: given up, saying so (never sent). */
  async function giveUpLeftBehind(gone: readonly RunOwner[]): Promise<void> {
    await deps.recorder.inGroup(() => {
      for (const left of gone) deps.outbox.giveUpRun(left.owner, runLeftBehindWords(left.pid), now());
    });
    deps.onChange?.();
  }

  /** The run ends: what it still owes is given up, saying why. */
  async function giveUpOwn(): Promise<void> {
    if (run === null) return;
    try {
      const given = await deps.recorder.inGroup(() =>
        deps.outbox.giveUpRun(run.owner, RUN_ENDED_WORDS, now()),
      );
      if (given > 0) deps.onChange?.();
    } catch {
      // Not written now (the database failed): the next emulator finds this process gone and does it.
    }
  }

  // Passes under way: closing waits for them, so no attempt records into a closed database.
  const passes = new Set<Promise<unknown>>();
  async function runDue(): Promise<void> {
    if (stopped) return;
    let due: OutboxRow[] = [];
    try {
      // A read first: nearly always no run has left anything, and then nothing waits.
      const gone = runsLeftBehind(deps.outbox, runOwner, processAlive);
      if (gone.length > 0) await giveUpLeftBehind(gone);
      if (stopped) return;
      due = (await claimDue()).filter((row) => !inFlight.has(row.id));
    } catch {
      // The outbox could not be read or leased now (the database busy past its wait): next time.
      schedule();
      return;
    }
    for (const row of due) inFlight.add(row.id);
    const pass = Promise.all(
      due.map((row) =>
        attemptDelivery(row, { deps, now, owner, signal: stopping.signal, releaseHeld })
          // An outcome that could not be saved (the console closed mid-attempt, the database
          // failed) leaves the lease to run out; the attempt is then made again, once.
          .catch(() => undefined)
          .finally(() => {
            inFlight.delete(row.id);
            // Its retry (1 s, then 5 s) may be due before the next look: looked for from now.
            if (stopped) return;
            deps.onChange?.();
            schedule();
          }),
      ),
    );
    passes.add(pass);
    // The next look is set now, not once the pass ends: a merchant slow to answer (up to the
    // attempt timeout, two minutes at most) held back every notification due meanwhile, another
    // order's or one queued by `emulator pay` in a terminal, and every retry with it.
    schedule();
    try {
      await pass;
    } finally {
      passes.delete(pass);
    }
  }

  /** Stops scheduling; the attempts in flight get `graceMs` to be answered, then are cancelled. */
  async function stop(graceMs: number): Promise<void> {
    stopped = true;
    timer?.cancel();
    timer = null;
    if (graceMs > 0 && passes.size > 0) await settledWithin([...passes], graceMs);
    stopping.abort();
    await Promise.allSettled([...passes]);
  }

  return {
    enqueue,
    targetOf: (order, eventType) => notificationTarget(order, eventType, deps.settings()),
    notificationsOf: (orderId, eventType) => deps.outbox.ofEvent(orderId, eventType),
    runDue,
    resume() {
      stopped = false;
      if (stopping.signal.aborted) stopping = new AbortController();
      void runDue();
    },
    stop: () => stop(0),
    async close() {
      await stop(run === null ? 0 : RUN_CLOSE_GRACE_MS);
      await giveUpOwn();
    },
  };
}

/** Resolves once every promise has settled, or after `ms`, whichever comes first. */
async function settledWithin(promises: readonly Promise<unknown>[], ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled(promises),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

const safePath = (url: string): string | null => URL.parse(url)?.pathname ?? null;
