import type { OrderDetail, OrderListRequest, OrderPage } from '../../shared/contract/orders';
import { timelineSummarySchema } from '../../shared/events';
import { deriveLifecycle } from '../../shared/orders/derive-lifecycle';
import { summariseLifecycle } from '../../shared/orders/order-lifecycle';
import type { OrderRecord } from '../../shared/orders/order-record';
import { ConsoleError } from '../console-error';
import type { EventBus } from '../event-bus';
import type { OtherProcessesHandler } from '../other-processes-watch';
import type { Store } from '../store/open-store';
import { toOrderRecord } from './order-records-reader';

export interface OrdersServiceOptions {
  /** The orders repository and the writer. */
  store: Pick<Store, 'orders' | 'writer'>;
  bus: EventBus;
  /** Pushes for changes close together are sent as one. */
  coalesceMs?: number;
}

export interface OrdersService {
  /**
   * A page of the list; a text search never finds an order by a `hidden` secret its reference
   * echoes (the profiles' tokens).
   */
  list(
    request: Required<Pick<OrderListRequest, 'limit'>> & Omit<OrderListRequest, 'limit'>,
    hidden?: readonly string[],
  ): OrderPage;
  /**
   * One order's lifecycle and records; `shown` maps each record first, as a screen gets it (a
   * secret in its path masked), so the lifecycle's entries name what the records show.
   */
  detail(orderId: string, shown?: (record: OrderRecord) => OrderRecord): OrderDetail;
  /**
   * Resolves once every order whose records changed is derived again (the `orders` command
   * waits for it; the list answers at once and says it is catching up).
   */
  caughtUp(): Promise<void>;
  /**
   * Told by the one watch of other processes' commits (other-processes-watch.ts): pushes
   * `orders.changed` for the orders another process's records changed.
   */
  otherProcesses: OtherProcessesHandler;
  close(): void;
}

/** Stale orders read per write transaction, at most. */
const REFRESH_BATCH = 50;
/**
 * How long one step may derive on the event loop before it commits and yields. A listener's
 * request takes several turns (reading, judging, its commit, the answer), so what matters is
 * how long each turn is held: a 50-order batch was 8 ms alone and 100 ms and more at load 19,
 * and a webhook waited for ten of them.
 */
const STEP_BUDGET_MS = 4;
/** New records whose orders are marked per write transaction (ids): a ms or two each. */
const MARK_BATCH = 1000;

/**
 * The Orders list and each order's lifecycle, derived from the events table. The list reads
 * the `orders` summaries, re-deriving first whatever changed (whichever process wrote: new
 * records are marked here, changes and removals by triggers); one order's lifecycle is always
 * derived from its records as they are now.
 * The list derives one batch before it answers (a push's few changed orders: whole). More than
 * that (a flood of webhooks, an import) is derived one batch per turn of the event loop, so the
 * listener is never held up for it; meanwhile the list answers from what is derived so far and
 * says so (`catchingUp`), and each batch pushes `orders.changed` for the orders it derived.
 * Timeline pushes that carry an order id become `orders.changed` pushes, and so do other
 * processes' writes, as the shared watch of their commits reports them (`otherProcesses`).
 */
export function createOrdersService(options: OrdersServiceOptions): OrdersService {
  const { bus } = options;
  const { orders: index, writer } = options.store;
  const recordsOf = (orderId: string) => index.recordsOf(orderId).map(toOrderRecord);

  let closed = false;
  /**
   * Derives the batch's orders in turn, until `budgetMs` is up when one is given; returns those
   * it derived.
   */
  const refreshBatch = (batch: { orderId: string; seen: number }[], budgetMs: number | null): string[] => {
    const started = performance.now();
    const derived: string[] = [];
    for (const { orderId, seen } of batch) {
      const records = recordsOf(orderId);
      if (records.length === 0) index.remove(orderId, seen);
      else index.write(summariseLifecycle(deriveLifecycle(orderId, records)), seen);
      derived.push(orderId);
      // The rest stay stale, for the next step.
      if (budgetMs !== null && performance.now() - started > budgetMs) break;
    }
    return derived;
  };

  /** Whether every order's summary is derived from its records as they are now. */
  const current = () => index.unmarked() !== 'with_orders' && index.staleBatch(1).length === 0;

  /**
   * One step of the catch-up, inside a write: marks stale the orders of the next records stored
   * since the last look, by any process (migration 014: the listener no longer marks them in
   * its insert), and derives the next batch of stale orders. The write lock is held while the
   * records are read, so no other writer slips in between (and a summary written from stale
   * records is refused by its `seen` count anyway).
   */
  const step = (budgetMs: number | null): { derived: string[]; current: boolean } => {
    index.markNewRecords(MARK_BATCH);
    const derived = refreshBatch(index.staleBatch(REFRESH_BATCH), budgetMs);
    return { derived, current: current() };
  };

  /**
   * Before the list answers, on the event loop: one step, in one transaction (a push's re-list,
   * one new record of one order, commits once). Returns whether the summaries are now current.
   */
  function stepNow(): boolean {
    const unmarked = index.unmarked();
    // Records without orders (an import's) leave nothing for the list to show: the mark moves
    // on when the lock is free, never waiting here for another process's write.
    if (unmarked === 'orderless') markInBackground().catch(() => undefined);
    if (unmarked !== 'with_orders' && index.staleBatch(1).length === 0) return true;
    // The whole batch, however long it takes under load: a few changed orders are always whole.
    // Only if the lock is free: a read must not wait on another process's write (`orders` failed
    // with "database is locked" while an import held it); the list then answers from what is
    // derived, saying it is catching up, and the catch-up waits for the lock on a timer.
    return writer.tryWriteNow(() => step(null))?.result.current ?? false;
  }

  /** The same marking as a queued write: it waits for the lock on a timer, not on the event loop. */
  async function markInBackground(): Promise<void> {
    let more = true;
    while (more) more = await writer.write(() => index.markNewRecords(MARK_BATCH));
  }

  let catchingUp: Promise<void> | null = null;
  /**
   * The rest, as queued writes: each commits at the end of its turn of the event loop (the
   * listener's rows join it). After each step the catch-up rests on a timer as long as the step
   * took, so the turns between two steps are free: a request that needs several of them is not
   * held up by a step in each. A lock another process holds is waited for on a timer. A step
   * that fails ends this catch-up; the next list starts another.
   */
  function catchUp(): Promise<void> {
    catchingUp ??= (async () => {
      try {
        while (!closed) {
          const started = performance.now();
          const done = await writer.write(() => step(STEP_BUDGET_MS));
          if (closed) break;
          for (const orderId of done.derived) noteChanged(orderId);
          if (done.current) break;
          const took = performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, Math.min(took, 50)));
        }
      } finally {
        catchingUp = null;
      }
    })();
    return catchingUp;
  }

  const pending = new Set<string>();
  let pushTimer: NodeJS.Timeout | null = null;
  const flush = () => {
    pushTimer = null;
    if (pending.size === 0) return;
    const orderIds = [...pending];
    pending.clear();
    bus.publish('orders.changed', { orderIds });
  };
  const noteChanged = (orderId: string) => {
    pending.add(orderId);
    pushTimer ??= setTimeout(flush, options.coalesceMs ?? 100);
    pushTimer.unref();
  };

  const unsubscribe = bus.subscribe((event) => {
    if (event.name !== 'timeline.appended' && event.name !== 'timeline.updated') return;
    if (event.payload.orderId !== null) noteChanged(event.payload.orderId);
  });

  /** A look that failed (the lock stayed taken past its wait) is made again at the next quiet tick. */
  let lookAgain = false;
  /**
   * Marks what other processes stored as a queued write, so it never waits for the lock on the
   * event loop (an import in another process holds it for seconds in all), then pushes the
   * orders it made stale.
   */
  function lookAtOtherProcesses(): void {
    lookAgain = false;
    // The queued write may finish after the console closed its store: nothing is read then.
    // A read that fails otherwise is made again at the next quiet tick, like the write.
    markInBackground()
      .then(() => {
        if (closed) return;
        for (const { orderId } of index.staleBatch(500)) noteChanged(orderId);
      })
      .catch(() => {
        lookAgain = !closed;
      });
  }
  const otherProcesses: OtherProcessesHandler = {
    committed() {
      lookAtOtherProcesses();
      return false;
    },
    quiet() {
      if (lookAgain) lookAtOtherProcesses();
    },
  };

  return {
    list({ states, profileId, text, cursor, limit }, hidden = []) {
      const whole = stepNow();
      if (!whole) void catchUp().catch(() => undefined);
      const query = { states, profileId, text, hidden };
      const items = index.page(query, cursor, limit);
      const last = items.at(-1);
      return {
        items,
        nextCursor:
          items.length === limit && last !== undefined
            ? { lastMs: Date.parse(last.lastActivityAt), orderId: last.orderId }
            : null,
        total: index.count(query),
        catchingUp: whole ? null : index.backlog(),
      };
    },
    detail(orderId, shown = (record: OrderRecord) => record) {
      const records = recordsOf(orderId).map(shown);
      if (records.length === 0) throw ConsoleError.notFound(`Order ${orderId}`);
      return {
        lifecycle: deriveLifecycle(orderId, records),
        // The summaries only: bodies and details stay behind getEvent.
        records: records.map((record) => timelineSummarySchema.parse(record)),
      };
    },
    caughtUp: () => (stepNow() ? Promise.resolve() : catchUp()),
    otherProcesses,
    close() {
      closed = true;
      unsubscribe();
      if (pushTimer !== null) clearTimeout(pushTimer);
      pushTimer = null;
    },
  };
}
