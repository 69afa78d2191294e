import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { OrdersPage } from '../pages/orders-page';

// An order created by a POST /checkout straight to the emulator (curl, not the Builder), then
// paid: the Orders list said "created 14:02:37.892" and its details' Created the same, the time
// its first order_approved arrived, above a strip whose New step said "no record". This console
// holds no record of the creation: the order was first seen then, and says so everywhere.

const ORDER_ID = '00000000-0000-4000-8000-00000000c0de';
const REFERENCE = 'REF-CURL-ORDER';

const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({}, use) => {
    const start = Date.now() - 60_000;
    const notification = (n: number, eventType: string) => ({
      ...seededEvent(0, start + n * 1000),
      kind: 'webhook' as const,
      status: 200,
      tokenVerdict: 'valid' as const,
      orderId: ORDER_ID,
      orderReferenceId: REFERENCE,
      eventType,
      requestBody: Buffer.from(
        JSON.stringify({
          order_id: ORDER_ID,
          order_reference_id: REFERENCE,
          event_type: eventType,
          data: [],
        }),
      ),
    });
    const served = await startConsoleWith((dataDir) =>
      writeEvents(dataDir, [notification(1, 'order_approved'), notification(2, 'order_authorised')]),
    );
    await use(served);
    await served.stop();
  },
});

test('an order this console holds no record of the creation of says first seen, never created, in the list and its details', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/orders');
  const orders = new OrdersPage(page);
  const row = orders.row(REFERENCE);
  await expect(row).toContainText('· first seen');
  await expect(row).not.toContainText('created');
  await row.click();
  await expect(orders.state()).toHaveText('authorised');
  await expect(orders.detail().getByText('First seen', { exact: true })).toBeVisible();
  await expect(orders.detail().getByText('Created', { exact: true })).toHaveCount(0);
  // The strip's New step, in the same truth: passed, with no record of it.
  await expect(orders.step('new')).toContainText('no record');
});
