import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { toFront } from '../fixtures/front-tab';
import { startFakeCheckoutService, type FakeCheckoutService } from '../fixtures/fake-checkout-service';
import { pointLocalProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { BuilderPage } from '../pages/builder-page';

const API_TOKEN = 'builder-e2e-api-token-51c2';

/** A served console whose Local profile sends to a fake service on 127.0.0.1. */
const test = base.extend<{ setup: { served: ServedConsole; fake: FakeCheckoutService } }>({
  setup: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-builder-e2e-'));
    const fake = await startFakeCheckoutService();
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: fake.url, apiToken: API_TOKEN });
    const served = await startServedConsole({}, dataDir);
    await use({ served, fake });
    await served.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

test('Ctrl+Enter sends the payload; the answer shows the new session with copy buttons and its page', async ({
  page,
  setup,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openConsole(page, setup.served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByLabel('Fresh reference').check();
  const before = (await builder.rawJson()) as { order_reference_id: string };

  // The request as it will go: the token masked, the listener URL filled in.
  await page.getByRole('tab', { name: 'Request' }).click();
  await expect(page.getByTestId('request-preview')).toContainText(`${setup.fake.url}/checkout`);
  await expect(page.getByTestId('notification-plan')).toContainText('merchant_url.notification');
  await expect(page.getByTestId('request-preview')).not.toContainText(API_TOKEN);

  await builder.field('Description', 'Order').click();
  await page.keyboard.press('ControlOrMeta+Enter');
  const created = page.getByTestId('checkout-created');
  await expect(created).toBeVisible();
  const orderId = setup.fake.orderIds[0] ?? '';
  await expect(page.getByTestId('created-order_id')).toHaveText(orderId);
  await expect(page.getByTestId('created-status')).toHaveText('new');
  await expect(created.getByRole('button', { name: 'Copy checkout_url' })).toBeVisible();

  // The service's checkout_url opens only after a confirmation that shows where it goes.
  const checkoutUrl = `http://127.0.0.1/checkout-page?order_id=${orderId}&locale=en_US`;
  await page.getByRole('button', { name: 'Open checkout page' }).click();
  const confirm = page.getByRole('dialog', { name: 'Open 127.0.0.1?' });
  await expect(confirm.getByTestId('external-host')).toHaveText('127.0.0.1');
  await expect(confirm.getByTestId('external-url')).toHaveText(checkoutUrl);
  // This machine's own page: still asked, without the plain-HTTP alarm meant for network hosts.
  await expect(confirm.getByTestId('external-loopback')).toContainText('on this machine');
  const pagesBefore = page.context().pages().length;
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(page.context().pages()).toHaveLength(pagesBefore);
  await page.getByRole('button', { name: 'Open checkout page' }).click();
  // Nothing listens on 127.0.0.1:80: the new tab gets a stand-in page, so its address can be read.
  await page.context().route(checkoutUrl, (route) => route.fulfill({ body: 'checkout page' }));
  const opened = page.context().waitForEvent('page');
  await confirm.getByRole('button', { name: 'Open in the browser' }).click();
  const tab = await opened;
  await tab.waitForLoadState();
  expect(tab.url()).toBe(checkoutUrl);
  // Back to the console's tab, as a person would, for the rest.
  await toFront(page);

  // What reached the service: the payload with a fresh reference (shown in the builder too).
  const sent = JSON.parse(setup.fake.received[0]?.body ?? '{}') as { order_reference_id: string };
  expect(sent.order_reference_id).not.toBe(before.order_reference_id);
  expect(((await builder.rawJson()) as { order_reference_id: string }).order_reference_id).toBe(
    sent.order_reference_id,
  );
  expect(setup.fake.received[0]?.authorization).toBe(`Bearer ${API_TOKEN}`);

  // That reference is now an order's. With Fresh reference on, a Send writes another, so nothing
  // is said; off, the builder says a Send would make a second order with it (it said nothing).
  // The only order with it is the one this Send made: said by its answer, not above the form.
  const sentBefore = page.getByTestId('reference-sent-before');
  const sendAgain = page.getByTestId('send-response').getByTestId('send-again-hint');
  await expect(sentBefore).toBeHidden();
  await expect(sendAgain).toBeHidden();
  await page.getByLabel('Fresh reference').uncheck();
  await expect(sendAgain).toHaveText('Sending this again makes a second order with this order_reference_id.');
  await expect(sentBefore).toBeHidden();
  await page.getByLabel('Fresh reference').check();
  await expect(sendAgain).toBeHidden();

  await page.getByRole('button', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(new RegExp(`#/orders\\?id=${orderId}`));

  // Sent again as it is: two orders now share the reference, and the notice says so.
  await page.goto(`${setup.served.origin}/#/builder`);
  await page.getByLabel('Fresh reference').uncheck();
  await builder.field('Description', 'Order').click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect.poll(() => setup.fake.orderIds.length).toBe(2);
  const second = setup.fake.orderIds[1] ?? '';
  await expect(page.getByTestId('created-order_id')).toHaveText(second);
  await expect(sentBefore).toContainText(
    `order_reference_id ${sent.order_reference_id} is already 2 orders' (the newest ${second.slice(0, 8)}…`,
  );
});

test('a payload with errors is sent only through "Send anyway", and marked as such', async ({
  page,
  setup,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openConsole(page, setup.served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await builder.field('Description', 'Order').fill('');
  await expect(builder.errorCount()).toHaveText('1 error');

  await page.getByRole('button', { name: /^Send to Local/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Send with 1 error?' });
  await expect(dialog).toContainText('description');
  await dialog.getByRole('button', { name: 'Back to editing' }).click();
  expect(setup.fake.received).toHaveLength(0);

  await page.getByRole('button', { name: /^Send to Local/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Send anyway' }).click();
  await expect(page.getByTestId('send-response')).toContainText('Sent with 1 error');
  expect(setup.fake.received).toHaveLength(1);

  // Text that is not JSON goes as typed, on purpose.
  await builder.replaceRaw('{"order_reference_id": ');
  await page.getByRole('button', { name: /^Send to Local/ }).click();
  await expect(page.getByRole('dialog', { name: 'Send text that is not JSON?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Send anyway' }).click();
  await expect(page.getByTestId('send-response')).toContainText('Sent as raw text');
  await expect.poll(() => setup.fake.received[1]?.body).toBe('{"order_reference_id": ');
});

test('text that does not parse, sent anyway, is on the timeline as sent with errors', async ({
  page,
  setup,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openConsole(page, setup.served, '#/builder');
  const builder = new BuilderPage(page);
  await builder.replaceRaw('{"order_reference_id": "BAD-1", "total_amount": {"amount": 100.00,}');
  await page.getByRole('button', { name: /^Send to Local/ }).click();
  await page
    .getByRole('dialog', { name: 'Send text that is not JSON?' })
    .getByRole('button', { name: 'Send anyway' })
    .click();
  await expect(page.getByTestId('send-response')).toContainText('Sent as raw text');

  await page.goto(`${setup.served.origin}/#/timeline?kind=request`);
  await expect(page.getByRole('table', { name: 'Timeline records' })).toHaveAttribute('aria-busy', 'false');
  const id = await page.getByTestId('timeline-row').first().getAttribute('data-id');
  await page.goto(`${setup.served.origin}/#/timeline?id=${id}`);
  const outcome = page.getByTestId('event-detail').getByTestId('request-outcome');
  await expect(outcome.getByText('raw body', { exact: true })).toBeVisible();
  await expect(outcome.getByTestId('sent-with-errors')).toHaveText('sent with errors');
  await expect(outcome).toContainText('Validation before sending: 1 error, 0 warnings.');
});

test('a double-click on Send sends once and lets it finish (the second click does not cancel it)', async ({
  page,
  setup,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, setup.served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();

  // Send turns into Cancel where it stood: the second click of a double-click landed on it.
  await page.getByRole('button', { name: 'Send to Local' }).dblclick();

  await expect(page.getByTestId('created-status')).toHaveText('new');
  await expect(page.getByRole('button', { name: 'Send to Local' })).toBeVisible();
  expect(setup.fake.received.filter((request) => request.path === '/checkout')).toHaveLength(1);
});

test('Send pressed again while "Send anyway" is asked does not ask twice, nor send twice', async ({
  page,
  setup,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, setup.served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await new BuilderPage(page).field('Description').fill('');

  await page.getByRole('button', { name: 'Send to Local' }).click();
  await expect(page.getByRole('dialog', { name: 'Send with 1 error?' })).toBeVisible();
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.getByRole('button', { name: 'Send anyway' }).first().click();

  await expect(page.getByTestId('created-status')).toHaveText('new');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(setup.fake.received.filter((request) => request.path === '/checkout')).toHaveLength(1);
});

// A tester's finding: after a Send made the order, the reference notice was quiet grey; a Send
// that then failed (nothing listening, nothing created) turned it orange ("A Send makes another
// order"), as if another had made that order, and it stayed so. A Send that creates nothing (no
// answer, or a 4xx) leaves the order the builder's last successful Send made its own, reload or not.
test('the reference notice stays the builder’s own after a Send that created nothing', async ({
  page,
  setup,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, setup.served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByLabel('Fresh reference').uncheck();
  const send = page.getByRole('button', { name: 'Send to Local' });
  await send.click();
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const orderId = setup.fake.orderIds[0] ?? '';
  const own = 'Sending this again makes a second order with this order_reference_id.';
  // Said by the answer (or the send restored after a reload), never as another's above the form.
  const sendAgain = page.getByTestId('send-again-hint');
  const sentBefore = page.getByTestId('reference-sent-before');
  await expect(sendAgain).toHaveText(own);
  await expect(page.getByTestId('created-order_id')).toHaveText(orderId);
  await expect(sentBefore).toHaveCount(0);

  // Refused with a 4xx: nothing created, the order is still the one this builder made.
  setup.fake.refuseCheckout = 400;
  await send.click();
  await expect(page.getByTestId('send-response')).toContainText('400');
  await expect(page.getByTestId('checkout-created')).toBeHidden();
  expect(setup.fake.orderIds).toHaveLength(1);
  await expect(sendAgain).toHaveText(own);
  await expect(sentBefore).toHaveCount(0);

  // A reload reads the same from the working copy.
  await page.reload();
  await page.getByRole('tab', { name: 'Response' }).click();
  await expect(page.getByTestId('restored-send').getByTestId('send-again-hint')).toHaveText(own);
  await expect(sentBefore).toHaveCount(0);

  // Nothing listening: no answer, nothing created, still the builder's own.
  await setup.fake.close();
  await send.click();
  await expect(page.getByTestId('sent-to')).toHaveText('Sent to Local: no answer');
  await expect(sendAgain).toHaveText(own);
  await expect(sentBefore).toHaveCount(0);
});

// Seen in a walk: "Send with 1 error?" asked, then the view left by its address (Back, a link,
// a shortcut): the question stayed open over the Timeline, and "Send anyway" there sent from a
// Builder no longer shown. Leaving withdraws it as a no.
test('leaving the Builder under "Send with 1 error?" withdraws the question and sends nothing', async ({
  page,
  setup,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, setup.served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await new BuilderPage(page).field('Description').fill('');

  await page.getByRole('button', { name: 'Send to Local' }).click();
  await expect(page.getByRole('dialog', { name: 'Send with 1 error?' })).toBeVisible();
  await page.evaluate(() => {
    window.location.hash = '#/timeline';
  });
  await expect(page.getByTestId('timeline-view')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(setup.fake.received.filter((request) => request.path === '/checkout')).toHaveLength(0);

  // Back in the Builder, Send asks again: the first question left nothing half-decided.
  await page.evaluate(() => {
    window.location.hash = '#/builder';
  });
  await page.getByRole('button', { name: 'Send to Local' }).click();
  await expect(page.getByRole('dialog', { name: 'Send with 1 error?' })).toBeVisible();
});
