import Database from 'better-sqlite3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/migrate';
import { migrations } from '../../src/main/store/migrations';
import { createOrdersRepository } from '../../src/main/store/orders-repository';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { summariseLifecycle } from '../../src/shared/orders/order-lifecycle';
import { createCheckout, notification } from './helpers/order-events';
import { captured, CAPTURE_1, ORDER_ID, resetRecords, webhook } from './helpers/order-records';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// The Orders list's findings badge was red ("1 finding") for an order whose only finding is a
// warning (a record of another profile's, a body that could not be read), where the order's own
// findings box is orange: the summary the list reads kept the count only. It keeps the worst
// finding's severity now, and the list, `orders` and `orders --json` say it.

const local = { profileId: 1, profileName: 'Local' };
const sandbox = { profileId: 3, profileName: 'Sandbox' };

describe("the summary's worst finding", () => {
  beforeEach(resetRecords);

  it("is a warning when every finding is one (a record of another profile's)", () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      webhook('order_approved', [], local),
      webhook('order_authorised', [], sandbox),
    ]);
    expect(lifecycle.findings.map((finding) => finding.severity)).toEqual(['warning']);
    expect(summariseLifecycle(lifecycle)).toMatchObject({ findings: 1, findingsSeverity: 'warning' });
  });

  it('is an error when any finding is one, and null when there is none', () => {
    const contradicted = deriveLifecycle(ORDER_ID, [
      webhook('order_approved', [], local),
      webhook('order_authorised', [], sandbox),
      captured(CAPTURE_1, '5.00', 'AED'),
      captured(CAPTURE_1, '6.00', 'AED'),
    ]);
    expect(contradicted.findings.some((finding) => finding.severity === 'error')).toBe(true);
    expect(summariseLifecycle(contradicted).findingsSeverity).toBe('error');
    resetRecords();
    const clean = deriveLifecycle(ORDER_ID, [webhook('order_approved', [], local)]);
    expect(summariseLifecycle(clean)).toMatchObject({ findings: 0, findingsSeverity: null });
  });
});

describe('the stored summary', () => {
  it('has every order derived again by migration 048, its severity unknown until then', () => {
    const db = new Database(':memory:');
    migrate(
      db,
      migrations.filter((migration) => migration.id < 48),
    );
    db.exec("INSERT INTO orders (order_id, stale, findings) VALUES ('o-1', 0, 1)");
    migrate(
      db,
      migrations.filter((migration) => migration.id <= 48),
    );
    expect(db.prepare('SELECT stale, findings_severity FROM orders').all()).toEqual([
      { stale: 1, findings_severity: null },
    ]);
    db.close();
  });

  it('reads back what was written; a severity it does not know reads as an error', () => {
    const db = new Database(':memory:');
    migrate(db, migrations);
    db.exec("INSERT INTO orders (order_id, stale) VALUES ('o-1', 1)");
    const repository = createOrdersRepository(db);
    resetRecords();
    const lifecycle = deriveLifecycle('o-1', [
      { ...webhook('order_approved', [], local), orderId: 'o-1' },
      { ...webhook('order_authorised', [], sandbox), orderId: 'o-1' },
    ]);
    expect(repository.write(summariseLifecycle(lifecycle), 1)).toBe(true);
    expect(repository.get('o-1')).toMatchObject({ findings: 1, findingsSeverity: 'warning' });
    // A row this version did not write (a hand edit, a later version's word): never drawn milder.
    db.exec("UPDATE orders SET findings_severity = 'critical'");
    expect(repository.get('o-1')?.findingsSeverity).toBe('error');
    db.exec('UPDATE orders SET findings = 0');
    expect(repository.get('o-1')?.findingsSeverity).toBeNull();
    db.close();
  });
});

describe('orders', () => {
  const WARNED = '3b241101-e2bb-4255-8caf-4136c566a962';
  const CLEAN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
  let dataDir = '';
  let dispose: () => Promise<void> = async () => undefined;
  const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, 'orders', ...argv]);

  beforeAll(async () => {
    const opened = await openTempConsole();
    dataDir = opened.dataDir;
    dispose = opened.dispose;
    opened.core.recorder.recordMany([
      createCheckout(WARNED, 'REF-WARNED', 1_000),
      createCheckout(CLEAN, 'REF-CLEAN', 2_000),
      notification(WARNED, 'order_approved', 3_000),
      // Verified under Sandbox's token: another service speaking, a warning, not counted.
      { ...notification(WARNED, 'order_authorised', 4_000), ...sandbox },
    ]);
  });
  afterAll(async () => dispose());

  it('--json gives the worst finding beside the count', async () => {
    const run = await cli('--json');
    expect(run.stderr).toBe('');
    const orders = JSON.parse(run.stdout) as Record<string, unknown>[];
    const of = (id: string) => orders.find((order) => order['order_id'] === id);
    expect(of(WARNED)).toMatchObject({ findings: 1, findings_severity: 'warning' });
    expect(of(CLEAN)).toMatchObject({ findings: 0, findings_severity: null });
  });

  it('the table says a warning is one', async () => {
    const run = await cli();
    expect(run.code).toBe(0);
    const row = (id: string) => run.stdout.split('\n').find((text) => text.startsWith(id)) ?? '';
    expect(row(WARNED)).toMatch(/ 1 finding, a warning$/);
    expect(row(CLEAN)).toMatch(/ 0$/);
  });
});
