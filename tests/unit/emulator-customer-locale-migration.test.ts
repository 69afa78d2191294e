import Database from 'better-sqlite3';
import { expect, it } from 'vitest';
import { createEmulatorOrdersRepository } from '../../src/main/store/emulator-orders-repository';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';

// The orders stored before migration 049 keep their customers' locale preferences: it fills each
// order that named a locale with its consumer's phone number, from the payload.
it('fills the customer of the orders stored before migration 049 that named a locale', () => {
  const db = new Database(':memory:');
  migrate(
    db,
    migrations.filter((migration) => migration.id < 49),
  );
  const insert = db.prepare(
    `INSERT INTO emulator_orders (order_id, checkout_id, state, payload, locale, currency, total_amount,
      page_token, created_at_ms, expires_at_ms, updated_at_ms)
      VALUES (?, 'c', 'new', ?, ?, 'SAR', '1', 't', ?, 0, 0)`,
  );
  const order = (id: string, phone: string, locale: string | null, atMs: number) =>
    insert.run(
      id,
      JSON.stringify({ consumer: { phone_number: phone }, ...(locale === null ? {} : { locale }) }),
      locale ?? 'ar_SA',
      atMs,
    );
  order('a', '+966500000010', 'en_US', 1);
  order('b', '+966500000010', null, 2);
  order('c', '+966500000011', null, 3);
  insert.run('d', '{not json', 'en_US', 4);
  migrate(db, migrations);
  const orders = createEmulatorOrdersRepository(db);
  expect(orders.storedLocaleOf('+966500000010')).toBe('en_US');
  expect(orders.storedLocaleOf('+966500000011')).toBeUndefined();
  expect(db.prepare('SELECT order_id, locale_customer FROM emulator_orders ORDER BY order_id').all()).toEqual(
    [
      { order_id: 'a', locale_customer: '+966500000010' },
      { order_id: 'b', locale_customer: null },
      { order_id: 'c', locale_customer: null },
      { order_id: 'd', locale_customer: null },
    ],
  );
  db.close();
});
