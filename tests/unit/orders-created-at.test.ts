import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { createdOrFirstSeen } from '../../src/shared/orders/order-created';
import { summariseLifecycle } from '../../src/shared/orders/order-lifecycle';
import { createCheckout, notification } from './helpers/order-events';
import { call, created, importedCopy, ORDER_ID, resetRecords, webhook } from './helpers/order-records';
import { openTempConsole } from './helpers/temp-console';

// An import of an order's records dated 2026-11-01 made the order "created Nov 01" above a strip
// whose New step said "passed, not seen", those rows marked "not evidence": its date came from
// whichever record was oldest, evidence or not.

describe("an order's created time", () => {
  beforeEach(() => resetRecords());

  it("is the service's first record, not an older imported copy", () => {
    const create = created();
    const approved = webhook('order_approved');
    const older = { ...importedCopy(create), at: '2026-02-01T08:00:00.000Z' };
    const lifecycle = deriveLifecycle(ORDER_ID, [older, create, approved]);
    expect(lifecycle.facts.createdAt).toBe(create.at);
    expect(lifecycle.facts.lastActivityAt).toBe(approved.at);
  });

  // An order known only from an import said "created" at its first imported record, a time
  // the console has no evidence of: the service's creation is its create-checkout answer or its
  // first verified notification, and anything else is only when this console first saw it.
  it('is not known without evidence of the creation: the first record says when it was first seen', () => {
    const copy = { ...importedCopy(created()), at: '2026-02-01T08:00:00.000Z' };
    const lifecycle = deriveLifecycle(ORDER_ID, [copy]);
    expect(lifecycle.facts.createdAt).toBeNull();
    expect(lifecycle.facts.firstSeenAt).toBe('2026-02-01T08:00:00.000Z');
    expect(createdOrFirstSeen(summariseLifecycle(lifecycle))).toEqual({
      word: 'first seen',
      at: '2026-02-01T08:00:00.000Z',
    });
  });

  // An order created by a POST /checkout straight to the emulator (curl, not the Builder) said
  // "created 14:02:37.892", the time its first order_approved arrived, above a strip whose New
  // step said "no record": a notification says the order was approved, never when it was created.
  it('is not a verified notification: without a create-checkout answer it was only first seen', () => {
    const failedCreate = created({ status: 500 });
    const forged = webhook('order_approved', [], { tokenVerdict: 'invalid_signature' });
    const approved = webhook('order_approved');
    const lifecycle = deriveLifecycle(ORDER_ID, [failedCreate, forged, approved]);
    expect(lifecycle.facts.createdAt).toBeNull();
    expect(lifecycle.facts.firstSeenAt).toBe(failedCreate.at);
    expect(createdOrFirstSeen(lifecycle.facts)).toEqual({ word: 'first seen', at: failedCreate.at });
  });

  it('of an order known only from its notifications is when the first arrived, said "first seen"', () => {
    const approved = webhook('order_approved');
    const authorised = webhook('order_authorised');
    const lifecycle = deriveLifecycle(ORDER_ID, [approved, authorised]);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.facts.createdAt).toBeNull();
    expect(createdOrFirstSeen(summariseLifecycle(lifecycle))).toEqual({
      word: 'first seen',
      at: approved.at,
    });
  });

  it("is not a failed create call's, nor a Get order answer's", () => {
    const failedCreate = created({ status: 500 });
    const got = call('getOrder', { response: { order_id: ORDER_ID, status: 'approved' } });
    const lifecycle = deriveLifecycle(ORDER_ID, [failedCreate, got]);
    expect(lifecycle.facts.createdAt).toBeNull();
    expect(lifecycle.facts.firstSeenAt).toBe(failedCreate.at);
  });
});

describe('the Orders list of an imported order', () => {
  let core: ConsoleCore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ core, dispose } = await openTempConsole());
  });
  afterEach(async () => dispose());

  it('says when it was first seen, never created', () => {
    const orderId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    core.recorder.recordMany([
      { ...createCheckout(orderId, 'REF-IMP', 3_000), imported: true, profileId: null },
      { ...notification(orderId, 'order_approved', 4_000), imported: true, profileId: null },
    ]);
    const [listed] = core.orders.list({ limit: 10 }).items;
    expect(listed).toMatchObject({ createdAt: null, firstSeenAt: new Date(3_000).toISOString() });
  });
});

describe('a data directory derived by the rules before', () => {
  it('has every order derived again (migration 030)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 30),
    );
    db.exec("INSERT INTO orders (order_id, stale, state) VALUES ('o-1', 0, 'authorised'), ('o-2', 0, 'new')");
    // Through 030 alone: a later migration may mark them again.
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 30),
    );
    expect(db.prepare('SELECT order_id, stale FROM orders ORDER BY order_id').all()).toEqual([
      { order_id: 'o-1', stale: 1 },
      { order_id: 'o-2', stale: 1 },
    ]);
    db.close();
  });
});

describe('a data directory that dated every order "created"', () => {
  it('has every order derived again, first seen filled in (migration 037)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 37),
    );
    db.exec("INSERT INTO orders (order_id, stale, created_ms) VALUES ('o-1', 0, 5000)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 37),
    );
    expect(db.prepare('SELECT stale, created_known, first_seen_ms FROM orders').all()).toEqual([
      { stale: 1, created_known: 0, first_seen_ms: 0 },
    ]);
    db.close();
  });
});

describe('a data directory that dated an order "created" by its first notification', () => {
  it('has every order derived again (migration 051)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 51),
    );
    db.exec("INSERT INTO orders (order_id, stale, created_ms, created_known) VALUES ('o-1', 0, 5000, 1)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 51),
    );
    expect(db.prepare('SELECT stale FROM orders').all()).toEqual([{ stale: 1 }]);
    db.close();
  });
});
