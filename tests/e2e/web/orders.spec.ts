import type { Page } from '@playwright/test';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startFakeCheckoutService, type FakeCheckoutService } from '../fixtures/fake-checkout-service';
import {
  cliPath,
  pointLocalProfile,
  projectRoot,
  startServedConsole,
  type ServedConsole,
} from '../fixtures/serve-process';
import { CommandPalette } from '../pages/command-palette';
import { OrdersPage } from '../pages/orders-page';
import { TimelinePage } from '../pages/timeline-page';

const NOTIFICATION_TOKEN = 'orders-e2e-notification-secret';
const API_TOKEN = 'orders-e2e-api-token-7f3a';
const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };

interface OrdersSetup {
  served: ServedConsole;
  fake: FakeCheckoutService;
  dataDir: string;
}

/** A served console whose Local profile points at a fake service and knows the notification token. */
const test = base.extend<{ setup: OrdersSetup }>({
  setup: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-orders-e2e-'));
    const fake = await startFakeCheckoutService();
    await pointLocalProfile(dataDir, {
      listenerPort: 0,
      baseUrl: fake.url,
      apiToken: API_TOKEN,
      notificationToken: NOTIFICATION_TOKEN,
    });
    const served = await startServedConsole({}, dataDir);
    await use({ served, fake, dataDir });
    await served.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/**
 * Creates an order with the send CLI (another process, the same database). Asynchronously:
 * the fake service answers from this process, which must not be blocked meanwhile.
 */
async function createOrder(setup: OrdersSetup, reference: string): Promise<string> {
  const payload = JSON.parse(
    readFileSync(join(projectRoot, 'tests/fixtures/general-valid.json'), 'utf8'),
  ) as Record<string, unknown>;
  const file = join(setup.dataDir, `${reference}.json`);
  writeFileSync(file, JSON.stringify({ ...payload, order_reference_id: reference }));
  const { stdout: output } = await promisify(execFile)(
    process.execPath,
    [cliPath, '--data-dir', setup.dataDir, 'send', file, '--profile', 'Local', '--json'],
    { env, encoding: 'utf8' },
  );
  const result = JSON.parse(output) as { checkout: { order_id: string } | null };
  if (result.checkout === null) throw new Error(`send did not create an order:\n${output}`);
  return result.checkout.order_id;
}

async function listenerUrl(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Main' }).getByText('Listener', { exact: true }).click();
  const url = await page.getByTestId('listener-url').textContent();
  if (url === null || url === '') throw new Error('The listener shows no URL.');
  return url;
}

/** POSTs a signed notification to the console's listener, as the service would. */
async function notify(
  listener: string,
  orderId: string,
  reference: string,
  eventType: string,
  data: unknown = [],
) {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));
  const response = await fetch(`${listener}?serviceToken=${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({
      order_id: orderId,
      order_reference_id: reference,
      order_number: '428154',
      event_type: eventType,
      data,
    }),
  });
  expect(response.status).toBe(200);
}

test('an order created elsewhere moves live with webhooks, and is authorised and captured from the view', async ({
  page,
  setup,
}) => {
  const orders = new OrdersPage(page);
  await openConsole(page, setup.served);
  const listener = await listenerUrl(page);
  await orders.open();
  await expect(page.getByTestId('orders-empty')).toBeVisible();

  const reference = 'ORD-E2E-LIVE-1';
  const orderId = await createOrder(setup, reference);
  // Written by another process: the view learns of it without a reload.
  await expect(orders.row(reference)).toBeVisible();
  await expect(orders.row(reference)).toContainText('72.98 SAR');
  await orders.row(reference).click();
  await expect(page).toHaveURL(new RegExp(`#/orders\\?id=${orderId}$`));
  await expect(orders.state()).toHaveText('new');
  await expect(orders.step('new')).toHaveAttribute('data-status', 'current');
  await expect(orders.detail().getByTestId('order-order-id')).toHaveText(orderId);
  // A button that asks first (showing the host), no longer a link that opens at once.
  await orders.detail().getByRole('button', { name: 'Open checkout page' }).click();
  await expect(page.getByRole('dialog').getByTestId('external-host')).toHaveText(/^127\.0\.0\.1(:\d+)?$/);
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await notify(listener, orderId, reference, 'order_approved');
  await expect(orders.state()).toHaveText('approved');
  await expect(orders.step('approved')).toHaveAttribute('data-status', 'current');
  await expect(orders.step('new')).toHaveAttribute('data-status', 'done');
  await expect(orders.step('approved').getByRole('link')).toHaveAttribute('href', /#\/timeline\?id=\d+$/);

  // Capture is not offered before authorisation, and says why.
  await expect(orders.action('Capture')).toBeDisabled();
  await orders.action('Capture').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Capture needs the order to be authorised, partially captured or partially refunded; it is approved.',
  );
  // …but it can be sent anyway, on purpose.
  await page.getByRole('button', { name: 'Send anyway (out of order)' }).click();
  await page.getByRole('menuitem', { name: 'Capture anyway' }).click();
  await expect(orders.editor().getByTestId('out-of-order-warning')).toBeVisible();
  await orders.closeEditor();

  await orders.action('Authorise').click();
  const editor = orders.editor();
  await expect(editor.getByLabel('URL')).toHaveValue(`${setup.fake.url}/orders/${orderId}/authorise`);
  await expect(editor.getByTestId('request-headers')).toContainText('Bearer ••••7f3a');
  await expect(editor.getByTestId('request-headers')).not.toContainText(API_TOKEN);
  await editor.getByRole('button', { name: 'Send authorise' }).click();
  await expect(editor.getByTestId('answer-status')).toHaveText('200');
  await orders.closeEditor();
  await expect(orders.state()).toHaveText('authorised');
  await expect(orders.step('authorised')).toContainText('by response');

  await notify(listener, orderId, reference, 'order_authorised');
  await expect(orders.detail().getByTestId('order-record').last()).toHaveAttribute(
    'data-effect',
    'confirmed',
  );
  // Reached by the answer, confirmed by the webhook: the strip says what the record list says.
  await expect(orders.step('authorised')).toContainText('by response');
  await expect(orders.step('authorised').getByTestId('strip-confirmed')).toHaveText('confirmed by webhook');

  await orders.action('Capture').click();
  await expect(orders.editor().getByLabel('Body')).toHaveValue(/"amount": 72.98,/);
  await orders.editor().getByRole('button', { name: 'Send capture' }).click();
  await expect(orders.editor().getByTestId('answer-status')).toHaveText('200');
  await orders.closeEditor();
  await expect(orders.state()).toHaveText('fully captured');
  await expect(orders.step('captured')).toHaveAttribute('data-status', 'current');
  await expect(orders.step('captured')).toContainText('72.98 SAR of 72.98 SAR');
  await expect(orders.action('Refund')).toBeEnabled();
  // The list follows too.
  await expect(orders.row(reference).getByText('fully captured', { exact: true })).toBeVisible();
  await expect(orders.action('Authorise')).toBeDisabled();

  const paths = setup.fake.received.map((request) => `${request.method} ${request.path}`);
  expect(paths).toEqual(['POST /checkout', `POST /orders/${orderId}/authorise`, 'POST /payments/capture']);
  // The capture body the official client sends: the amount, and zeros where the merchant has none.
  const zero = { amount: 0, currency: 'SAR' };
  expect(JSON.parse(setup.fake.received[2]?.body ?? '{}')).toEqual({
    order_id: orderId,
    total_amount: { amount: 72.98, currency: 'SAR' },
    items: [],
    shipping_amount: zero,
    tax_amount: zero,
    discount_amount: zero,
    shipping_info: {
      shipped_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      shipping_company: '',
      tracking_number: null,
      tracking_url: null,
    },
  });

  // The timeline filtered by the order shows the same lifecycle: every record, the state after each.
  await page.goto(`${setup.served.origin}/#/timeline?order=${orderId}`);
  const panel = page.getByTestId('timeline-order-lifecycle');
  await expect(panel.getByTestId('lifecycle-strip')).toBeVisible();
  const records = panel.getByRole('list', { name: `Records of order ${orderId}, oldest first` });
  await expect(records.getByRole('listitem')).toHaveCount(5);
  await expect(records.getByRole('listitem').first()).toHaveAccessibleName(/state after new$/);
  await expect(records.getByRole('listitem').last()).toHaveAccessibleName(/state after fully_captured$/);
  await records.getByRole('listitem').nth(1).click();
  await expect(page).toHaveURL(/#\/timeline\?order=[^&]+&id=\d+$/);
});

test('a live timeline shows a request another process sent, without being opened again', async ({
  page,
  setup,
}) => {
  await openConsole(page, setup.served);
  const timeline = new TimelinePage(page);
  await timeline.open();
  await expect(page.getByTestId('timeline-empty')).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveText('Live');
  await createOrder(setup, 'ORD-E2E-ELSEWHERE');
  await expect(page.getByTestId('timeline-row').getByTestId('record-name')).toContainText(
    ['createCheckout'],
    { timeout: 5_000 },
  );
});

test('filters narrow the list, and the palette jumps to an order by reference', async ({ page, setup }) => {
  const first = await createOrder(setup, 'ORD-E2E-ALPHA');
  await createOrder(setup, 'ORD-E2E-BRAVO');
  const orders = new OrdersPage(page);
  await openConsole(page, setup.served, '#/orders');
  await expect(orders.list().getByTestId('order-row')).toHaveCount(2);
  await expect(page.getByTestId('orders-total')).toHaveText('2');

  await page.getByLabel('Search').fill('bravo');
  await expect(orders.list().getByTestId('order-row')).toHaveCount(1);
  await expect(orders.row('ORD-E2E-BRAVO')).toBeVisible();
  await page.getByLabel('Search').fill('');
  await expect(orders.list().getByTestId('order-row')).toHaveCount(2);

  await page.getByRole('navigation', { name: 'Main' }).getByText('Profiles', { exact: true }).click();
  const palette = new CommandPalette(page);
  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  await palette.choose('E2E-ALPHA', /^ORD-E2E-ALPHA/);
  await expect(page).toHaveURL(new RegExp(`#/orders\\?id=${first}$`));
  await expect(orders.detail().getByRole('heading', { name: 'ORD-E2E-ALPHA' })).toBeVisible();
  await expect(orders.state()).toHaveText('new');
});
