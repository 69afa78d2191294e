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
  /** Re-derives every order whose records changed; returns their ids. */
  refresh(): string[];
  /**
   * Told by the one watch of other processes' commits (other-processes-watch.ts): pushes
   * `orders.changed` for the orders another process's records changed.
   */
  otherProcesses: OtherProcessesHandler;
  close(): void;
}

/** Stale orders derived per write transaction: short, so another process's writes wait little. */
const REFRESH_BATCH = 50;
const MAX_REFRESH_ROUNDS = 1000;
/** New records whose orders are marked per write transaction (ids): a few ms each. */
const MARK_BATCH = 5000;

/**
 * The Orders list and each order's lifecycle, derived from the events table. The list reads
 * the `orders` summaries, re-deriving first whatever changed (whichever process wrote: new
 * records are marked here, changes and removals by triggers); one order's lifecycle is always
 * derived from its records as they are now.
 * Timeline pushes that carry an order id become `orders.changed` pushes, and so do other
 * processes' writes, as the shared watch of their commits reports them (`otherProcesses`).
 */
export function createOrdersService(options: OrdersServiceOptions): OrdersService {
  const { bus } = options;
  const { orders: index, writer } = options.store;
  const recordsOf = (orderId: string) => index.recordsOf(orderId).map(toOrderRecord);

  const refreshBatch = (batch: { orderId: string; seen: number }[]) => {
    for (const { orderId, seen } of batch) {
      const records = recordsOf(orderId);
      if (records.length === 0) index.remove(orderId, seen);
      else index.write(summariseLifecycle(deriveLifecycle(orderId, records)), seen);
    }
  };

  /**
   * Marks stale the orders of records stored since the last look, by any process (migration
   * 014: the listener no longer marks them in its insert). Before the list is read or pushed,
   * so neither misses a stored record.
   */
  function markNewRecords(): void {
    const unmarked = index.unmarked();
    if (unmarked === 'none') return;
    // Records without orders (an import's) leave nothing for the list to show: the mark moves
    // on when the lock is free, never waiting here for another process's write.
    if (unmarked === 'orderless') {
      markInBackground().catch(() => undefined);
      return;
    }
    let more = true;
    while (more) more = writer.writeNow(() => index.markNewRecords(MARK_BATCH));
  }

  /** The same marking as a queued write: it waits for the lock on a timer, not on the event loop. */
  async function markInBackground(): Promise<void> {
    let more = true;
    while (more) more = await writer.write(() => index.markNewRecords(MARK_BATCH));
  }

  function refresh(): string[] {
    markNewRecords();
    const changed: string[] = [];
    for (let round = 0; round < MAX_REFRESH_ROUNDS; round += 1) {
      const batch = index.staleBatch(REFRESH_BATCH);
      if (batch.length === 0) break;
      // The writer takes the write lock before the records are read, so no other writer slips in
      // between (and a summary written from stale records is refused by its `seen` count anyway).
      writer.writeNow(() => refreshBatch(batch));
      changed.push(...batch.map((entry) => entry.orderId));
    }
    return changed;
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
  let closed = false;
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
      refresh();
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
    refresh,
    otherProcesses,
    close() {
      closed = true;
      unsubscribe();
      if (pushTimer !== null) clearTimeout(pushTimer);
      pushTimer = null;
    },
  };
}
