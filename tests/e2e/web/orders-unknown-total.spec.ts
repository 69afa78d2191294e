import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { pointLocalProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { postNotification } from '../pages/order-flow';
import { OrdersPage } from '../pages/orders-page';

// An order this console never created (no checkout request seen, so no total) read "captured"
// after a capture of 40.00, its amount "—": "fully" is the documented default for an unknown
// total ("an unknown total counts a capture as full"), not evidence, and the view did not say so.

const NOTIFICATION_TOKEN = 'unknown-total-e2e-secret';
const ORDER_ID = '3f2b8c1d-5e6a-4b7c-9d0e-1f2a3b4c5d6e';
const REFERENCE = 'REF-NEVER-CREATED';

const test = base.extend<{ notified: ServedConsole }>({
  notified: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-unknown-total-'));
    await pointLocalProfile(dataDir, { listenerPort: 0, notificationToken: NOTIFICATION_TOKEN });
    const served = await startServedConsole({}, dataDir);
    await use(served);
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/** A token signed with the profile's notification token, as the service signs one. */
const serviceToken = () =>
  new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));

const notification = (eventType: string, data: unknown = []) =>
  JSON.stringify({
    order_id: ORDER_ID,
    order_reference_id: REFERENCE,
    order_number: '1001',
    event_type: eventType,
    data,
  });

/** Opens the console and has the service approve and authorise an order it never created. */
async function authorisedUnknown(page: Page, notified: ServedConsole) {
  await openConsole(page, notified, '#/listener');
  const listener = await page.getByTestId('listener-url').textContent();
  if (listener === null || listener === '') throw new Error('The listener shows no URL.');
  const token = await serviceToken();
  await postNotification(listener, token, notification('order_approved'));
  await postNotification(listener, token, notification('order_authorised'));
  return { listener, token };
}

/** As `authorisedUnknown`, then the service captures 40.00 SAR of it. */
async function capturedFortyOfUnknown(page: Page, notified: ServedConsole) {
  const { listener, token } = await authorisedUnknown(page, notified);
  await postNotification(
    listener,
    token,
    notification('order_captured', {
      capture_id: '6f1c9b57-2c7e-4f0e-9a53-8a1f0c9d2b11',
      captured_amount: { amount: '40.00', currency: 'SAR' },
    }),
  );
  return { listener, token };
}

test('a capture of an order whose total is unknown says "captured" is the default, not evidence', async ({
  page,
  notified,
}) => {
  const orders = new OrdersPage(page);
  await capturedFortyOfUnknown(page, notified);
  await orders.open();
  await expect(orders.row(REFERENCE)).toContainText('captured, total unknown');
  // The word `orders` prints for it (order-total-words.ts): the list showed "—".
  await expect(orders.row(REFERENCE).getByTestId('order-row-amount')).toHaveText('unknown');
  await orders.row(REFERENCE).click();

  await expect(orders.state()).toHaveText('captured, total unknown');
  await expect(orders.fact('Amount')).toHaveText('unknown');
  await expect(orders.fact('Captured')).toHaveText('40.00 SAR');
  await expect(orders.step('captured')).toContainText('40.00 SAR of an unknown total');
  const note = page.getByTestId('order-state-by-default');
  await expect(note).toContainText('Captured by the documented default');
  await expect(note).toContainText('the order total is unknown');
  await expect(note).toContainText('"an unknown total counts a capture as full"');
  await orders.action('Capture').hover();
  await expect(page.getByRole('tooltip')).toContainText(
    'It is captured, total unknown: full by the documented default, not evidence.',
  );
});

test('after a partial refund of an unknown total, every step of the strip is named whole at 1280 px', async ({
  page,
  notified,
}) => {
  // Five steps on the strip at the narrowest supported window: "Appro…", "Author…", "Captur…",
  // "Refun…", every label cut but "New".
  await page.setViewportSize({ width: 1280, height: 800 });
  const orders = new OrdersPage(page);
  const { listener, token } = await capturedFortyOfUnknown(page, notified);
  await postNotification(
    listener,
    token,
    notification('order_refunded', {
      refund_id: '8a2d0c68-3d8f-4a1f-8b64-9b2f1d0e3c22',
      refunded_amount: { amount: '10.00', currency: 'SAR' },
    }),
  );
  await orders.open();
  await orders.row(REFERENCE).click();
  await expect(orders.state()).toHaveText('partially refunded');
  await expect(orders.fact('Amount')).toHaveText('unknown');
  await expect(orders.fact('Refunded')).toHaveText('10.00 SAR');
  const steps = orders.detail().getByTestId('lifecycle-strip').getByRole('listitem');
  await expect(steps).toHaveCount(5);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const labels = await steps.evaluateAll((cells) =>
      cells.map((cell) => {
        const label = cell.querySelector('.mantine-Text-root');
        return {
          text: label?.textContent ?? '',
          cut: label === null || label.scrollWidth > label.clientWidth + 1,
        };
      }),
    );
    expect(labels.map((label) => label.text)).toEqual([
      'New',
      'Approved',
      'Authorised',
      'Captured',
      'Refunded',
    ]);
    expect(labels.filter((label) => label.cut).map((label) => `${scheme}: ${label.text}`)).toEqual([]);
  }
});

// The capture editor of an order with no known total opened with "amount": null in its body and
// nothing saying why, and sent it so; the refund editor did the same when no capture was known.
test('the capture and refund editors of an order with no known total say why no amount is proposed, and ask for one', async ({
  page,
  notified,
}) => {
  const orders = new OrdersPage(page);
  await authorisedUnknown(page, notified);
  await orders.open();
  await orders.row(REFERENCE).click();
  await expect(orders.state()).toHaveText('authorised');

  await orders.action('Capture').click();
  const editor = orders.editor();
  const body = editor.getByLabel('Body');
  await expect(body).toContainText('"amount": null');
  await expect(editor.getByTestId('amount-not-proposed')).toHaveText(
    'No amount proposed' +
      "The order's total is unknown: no create-checkout call of this console's own gives it, so no amount to capture can be proposed. Type it in the body's total_amount.amount: nothing is sent without one.",
  );
  await editor.getByRole('button', { name: 'Send capture' }).click();
  const refused = editor.getByTestId('send-refused');
  await expect(refused).toHaveText(
    'Nothing was sent: total_amount.amount is empty: type the amount to capture (none could be proposed).',
  );
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(editor.getByTestId('operation-answer')).toHaveCount(0);
  // Typed, it goes.
  await body.fill((await body.inputValue()).replace('"amount": null', '"amount": 40'));
  await expect(refused).toHaveCount(0);
  await editor.getByRole('button', { name: 'Send capture' }).click();
  await expect(editor.getByTestId('operation-answer')).toBeVisible();
  await orders.closeEditor();

  // The refund editor, with no capture known either, says it in the same words.
  await page.getByRole('button', { name: 'Send anyway (out of order)' }).click();
  await page.getByRole('menuitem', { name: 'Refund anyway' }).click();
  await expect(editor.getByTestId('amount-not-proposed')).toContainText(
    "No capture of this order is known, and its total is unknown: no create-checkout call of this console's own gives it, so no amount to refund can be proposed. Type it in the body's total_amount.amount",
  );
  await editor.getByRole('button', { name: 'Send refund' }).click();
  await expect(editor.getByTestId('send-refused')).toContainText('total_amount.amount is empty');
});
