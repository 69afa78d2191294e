import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { openDatabase } from '../../src/main/store/connection';
import { createEventsRepository, type NewEvent } from '../../src/main/store/events-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createOrdersService } from '../../src/main/orders/orders-service';
import { createEventBus } from '../../src/main/event-bus';
import type { PushEvent } from '../../src/shared/contract';
import { body, createCheckout, notification } from './helpers/order-events';
import { openTempConsole } from './helpers/temp-console';
import { withConsoleFile } from './helpers/console-file';
import { createOrdersRepository } from '../../src/main/store/orders-repository';
import { createStoreWriter } from '../../src/main/store/store-writer';

const ORDER_A = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ORDER_B = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const ORDER_C = '16fd2706-8baf-433b-82eb-8c7fada847da';

describe('orders service', () => {
  let core: ConsoleCore;
  let dataDir: string;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ core, dataDir, dispose } = await openTempConsole());
  });
  afterEach(async () => dispose());

  function seed() {
    core.recorder.recordMany([
      createCheckout(ORDER_A, 'REF-ALPHA', 1_000),
      createCheckout(ORDER_B, 'REF-BRAVO', 2_000, 2),
      createCheckout(ORDER_C, 'ref-charlie', 3_000),
      notification(ORDER_A, 'order_approved', 4_000),
    ]);
  }

  it('lists orders newest activity first, with their derived state and facts', () => {
    seed();
    const page = core.orders.list({ limit: 10 });
    expect(page.items.map((order) => order.orderId)).toEqual([ORDER_A, ORDER_C, ORDER_B]);
    expect(page.total).toBe(3);
    expect(page.nextCursor).toBeNull();
    expect(page.items[0]).toMatchObject({
      state: 'approved',
      referenceId: 'REF-ALPHA',
      amount: '120.50',
      currency: 'SAR',
      profileName: 'Local',
      createdAt: new Date(1_000).toISOString(),
      lastActivityAt: new Date(4_000).toISOString(),
      recordCount: 2,
    });
    expect(page.items[1]?.state).toBe('new');
  });

  it('pages with a keyset cursor', () => {
    seed();
    const first = core.orders.list({ limit: 2 });
    expect(first.items.map((order) => order.orderId)).toEqual([ORDER_A, ORDER_C]);
    expect(first.nextCursor).toEqual({ lastMs: 3_000, orderId: ORDER_C });
    const second = core.orders.list({ limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.items.map((order) => order.orderId)).toEqual([ORDER_B]);
    expect(second.nextCursor).toBeNull();
    expect(second.total).toBe(3);
  });

  it('filters by state, profile and text (order id or reference, any case)', () => {
    seed();
    const ids = (request: Parameters<ConsoleCore['orders']['list']>[0]) =>
      core.orders.list(request).items.map((order) => order.orderId);
    expect(ids({ limit: 10, states: ['approved'] })).toEqual([ORDER_A]);
    expect(ids({ limit: 10, states: ['new', 'approved'] })).toEqual([ORDER_A, ORDER_C, ORDER_B]);
    expect(ids({ limit: 10, states: ['fully_captured'] })).toEqual([]);
    expect(ids({ limit: 10, profileId: 2 })).toEqual([ORDER_B]);
    expect(ids({ limit: 10, text: 'REF-CHAR' })).toEqual([ORDER_C]);
    expect(ids({ limit: 10, text: '7c9e6679' })).toEqual([ORDER_B]);
    expect(ids({ limit: 10, text: 'ref-' })).toEqual([ORDER_A, ORDER_C, ORDER_B]);
    expect(core.orders.list({ limit: 10, text: 'alpha', states: ['new'] }).total).toBe(0);
  });

  it('picks up an order id written on a create-checkout record after its answer', () => {
    const started = core.recorder.record({
      ...createCheckout(ORDER_A, 'REF-1', 1_000),
      orderId: null,
      status: null,
    });
    expect(core.orders.list({ limit: 10 }).items).toEqual([]);
    core.recorder.update(started.id, { status: 200, orderId: ORDER_A });
    expect(core.orders.list({ limit: 10 }).items.map((order) => order.state)).toEqual(['new']);
  });

  it("gives one order's lifecycle and its records; an unknown order is not found", () => {
    seed();
    const detail = core.orders.detail(ORDER_A);
    expect(detail.lifecycle.state).toBe('approved');
    expect(detail.records.map((record) => record.kind)).toEqual(['request', 'webhook']);
    expect(detail.records[0]).not.toHaveProperty('requestJson');
    expect(() => core.orders.detail('no-such-order')).toThrow(/Order no-such-order does not exist/);
  });

  it('sees records written by another connection (the listen CLI) and pushes orders.changed for them', async () => {
    const pushes: PushEvent[] = [];
    core.bus.subscribe((event) => pushes.push(event));
    seed();
    expect(core.orders.list({ limit: 10 }).items[0]?.state).toBe('approved');
    // This process's own writes are pushed first; then only the other connection's count.
    await expect.poll(() => pushes.some((event) => event.name === 'orders.changed')).toBe(true);
    pushes.length = 0;

    const other = openDatabase(join(dataDir, 'console.sqlite'));
    createEventsRepository(other).insert(notification(ORDER_A, 'order_authorised', 5_000));
    other.close();

    core.orders.otherProcesses.committed();
    await expect
      .poll(() => pushes.find((event) => event.name === 'orders.changed'))
      .toEqual({
        name: 'orders.changed',
        payload: { orderIds: [ORDER_A] },
      });
    expect(core.orders.list({ limit: 10 }).items[0]).toMatchObject({ orderId: ORDER_A, state: 'authorised' });
    expect(core.orders.detail(ORDER_A).lifecycle.state).toBe('authorised');
  });

  it("looks for other processes' writes without waiting for their lock on the event loop", async () => {
    const pushes: PushEvent[] = [];
    core.bus.subscribe((event) => pushes.push(event));
    seed();
    core.orders.list({ limit: 10 });
    await expect.poll(() => pushes.some((event) => event.name === 'orders.changed')).toBe(true);
    pushes.length = 0;
    // Another process (an import, the listen CLI) writes and holds the write lock meanwhile.
    const other = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      other.prepare('BEGIN IMMEDIATE').run();
      createEventsRepository(other).insert(notification(ORDER_C, 'order_approved', 5_000));
      other.prepare('COMMIT').run();
      other.prepare('BEGIN IMMEDIATE').run();
      // A synchronous write here would wait out the busy timeout and throw out of the poll's timer.
      expect(() => core.orders.otherProcesses.committed()).not.toThrow();
      expect(pushes).toEqual([]);
      other.prepare('COMMIT').run();
    } finally {
      other.close();
    }
    await expect
      .poll(() => pushes.find((event) => event.name === 'orders.changed'))
      .toEqual({ name: 'orders.changed', payload: { orderIds: [ORDER_C] } });
    expect(core.orders.list({ limit: 10 }).items.find((order) => order.orderId === ORDER_C)?.state).toBe(
      'approved',
    );
  });

  // `orders` failed with a bare "database is locked" after 6 s while another process held the
  // write lock: the list refreshed the orders table with a synchronous write before reading.
  it('lists what is derived at once while another process holds the write lock, saying it is behind', async () => {
    seed();
    core.orders.list({ limit: 10 });
    const other = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      createEventsRepository(other).insert(notification(ORDER_C, 'order_approved', 5_000));
      other.prepare('BEGIN IMMEDIATE').run();
      const started = performance.now();
      const page = core.orders.list({ limit: 10 });
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(page.catchingUp).not.toBeNull();
      expect(page.items.find((order) => order.orderId === ORDER_C)?.state).toBe('new');
      other.prepare('COMMIT').run();
    } finally {
      other.close();
    }
    await core.orders.caughtUp();
    expect(core.orders.list({ limit: 10 }).items.find((order) => order.orderId === ORDER_C)?.state).toBe(
      'approved',
    );
  });

  it('turns timeline pushes with an order id into one coalesced orders.changed push', async () => {
    const pushes: PushEvent[] = [];
    core.bus.subscribe((event) => pushes.push(event));
    core.recorder.record(notification(ORDER_A, 'order_approved', 1_000));
    core.recorder.record(notification(ORDER_B, 'order_approved', 1_001));
    core.recorder.record({ kind: 'webhook', atMs: 1_002 });
    await expect
      .poll(() => pushes.filter((event) => event.name === 'orders.changed'))
      .toEqual([{ name: 'orders.changed', payload: { orderIds: [ORDER_A, ORDER_B] } }]);
  });

  it('drops an order whose records are all removed', () => {
    seed();
    expect(core.orders.list({ limit: 10 }).total).toBe(3);
    withConsoleFile(core.dataDir, (db) => db.prepare('DELETE FROM events WHERE order_id = ?').run(ORDER_B));
    expect(core.orders.list({ limit: 10 }).items.map((order) => order.orderId)).toEqual([ORDER_A, ORDER_C]);
  });

  it('marks the orders of new records after they are stored, in batches, however many arrived between two looks', async () => {
    // Migration 014: no trigger marks an order in the listener's insert; the list marks first.
    core.recorder.recordMany([
      createCheckout(ORDER_A, 'REF-ALPHA', 1_000),
      ...Array.from({ length: 6_000 }, (_, index) => ({ kind: 'webhook' as const, atMs: 1_001 + index })),
      createCheckout(ORDER_B, 'REF-BRAVO', 8_000),
      ...Array.from({ length: 6_000 }, (_, index) => ({ kind: 'webhook' as const, atMs: 8_001 + index })),
      notification(ORDER_A, 'order_approved', 15_000),
    ]);
    const unmarked = withConsoleFile(core.dataDir, (db) =>
      db.prepare('SELECT count(*) AS n FROM orders').get(),
    ) as { n: number };
    expect(unmarked.n).toBe(0);
    // One batch of marks before the list answers, which says how much it has still to read; the
    // rest is marked one batch per turn.
    const first = core.orders.list({ limit: 10 });
    expect(first.catchingUp?.recordsToRead).toBeGreaterThan(0);
    await core.orders.caughtUp();
    const page = core.orders.list({ limit: 10 });
    expect(page.catchingUp).toBeNull();
    expect(page.items.map((order) => [order.orderId, order.state])).toEqual([
      [ORDER_A, 'approved'],
      [ORDER_B, 'new'],
    ]);
    const marks = withConsoleFile(core.dataDir, (db) =>
      db
        .prepare(
          'SELECT marked_through AS through, (SELECT max(id) FROM events) AS newest FROM orders_marked_state',
        )
        .get(),
    ) as { through: number; newest: number };
    expect(marks.through).toBe(marks.newest);
  });

  it('moves the mark past records that name no order without taking the lock at once', async () => {
    seed();
    core.orders.list({ limit: 10 });
    core.recorder.recordMany([
      { kind: 'webhook', atMs: 5_000 },
      { kind: 'webhook', atMs: 5_001 },
    ]);
    const marks = () =>
      withConsoleFile(core.dataDir, (db) =>
        db
          .prepare(
            'SELECT marked_through AS through, (SELECT max(id) FROM events) AS newest FROM orders_marked_state',
          )
          .get(),
      ) as { through: number; newest: number };
    expect(core.orders.list({ limit: 10 }).total).toBe(3);
    // Committed with a later turn, after the list answered: nothing of it could change the list.
    expect(marks().through).toBeLessThan(marks().newest);
    await expect.poll(() => marks().through).toBe(marks().newest);
  });

  it('marks again an id SQLite gives out again after the newest records were removed', () => {
    seed();
    expect(core.orders.list({ limit: 10 }).items.find((order) => order.orderId === ORDER_C)?.state).toBe(
      'new',
    );
    // The newest record (ORDER_A's notification) goes; the next record is given its id again.
    const removed = withConsoleFile(core.dataDir, (db) => {
      const newest = db.prepare('SELECT max(id) AS id FROM events').get() as { id: number };
      db.prepare('DELETE FROM events WHERE id = ?').run(newest.id);
      return newest.id;
    });
    const [reused] = core.recorder.recordMany([notification(ORDER_C, 'order_approved', 5_000)]);
    expect(reused?.id).toBe(removed);
    const states = new Map(
      core.orders.list({ limit: 10 }).items.map((order) => [order.orderId, order.state]),
    );
    expect(states.get(ORDER_C)).toBe('approved');
    expect(states.get(ORDER_A)).toBe('new');
  });

  it('serves listOrders and getOrderLifecycle through the bridge, inputs checked', async () => {
    seed();
    const ctx = { transport: 'direct' } as const;
    const listed = await core.dispatcher('listOrders', { states: ['new'], limit: 1 }, ctx);
    expect(listed).toMatchObject({ ok: true, data: { items: [{ orderId: ORDER_C }], total: 2 } });
    const bad = await core.dispatcher('listOrders', { states: ['shipped'] }, ctx);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const extra = await core.dispatcher('listOrders', { sql: 'DROP TABLE events' }, ctx);
    expect(extra).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const detail = await core.dispatcher('getOrderLifecycle', { orderId: ORDER_A }, ctx);
    expect(detail).toMatchObject({ ok: true, data: { lifecycle: { orderId: ORDER_A, state: 'approved' } } });
    const missing = await core.dispatcher('getOrderLifecycle', { orderId: 'nope' }, ctx);
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const empty = await core.dispatcher('getOrderLifecycle', { orderId: '  ' }, ctx);
    expect(empty).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: /Enter an order id/ },
    });
  });
});

/** Rows with the columns every version of `events` has had (migration 002), whatever came later. */
/** The store's parts the orders service uses, over a bare connection (a migration test's). */
function storeOf(db: Database.Database) {
  return {
    orders: createOrdersRepository(db),
    writer: createStoreWriter(db),
    dataVersion: () => Number(db.pragma('data_version', { simple: true })),
  };
}

function insertAsBefore(db: Database.Database, events: readonly NewEvent[], firstId = 1): void {
  const insert = db.prepare(`INSERT INTO events (id, uid, kind, at_ms, profile_id, profile_name, method, path,
    status, order_id, order_reference_id, event_type, token_verdict, body_verdict, request_body, response_body,
    related_id, imported, details)
    VALUES (@id, @uid, @kind, @at_ms, @profile_id, @profile_name, @method, @path, @status, @order_id,
    @order_reference_id, @event_type, @token_verdict, @body_verdict, @request_body, @response_body, @related_id,
    @imported, @details)`);
  events.forEach((event, index) =>
    insert.run({
      id: firstId + index,
      uid: `old-${firstId + index}`,
      kind: event.kind,
      at_ms: event.atMs ?? 0,
      profile_id: event.profileId ?? null,
      profile_name: event.profileName ?? null,
      method: event.method ?? null,
      path: event.path ?? null,
      status: event.status ?? null,
      order_id: event.orderId ?? null,
      order_reference_id: event.orderReferenceId ?? null,
      event_type: event.eventType ?? null,
      token_verdict: event.tokenVerdict ?? null,
      body_verdict: event.bodyVerdict ?? null,
      request_body:
        event.requestBody === undefined || event.requestBody === null ? null : Buffer.from(event.requestBody),
      response_body:
        event.responseBody === undefined || event.responseBody === null
          ? null
          : Buffer.from(event.responseBody),
      related_id: event.relatedId ?? null,
      imported: event.imported === true ? 1 : 0,
      details: JSON.stringify(event.details ?? {}),
    }),
  );
}

describe("orders service: other processes' writes", () => {
  it('a look that failed (the lock stayed taken) is made again at the next quiet tick, and pushes then', async () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    const store = storeOf(db);
    let refusals = 1;
    const writer: typeof store.writer = {
      ...store.writer,
      write: (fn) => {
        if (refusals > 0) {
          refusals -= 1;
          return Promise.reject(new Error('database is locked'));
        }
        return store.writer.write(fn);
      },
    };
    const bus = createEventBus();
    const pushes: string[] = [];
    bus.subscribe((event) => {
      if (event.name === 'orders.changed') pushes.push(...event.payload.orderIds);
    });
    const service = createOrdersService({ store: { ...store, writer }, bus, coalesceMs: 0 });
    try {
      // Written by another process: no timeline push here, only the watch's word.
      createEventsRepository(db).insert(createCheckout(ORDER_A, 'REF-A', 1_000));
      service.otherProcesses.committed();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pushes).toEqual([]);
      service.otherProcesses.quiet?.(() => true);
      await expect.poll(() => pushes).toEqual([ORDER_A]);
      // Nothing failed since: a quiet tick looks no further.
      service.otherProcesses.quiet?.(() => true);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(pushes).toEqual([ORDER_A]);
    } finally {
      service.close();
      db.close();
    }
  });
});

describe('orders migration', () => {
  it('indexes the orders of records stored before it ran', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 6),
    );
    // Written as a console of that time wrote them: the columns of migration 002 only.
    insertAsBefore(db, [
      createCheckout(ORDER_A, 'REF-OLD', 1_000),
      notification(ORDER_A, 'order_declined', 2_000),
      { kind: 'webhook', atMs: 3_000 },
    ]);
    migrate(db, migrations);
    const service = createOrdersService({
      store: storeOf(db),
      bus: createEventBus(),
    });
    expect(service.list({ limit: 10 }).items).toEqual([
      expect.objectContaining({ orderId: ORDER_A, state: 'declined', referenceId: 'REF-OLD' }),
    ]);
    service.close();
    db.close();
  });

  it('gives records stored before provenance theirs, links replays to their arrival, and derives orders again', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 7),
    );
    const captured = (atMs: number, amount: string, extra: Partial<NewEvent> = {}): NewEvent => ({
      ...notification(ORDER_A, 'order_captured', atMs),
      requestBody: body({
        order_id: ORDER_A,
        event_type: 'order_captured',
        data: { capture_id: ORDER_C, captured_amount: { amount, currency: 'SAR' } },
      }),
      details: { body: { verdict: 'event', findings: [] } },
      ...extra,
    });
    insertAsBefore(db, [
      createCheckout(ORDER_A, 'REF-A', 1_000),
      notification(ORDER_A, 'order_approved', 2_000),
      notification(ORDER_A, 'order_authorised', 3_000),
      captured(4_000, '120.5'),
      // #5 replays #4 with an edited body to the listener, which stored it as #6 (then: no link back).
      {
        ...captured(5_000, '1.999'),
        kind: 'replay',
        relatedId: 4,
        details: { tokenMode: 'original', bodyEdited: true, listenerRecordId: 6 },
      },
      captured(5_001, '1.999', {
        details: { body: { verdict: 'event', findings: [{ severity: 'error', path: 'x', message: 'y' }] } },
      }),
      { kind: 'forward', atMs: 6_000, orderId: ORDER_A, relatedId: 4 },
      { ...notification(ORDER_B, 'order_approved', 7_000), imported: true },
    ]);
    migrate(db, migrations);
    const orders = createOrdersService({
      store: storeOf(db),
      bus: createEventBus(),
    });
    const rows = db
      .prepare(
        'SELECT id, provenance, related_id AS relatedId, body_findings AS findings FROM events ORDER BY id',
      )
      .all();
    expect(rows).toEqual([
      { id: 1, provenance: 'service', relatedId: null, findings: null },
      { id: 2, provenance: 'service', relatedId: null, findings: null },
      { id: 3, provenance: 'service', relatedId: null, findings: null },
      { id: 4, provenance: 'service', relatedId: null, findings: 0 },
      { id: 5, provenance: 'crafted', relatedId: 4, findings: null },
      { id: 6, provenance: 'crafted', relatedId: 5, findings: 1 },
      { id: 7, provenance: 'forward', relatedId: 4, findings: null },
      { id: 8, provenance: 'import', relatedId: null, findings: null },
    ]);
    const lifecycle = orders.detail(ORDER_A).lifecycle;
    expect(lifecycle.facts.capturedAmount).toBe('120.50');
    expect(lifecycle.state).toBe('fully_captured');
    expect(orders.list({ limit: 10 }).items.find((item) => item.orderId === ORDER_A)).toMatchObject({
      state: 'fully_captured',
      findings: 0,
    });
    orders.close();
    db.close();
  });
});
