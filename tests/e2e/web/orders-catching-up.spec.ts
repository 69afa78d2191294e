import { expect, openConsole, test } from '../fixtures/console-test';
import { startConsoleWith, writeEvents } from '../fixtures/seed-events';

// After a flood of webhooks the Orders list derives its orders in the background: what it shows
// meanwhile is partial, and it says so until it is whole (it held the whole process before).

const FLOODED = 4_000;
const orderId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

test('after a flood of webhooks, the list says it is still deriving until every order is there', async ({
  page,
}) => {
  const start = Date.now() - FLOODED * 1000;
  const served = await startConsoleWith((dataDir) =>
    writeEvents(
      dataDir,
      Array.from({ length: FLOODED }, (_, n) => ({
        kind: 'webhook' as const,
        atMs: start + n * 1000,
        path: '/hooks',
        status: 200,
        orderId: orderId(n),
        eventType: 'order_approved',
        tokenVerdict: 'valid' as const,
        bodyVerdict: 'event' as const,
        requestBody: Buffer.from(
          JSON.stringify({
            order_id: orderId(n),
            order_reference_id: `FLOOD-${n}`,
            event_type: 'order_approved',
          }),
        ),
      })),
    ),
  );
  try {
    await openConsole(page, served, '#/orders');
    const notice = page.getByTestId('orders-catching-up');
    await expect(notice).toContainText('Still deriving orders from their records:');
    await expect(notice).toContainText('This list is what is derived so far');
    // It fills in by itself, and the notice goes once the list is whole.
    await expect(notice).toBeHidden({ timeout: 60_000 });
    await expect(page.getByTestId('orders-total')).toHaveText(String(FLOODED));
  } finally {
    await served.stop();
  }
});
