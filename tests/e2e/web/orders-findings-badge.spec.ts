import type { Locator } from '@playwright/test';
import { DEEP_SHADE } from '../../../src/renderer/src/ui/readable-colors';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { OrdersPage } from '../pages/orders-page';

// The Orders list's findings badge was red ("1 finding") for an order whose only finding is a
// warning (a record of another profile's), where the order's own findings box is orange: red
// read as an error where there was none. The list's badge takes the worst finding's hue, as the box.

const WARNED = '00000000-0000-4000-8000-00000000000a';
const CONTRADICTED = '00000000-0000-4000-8000-00000000000b';

const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({}, use) => {
    const start = Date.now() - 60_000;
    const notification = (
      n: number,
      orderId: string,
      eventType: string,
      profileName = 'Local',
      data: unknown = [],
    ) => {
      const reference = orderId === WARNED ? 'REF-WARNED' : 'REF-CONTRADICTED';
      const body = { order_id: orderId, order_reference_id: reference, event_type: eventType, data };
      return {
        ...seededEvent(0, start + n * 1000),
        kind: 'webhook' as const,
        status: 200,
        tokenVerdict: 'valid' as const,
        orderId,
        orderReferenceId: reference,
        eventType,
        profileName,
        requestBody: Buffer.from(JSON.stringify(body)),
      };
    };
    const capture = (amount: string) => [
      { capture_id: '6f1c9b57-2c7e-4f0e-9a53-8a1f0c9d2b11', captured_amount: { amount, currency: 'SAR' } },
    ];
    const served = await startConsoleWith((dataDir) =>
      writeEvents(dataDir, [
        notification(1, WARNED, 'order_approved'),
        // Verified under another profile's token: another service speaking, a warning only.
        notification(2, WARNED, 'order_authorised', 'Sandbox'),
        notification(3, CONTRADICTED, 'order_approved'),
        // The same capture said twice with two amounts: a contradiction, an error.
        notification(4, CONTRADICTED, 'order_captured', 'Local', capture('5.00')),
        notification(5, CONTRADICTED, 'order_captured', 'Local', capture('6.00')),
      ]),
    );
    await use(served);
    await served.stop();
  },
});

const rgbOf = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${String(r)}, ${String(g)}, ${String(b)})`;
};

const backgroundOf = (badge: Locator) =>
  badge.evaluate((element) => getComputedStyle(element).backgroundColor);

test("a warning-only order's list badge reads as a warning, an error's as an error", async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/orders');
  const orders = new OrdersPage(page);
  const warned = orders.row('REF-WARNED').getByTestId('order-findings-count');
  await expect(warned).toHaveText('1 warning');
  await expect(warned).toHaveAttribute('title', '1 finding, a warning');
  expect(await backgroundOf(warned)).toBe(rgbOf(DEEP_SHADE.orange));
  // The order's own findings box heads it in the list's words: one order, one way of saying it.
  await orders.row('REF-WARNED').click();
  await expect(orders.detail().getByTestId('order-findings')).toContainText(/^1 warning: /);

  const contradicted = orders.row('REF-CONTRADICTED').getByTestId('order-findings-count');
  await expect(contradicted).toHaveText(/^\d+ findings?$/);
  expect(await backgroundOf(contradicted)).toBe(rgbOf(DEEP_SHADE.red));
});
