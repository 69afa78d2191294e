import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SignJWT } from 'jose';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { pointLocalProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { postNotification } from '../pages/order-flow';
import { OrdersPage } from '../pages/orders-page';

// The emulator's row of an order damaged (its state 'zombie', not what the console writes): the
// Emulator view named the row, while the order's detail said nothing of the emulator, as if it
// did not hold the order. The detail names the row in its reader's sentence, as `orders show` does.

const NOTIFICATION_TOKEN = 'emulator-damaged-e2e-secret';
const ORDER_ID = '8c1d2e3f-4a5b-4c6d-9e7f-0a1b2c3d4e5f';
const REFERENCE = 'REF-EMULATOR-DAMAGED';

const test = base.extend<{ notified: ServedConsole & { dataDir: string } }>({
  notified: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-emulator-damaged-'));
    await pointLocalProfile(dataDir, { listenerPort: 0, notificationToken: NOTIFICATION_TOKEN });
    const served = await startServedConsole({}, dataDir);
    await use(Object.assign(served, { dataDir }));
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/** The emulator's row of the order, written as a hand edit would leave it: state 'zombie'. */
function damagedEmulatorRow(dataDir: string): void {
  const db = new Database(join(dataDir, 'console.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `INSERT INTO emulator_orders (order_id, checkout_id, state, payload, reference_id, order_number,
      locale, currency, total_amount, captured_amount, refunded_amount, notification_url,
      legacy_approved, faults, page_token, created_at_ms, expires_at_ms, updated_at_ms)
      VALUES (?, 'c-1', 'zombie', '{}', ?, null, 'en_US', 'SAR', '10.00', '0', '0', null, 0, null,
      'page', 1000, 4102444800000, 1000)`,
    ).run(ORDER_ID, REFERENCE);
  } finally {
    db.close();
  }
}

test('an order whose emulator row is damaged: its detail names the row, as the Emulator view does', async ({
  page,
  notified,
}) => {
  await openConsole(page, notified, '#/listener');
  const listener = await page.getByTestId('listener-url').textContent();
  if (listener === null || listener === '') throw new Error('The listener shows no URL.');
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));
  await postNotification(
    listener,
    token,
    JSON.stringify({
      order_id: ORDER_ID,
      order_reference_id: REFERENCE,
      order_number: '1001',
      event_type: 'order_approved',
      data: [],
    }),
  );
  damagedEmulatorRow(notified.dataDir);
  const orders = new OrdersPage(page);
  await orders.open();
  await orders.row(REFERENCE).click();
  await expect(orders.state()).toHaveText('approved');
  await expect(page.getByTestId('order-emulator-state')).toHaveText(
    `Emulator order ${ORDER_ID}'s stored state is damaged in the database (not what the console writes): what the emulator holds of this order cannot be read, so this order's state is from its records.`,
  );
});
