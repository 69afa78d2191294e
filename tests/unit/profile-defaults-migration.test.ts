import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createProfilesRepository } from '../../src/main/store/profiles-repository';
import { DEFAULT_OPERATIONS, operationsSchema } from '../../src/shared/profile';

/** The console's first defaults for the follow-up operations, as profiles stored them. */
const FIRST_DEFAULTS = {
  authorise: { method: 'POST', path: '/orders/{order_id}/authorise' },
  capture: { method: 'POST', path: '/payments/capture' },
  getOrder: { method: 'GET', path: '/orders/{order_id}' },
  cancel: { method: 'POST', path: '/orders/{order_id}/cancel' },
  refund: { method: 'POST', path: '/payments/simplified-refund/{order_id}' },
  updateReferenceId: { method: 'PUT', path: '/orders/{order_id}/reference-id' },
};

describe('migration 010: profile operation defaults follow the official client', () => {
  it('moves profiles still on the first defaults, and only those', () => {
    const db = new Database(':memory:');
    const before = migrations.filter((migration) => migration.id < 10);
    migrate(db, before);
    const insert = db.prepare(`INSERT INTO profiles (name, environment, base_url, listener_port,
      notification_field, operations, signed_token_minutes, created_at, updated_at)
      VALUES (?, 'local', 'http://127.0.0.1:4010', 4455, 'merchant_url.notification', ?, 15, 'then', 'then')`);
    insert.run('untouched', JSON.stringify(FIRST_DEFAULTS));
    insert.run(
      'own get-order',
      JSON.stringify({ ...FIRST_DEFAULTS, getOrder: { method: 'GET', path: '/v2/orders/{order_id}' } }),
    );
    insert.run(
      'own capture',
      JSON.stringify({ ...FIRST_DEFAULTS, capture: { method: 'PUT', path: '/capture' } }),
    );
    expect(migrate(db, migrations).applied).toEqual(['010-profile-operation-defaults']);
    const profiles = createProfilesRepository(db);
    const operations = (name: string) =>
      profiles.list().find((profile) => profile.fields.name === name)?.fields.operations;
    expect(operations('untouched')).toEqual(DEFAULT_OPERATIONS);
    expect(operations('untouched')?.getOrder).toEqual({
      method: 'GET',
      path: '/merchants/orders/{order_id}',
    });
    expect(operations('own get-order')?.getOrder.path).toBe('/v2/orders/{order_id}');
    expect(operations('own capture')).toEqual(
      operationsSchema.parse({ ...FIRST_DEFAULTS, capture: { method: 'PUT', path: '/capture' } }),
    );
    const updated = db
      .prepare<[], { name: string; updated_at: string }>('SELECT name, updated_at FROM profiles')
      .all();
    expect(updated.find((row) => row.name === 'untouched')?.updated_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(updated.find((row) => row.name === 'own capture')?.updated_at).toBe('then');
  });
});
