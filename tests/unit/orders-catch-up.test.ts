import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createEventBus } from '../../src/main/event-bus';
import { createOrdersService } from '../../src/main/orders/orders-service';
import { createEventsRepository } from '../../src/main/store/events-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createOrdersRepository } from '../../src/main/store/orders-repository';
import { createStoreWriter } from '../../src/main/store/store-writer';
import { notification } from './helpers/order-events';
import { withConsoleFile } from './helpers/console-file';
import { rawRequest } from './helpers/http';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

// Opening Orders after a flood of webhooks derived every order waiting for it in one synchronous
// call: the listener (and every other request of the process) waited for all of it, seconds for
// a few thousand orders. The derivation now goes one short batch per turn of the event loop, and
// the list says it is catching up until it is done. Bounds here are counted in batches (turns),
// never in time: speed goals are bench/orders-catch-up.ts's.

const FLOODED = 3_000;
/** Orders derived per batch (orders-service.ts's REFRESH_BATCH). */
const BATCH = 50;
/**
 * Turns a webhook may take to be answered while the list derives, with room: its connection,
 * reads, judging, the commit and the answer took 10 batches here (before: all 60 of them).
 */
const TURNS = 30;

const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Orders whose summary is derived from their records as they are now. */
const derivedOrders = (dataDir: string) =>
  withConsoleFile(
    dataDir,
    (db) =>
      (
        db.prepare('SELECT count(*) AS n FROM orders WHERE stale = 0 AND record_count > 0').get() as {
          n: number;
        }
      ).n,
  );

describe('Orders catching up after a flood of webhooks', () => {
  let listening: ListeningConsole | null = null;
  afterEach(async () => {
    await listening?.dispose();
    listening = null;
  });

  it('a webhook posted while the list derives 3,000 orders is answered within a few batches, and the list says it is partial', async () => {
    listening = await openListeningConsole();
    const { core, origin, dataDir } = listening;
    core.recorder.recordMany(
      Array.from({ length: FLOODED }, (_, n) => notification(orderId(n), 'order_approved', 1_000 + n)),
    );
    let derivedWhenAnswered: number | null = null;
    const answered = rawRequest(`${origin}/`, { method: 'POST', body: '{}' }).then((response) => {
      derivedWhenAnswered = derivedOrders(dataDir);
      return response.status;
    });
    const first = core.orders.list({ limit: 10 });
    expect(await answered).toBe(200);
    expect(derivedWhenAnswered).not.toBeNull();
    expect(derivedWhenAnswered).toBeLessThanOrEqual(BATCH * TURNS);
    // What it shows is what is derived so far, and it says so.
    expect(first.catchingUp?.ordersToDerive).toBeGreaterThan(0);
    expect(first.total).toBeLessThan(FLOODED);

    // It carries on by itself, and says when it is done.
    await expect.poll(() => derivedOrders(dataDir), { timeout: 60_000 }).toBe(FLOODED);
    const done = core.orders.list({ limit: 10 });
    expect(done.catchingUp).toBeNull();
    expect(done.total).toBe(FLOODED);
    expect(done.items[0]).toMatchObject({ orderId: orderId(FLOODED - 1), state: 'approved' });
  });

  it('a few changed orders are derived before the list answers, which is then whole', async () => {
    listening = await openListeningConsole();
    const { core } = listening;
    core.recorder.recordMany([
      notification(orderId(1), 'order_approved', 1_000),
      notification(orderId(2), 'order_declined', 2_000),
    ]);
    const page = core.orders.list({ limit: 10 });
    expect(page.catchingUp).toBeNull();
    expect(page.items.map((item) => [item.orderId, item.state])).toEqual([
      [orderId(2), 'declined'],
      [orderId(1), 'approved'],
    ]);
  });
});

describe("a push's re-list (the Orders view open while webhooks arrive)", () => {
  it('derives only the order that changed, in one write', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    const events = createEventsRepository(db);
    const repository = createOrdersRepository(db);
    const read: string[] = [];
    const orders = {
      ...repository,
      recordsOf: (id: string) => {
        read.push(id);
        return repository.recordsOf(id);
      },
    };
    const plain = createStoreWriter(db);
    let writes = 0;
    const writer = {
      ...plain,
      writeNow: <T>(fn: () => T): T => {
        writes += 1;
        return plain.writeNow(fn);
      },
      // A list derives only when the lock is free, through this (a read never waits on a lock).
      tryWriteNow: <T>(fn: () => T): { result: T } | null => {
        writes += 1;
        return plain.tryWriteNow(fn);
      },
    };
    const service = createOrdersService({ store: { orders, writer }, bus: createEventBus() });
    try {
      for (let n = 0; n < 20; n += 1)
        for (const type of ['order_approved', 'order_authorised', 'order_captured'])
          events.insert(notification(orderId(n), type, 1_000 + n * 10));
      expect(service.list({ limit: 100 }).total).toBe(20);
      read.length = 0;
      writes = 0;
      // Each webhook's push makes the view list again: the new record's order is marked and
      // derived in one transaction (it was two commits), and no other order is read.
      events.insert(notification(orderId(7), 'order_declined', 5_000));
      const page = service.list({ limit: 100 });
      expect(page.items[0]).toMatchObject({ orderId: orderId(7), state: 'declined' });
      expect(read).toEqual([orderId(7)]);
      expect(writes).toBe(1);
      expect(page.catchingUp).toBeNull();
    } finally {
      service.close();
      db.close();
    }
  });
});
