import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { orderSummaryJson, ordersTable } from '../../src/main/cli/order-report';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { lastEvidenceWords } from '../../src/shared/orders/last-evidence';
import { summariseLifecycle } from '../../src/shared/orders/order-lifecycle';
import { createCheckout, notification } from './helpers/order-events';
import { created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';
import { openTempConsole } from './helpers/temp-console';

// A tokenless `order_captured` posted by hand for a new order id (anyone can post to the
// listener) made an order known only from it, and `orders` printed the post's time under LAST
// EVIDENCE, the Orders view "Last evidence …": the time of no evidence at all. Such an order is
// still dated by its first record (its place in the list), but that time is never called evidence.
describe('an order with no evidence of the service', () => {
  beforeEach(resetRecords);
  const handSent = (tokenVerdict: 'missing' | 'invalid_signature') => [
    webhook('order_captured', [], { tokenVerdict }),
  ];

  it.each(['missing', 'invalid_signature'] as const)(
    'has no last evidence time (a %s token), and is dated by its first record',
    (verdict) => {
      const records = handSent(verdict);
      const lifecycle = deriveLifecycle(ORDER_ID, records);
      expect(lifecycle.knownFrom).toBe('service');
      expect(lifecycle.facts.lastEvidenceAt).toBeNull();
      const summary = summariseLifecycle(lifecycle);
      expect(summary.lastEvidenceAt).toBeNull();
      expect(summary.lastActivityAt).toBe(records[0]?.at);
      expect(summary.firstSeenAt).toBe(records[0]?.at);
    },
  );

  it('says "none" and when it was first seen, in `orders` and the views alike; --json adds last_evidence_at', () => {
    const records = handSent('missing');
    const summary = summariseLifecycle(deriveLifecycle(ORDER_ID, records));
    const at = records[0]?.at ?? '';
    expect(lastEvidenceWords(summary, (time) => time)).toBe(`none (first seen ${at})`);
    // The order's details show "First seen" beside it: the time is not said twice there.
    expect(lastEvidenceWords(summary, (time) => time, true)).toBe('none');
    const table = ordersTable([summary]);
    expect(table).toContain(`none (first seen ${at})`);
    expect(orderSummaryJson(summary)).toMatchObject({
      first_seen_at: at,
      last_activity_at: at,
      last_evidence_at: null,
    });
  });

  it('an order with evidence keeps its time, as before', () => {
    const create = created();
    const approved = webhook('order_approved');
    webhook('order_captured', [], { tokenVerdict: 'missing' });
    const summary = summariseLifecycle(deriveLifecycle(ORDER_ID, [create, approved]));
    expect(summary.lastEvidenceAt).toBe(approved.at);
    expect(lastEvidenceWords(summary, (time) => time)).toBe(approved.at);
    expect(orderSummaryJson(summary)).toMatchObject({
      last_activity_at: approved.at,
      last_evidence_at: approved.at,
    });
  });
});

describe('the Orders list, as stored', () => {
  let core: ConsoleCore;
  let dispose: () => Promise<void>;
  beforeEach(async () => {
    ({ core, dispose } = await openTempConsole());
  });
  afterEach(async () => dispose());

  it('keeps whether an order has evidence', () => {
    const ghost = 'aaaaaaaa-0000-4000-8000-000000000003';
    const real = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    core.recorder.recordMany([
      createCheckout(real, 'REF-REAL', 1_000),
      { ...notification(ghost, 'order_captured', 2_000), tokenVerdict: 'missing' },
    ]);
    const items = core.orders.list({ limit: 10 }).items;
    expect(items.map((order) => [order.orderId, order.lastEvidenceAt, order.lastActivityAt])).toEqual([
      [ghost, null, new Date(2_000).toISOString()],
      [real, new Date(1_000).toISOString(), new Date(1_000).toISOString()],
    ]);
  });
});

describe('a data directory from before', () => {
  it('has every order derived again, so one with no evidence says so (migration 044)', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 44),
    );
    db.exec("INSERT INTO orders (order_id, stale) VALUES ('o-1', 0)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 44),
    );
    expect(db.prepare('SELECT stale FROM orders').all()).toEqual([{ stale: 1 }]);
    db.close();
  });
});
