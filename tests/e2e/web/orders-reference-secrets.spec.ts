import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { pointLocalProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { OrdersPage } from '../pages/orders-page';

// A webhook whose order_reference_id and order_number echo the profile's own tokens: the body
// was masked, and so was the Orders list, but the order's detail showed both tokens whole (its
// title, Reference id, Order number), read again from the body.

const NOTIFICATION_TOKEN = 'secret-notif-0123456789';
const API_TOKEN = 'sk_test_APITOKEN_abcdef123456';
const ORDER_ID = 'dddddddd-0001-4000-8000-000000000001';

const test = base.extend<{ served: ServedConsole }>({
  served: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-orders-secrets-e2e-'));
    await pointLocalProfile(dataDir, {
      listenerPort: 0,
      apiToken: API_TOKEN,
      notificationToken: NOTIFICATION_TOKEN,
    });
    const served = await startServedConsole({}, dataDir);
    await use(served);
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

async function listenerUrl(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByText('Listener', { exact: true }).click();
  const url = await page.getByTestId('listener-url').textContent();
  if (url === null || url === '') throw new Error('The listener shows no URL.');
  return url;
}

test("an order's detail and search hide a profile token its reference and number echo", async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const listener = await listenerUrl(page);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));
  const response = await fetch(`${listener}?serviceToken=${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      order_id: ORDER_ID,
      order_reference_id: NOTIFICATION_TOKEN,
      order_number: API_TOKEN,
      event_type: 'order_approved',
      data: [],
    }),
  });
  expect(response.status).toBe(200);

  const orders = new OrdersPage(page);
  await orders.open();
  await orders.row('••••6789').click();
  await expect(orders.state()).toHaveText('approved');
  const detail = orders.detail();
  await expect(detail.getByRole('heading', { level: 4 })).toHaveText('••••6789');
  await expect(detail.getByTestId('order-reference-id')).toHaveText('••••6789');
  await expect(orders.fact('Order number')).toHaveText('••••3456');
  await expect(detail).not.toContainText(NOTIFICATION_TOKEN);
  await expect(detail).not.toContainText(API_TOKEN);

  // The search box finds the order by its id, never by a part of the token.
  const search = page.getByLabel('Search');
  await search.fill('secret-notif-0');
  await expect(page.getByTestId('orders-empty')).toHaveText('No order matches these filters.');
  await search.fill('dddddddd-0001');
  await expect(orders.row('••••6789')).toBeVisible();
});
