import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { created, importedCopy, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

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

  it('is the first record when there is no evidence at all', () => {
    const copy = { ...importedCopy(created()), at: '2026-02-01T08:00:00.000Z' };
    expect(deriveLifecycle(ORDER_ID, [copy]).facts.createdAt).toBe('2026-02-01T08:00:00.000Z');
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
