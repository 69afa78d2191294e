import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';

// An order kept its create request's reference though a later notification of the service named
// another (updated outside the console); migration 033 has such orders derived again, and no other.
it('has the orders a webhook names under another reference derived again (migration 033)', () => {
  const db = new Database(':memory:');
  migrate(
    db,
    migrations.filter((migration) => migration.id < 33),
  );
  const renamed = '6f1c0a8e-2f7b-4c1e-9d3a-000000000001';
  const same = '6f1c0a8e-2f7b-4c1e-9d3a-000000000002';
  const insert = db.prepare(
    'INSERT INTO events (uid, kind, at_ms, order_id, order_reference_id) VALUES (?, ?, 1, ?, ?)',
  );
  insert.run('u-1', 'webhook', renamed, 'REF-NEW');
  insert.run('u-2', 'webhook', same, 'REF-2');
  // A request naming another reference is not the service's notification.
  insert.run('u-3', 'request', same, 'REF-OTHER');
  db.exec(
    `INSERT INTO orders (order_id, stale, state, reference_id) VALUES ('${renamed}', 0, 'approved', 'REF-1'), ('${same}', 0, 'approved', 'REF-2')`,
  );
  // Through 033 alone: a later one (036) derives every order again.
  migrate(
    db,
    migrations.filter((migration) => migration.id <= 33),
  );
  expect(db.prepare('SELECT order_id, stale FROM orders ORDER BY stale').all()).toEqual([
    { order_id: same, stale: 0 },
    { order_id: renamed, stale: 1 },
  ]);
  db.close();
});
