import { randomUUID } from 'node:crypto';
import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';
import { JwtPage } from '../pages/jwt-page';
import {
  capturedOrder,
  capturedWebhookId,
  checkoutPayload,
  createOrder,
  editedCapture,
  foreignCurrencyCapture,
  importPayload,
  payOrder,
  postNotification,
  replayEdited,
  signedAsTheService,
} from '../pages/order-flow';
import { OrdersPage } from '../pages/orders-page';
import { TimelinePage } from '../pages/timeline-page';
import { openEmulatorSettings } from '../pages/emulator-settings';

// Issue 14, "Every view tells the truth": one test per observation, each seen failing on the
// behaviour before the fix. Browser mode, the Local emulator, no network.

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
});

test('1. a replay to the own listener never moves the order; a service webhook that contradicts it is a finding', async ({
  page,
  served,
}) => {
  test.setTimeout(120_000);
  await openConsole(page, served, '#/builder');
  const order = await capturedOrder(page, served.origin);
  const orders = new OrdersPage(page);
  await expect(orders.fact('Captured')).toHaveText('104.10 SAR');

  // The listener's record of the service's order_captured, replayed with the edited body.
  const captureId = await capturedWebhookId(page, served.origin, order.orderId);
  await replayEdited(page, served.origin, captureId, editedCapture(order.orderId, order.reference));

  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  await expect(orders.detail()).toContainText('replay');
  await expect(orders.state()).toHaveText('fully captured');
  await expect(orders.fact('Captured')).toHaveText('104.10 SAR');
  await expect(orders.step('captured')).toContainText('104.10 SAR of 104.10 SAR');
  await expect(orders.records('crafted')).toHaveCount(1);
  // The replay and the listener's record of it are one send, shown as a replay that moved nothing.
  await expect(orders.records('crafted')).toContainText('replay');
  await expect(orders.records('crafted')).not.toHaveAttribute('data-effect', 'moved');
  await expect(orders.records('crafted')).toContainText(
    /received by the listener of profile "Local" as #\d+/,
  );
  await expect(orders.findings()).toHaveCount(0);

  // A verified notification (the service's key) in another currency is a finding, never summed.
  const token = await signedAsTheService(page, served.origin);
  await page.goto(`${served.origin}/#/listener`);
  const listener = await new JwtPage(page).listenerUrl();
  await postNotification(listener, token, foreignCurrencyCapture(order));
  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  await expect(orders.findings()).toHaveCount(1);
  await expect(orders.findings().first()).toContainText('AED');
  await expect(orders.findings().first()).toContainText('SAR');
  await expect(orders.fact('Captured')).toHaveText('104.10 SAR');
  await expect(orders.row(order.reference)).toContainText('1 finding');
});

test('2. the two records of one replayed send carry the same findings, and neither wears a plain green badge', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const { listener, token } = await jwt.listenerAndValidToken();
  const orderId = randomUUID();
  const original = await postNotification(
    listener,
    token,
    JSON.stringify({
      order_id: orderId,
      order_reference_id: 'REF-2',
      order_number: 'REF-2',
      event_type: 'order_captured',
      data: { capture_id: randomUUID(), captured_amount: { amount: '10.00', currency: 'SAR' } },
    }),
  );
  await replayEdited(page, served.origin, original, editedCapture(orderId, 'REF-2'));

  const timeline = new TimelinePage(page);
  await page.goto(`${served.origin}/#/timeline?order=${orderId}`);
  // The replay and the listener's record of it are one row (issue 16), which expands to both.
  await expect(timeline.rows()).toHaveCount(2);
  const sent = page.locator('[data-testid="timeline-row"]', {
    has: page.getByText('replay', { exact: true }),
  });
  await sent.getByTestId('row-expand').click();
  await expect(timeline.parts()).toHaveCount(2);
  const [replayId = 0] = await timeline.partIds();
  expect(await timeline.partIds()).toEqual([replayId, replayId + 1]);
  // The replay record and the listener's record of the same bytes: three findings each.
  for (const id of [replayId, replayId + 1]) {
    const chip = timeline.part(id).getByTestId('body-verdict');
    await expect(chip).toHaveText('event · 3 findings');
    await expect(chip).toHaveAttribute('data-findings', '3');
    await timeline.part(id).click();
    await expect(timeline.detail()).toHaveAttribute('data-id', String(id));
    await expect(timeline.detail().getByTestId('body-findings')).toContainText('3 findings');
    await expect(
      timeline.detail().getByRole('table', { name: 'Body findings' }).getByRole('row'),
    ).toHaveCount(3);
  }
  // The untouched original has none, and says so.
  await expect(timeline.row(original).getByTestId('body-verdict')).toHaveText('event');
});

test('3. text that does not parse is never reported as clean: panel, count and title say where it breaks', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await importPayload(page, checkoutPayload(served.origin, 'REF-3'));
  await expect(builder.errorCount()).toHaveText('0 errors');
  // A trailing comma: the text no longer parses.
  await builder.replaceRaw('{\n  "total_amount": {\n    "amount": 1,\n  }\n}');
  await page.getByTestId('findings-tab').click();
  await expect(page.getByTestId('findings-empty')).toHaveCount(0);
  await expect(page.getByTestId('findings-parse-error')).toContainText(/not JSON.*line 4, column 3/);
  await expect(builder.errorCount()).toHaveText('not JSON');
  await expect(page).toHaveTitle(/^Not JSON \(line 4, column 3\) — Builder/);
  await expect(page).not.toHaveTitle(/No findings/);
});

test('4. a webhook’s tokens are masked on the Request tab, with Reveal and Copy', async ({
  page,
  served,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const { listener, token } = await jwt.listenerAndValidToken();
  const id = await postNotification(listener, token, '{"order_id":"x","event_type":"order_approved"}');
  const timeline = new TimelinePage(page);
  await page.goto(`${served.origin}/#/timeline?id=${id}`);
  await expect(timeline.detail()).toHaveAttribute('data-id', String(id));
  await timeline.detail().getByRole('tab', { name: 'Request' }).click();
  const request = timeline.detail().getByTestId('request-section');
  await expect(request).toContainText('serviceToken=••••');
  await expect(request).toContainText('Bearer ••••');
  expect(await page.content()).not.toContain(token);
  await request.getByRole('button', { name: 'Copy the token' }).click();
  // The token comes from main first, then goes to the clipboard: wait for it to land.
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await request.getByRole('button', { name: 'Reveal the tokens' }).click();
  await expect(request).toContainText(`Bearer ${token}`);
});

test('5. a follow-up operation can go without Authorization, and a second send asks first', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  await payOrder(page, order);
  const orders = new OrdersPage(page);
  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  await expect(orders.state()).toHaveText('approved');
  const editor = await orders.sendWithoutAuthorization('Authorise');
  // Sent: the button now says so, and another send needs a confirmation.
  await expect(editor.getByRole('button', { name: 'Send authorise' })).toHaveCount(0);
  await editor.getByRole('button', { name: 'Send again' }).click();
  const confirm = page.getByRole('dialog', { name: /Send authorise again\?/ });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  // Cancelled: nothing went out. Confirmed: exactly one more.
  const timeline = new TimelinePage(page);
  // Rows name the operation (issue 16), no longer the path.
  const authorised = timeline
    .rows()
    .filter({ has: page.getByTestId('record-name').getByText('authorise', { exact: true }) });
  const timelineOfOrder = `${served.origin}/#/timeline?kind=request&order=${order.orderId}`;
  await page.goto(timelineOfOrder);
  await expect(authorised).toHaveCount(1);
  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  await orders.sendWithoutAuthorization('Authorise');
  await editor.getByRole('button', { name: 'Send again' }).click();
  await confirm.getByRole('button', { name: 'Send again' }).click();
  await expect(confirm).toBeHidden();
  await expect(editor.getByTestId('operation-answer').getByTestId('answer-status')).toHaveText('401');
  await page.goto(timelineOfOrder);
  await expect(authorised).toHaveCount(3);
  // Sent without Authorization, and recorded so.
  await timeline.openRecord(Number(await authorised.first().getAttribute('data-id')));
  await timeline.detail().getByRole('tab', { name: 'Request' }).click();
  await expect(timeline.detail().getByTestId('request-section')).not.toContainText('Authorization');
});

test('6. the JWT inspector keeps what arrived apart from what is inspected; verdict on top; times in UTC, local and relative', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const { listener, token } = await jwt.listenerAndValidToken();
  const id = await postNotification(listener, token, '{"order_id":"x","event_type":"order_approved"}');
  await page.goto(`${served.origin}/#/jwt?event=${id}`);
  const arrived = page.getByTestId('record-tokens');
  await expect(arrived).toContainText(`Arrived with webhook #${id}`);
  await expect(arrived.getByTestId('token-verdict').first()).toHaveText('valid');
  // The record's token is masked in the editor until asked for.
  await expect(page.getByRole('textbox', { name: 'Token' })).toHaveCount(0);
  await expect(page.getByTestId('inspected-token')).toContainText('••••');
  // (The token was crafted in this page's Craft panel, which shows what it signed.)
  for (const part of ['inspector', 'record-tokens'])
    expect(await page.getByTestId(part).innerHTML()).not.toContain(token);
  await expect(jwt.verdict()).toHaveText('valid');
  await page.getByRole('button', { name: 'Edit a copy' }).click();
  const editor = page.getByRole('textbox', { name: 'Token' });
  await expect(editor).toHaveValue(token);
  await editor.fill(`${token.slice(0, -2)}AA`);
  await expect(jwt.verdict()).toHaveText('invalid_signature');
  await expect(arrived.getByTestId('token-verdict').first()).toHaveText('valid');
  await expect(page.getByTestId('inspecting-edited')).toContainText(`not the token of webhook #${id}`);
  // The verdict on the token in the editor is at the top, above the editor itself.
  const verdictBox = await page.getByTestId('jwt-verdict').boundingBox();
  const editorBox = await editor.boundingBox();
  expect(verdictBox?.y ?? Infinity).toBeLessThan(editorBox?.y ?? 0);
  const exp = page.getByTestId('time-exp');
  // In UTC, as ISO 8601 (the reason and `jwt decode` write the claim so).
  await expect(exp).toContainText(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
  await expect(page.getByRole('columnheader', { name: /^Local \(.+\)$/ })).toBeVisible();
  await expect(exp).toContainText(/expires in \d+ minutes/);
});

test('7. money is written one way, with its currency’s decimals, everywhere; long countdowns read as hours', async ({
  page,
  served,
}) => {
  // The emulator keeps the default 30 minutes unless told to honour the request's 1440.
  await openConsole(page, served, '#/emulator');
  await openEmulatorSettings(page, 'Settings: where the spec is open');
  const spec = page.getByRole('region', { name: 'Settings: where the spec is open' });
  await spec.getByRole('switch', { name: 'Honour expires_in_minutes (enabled by support)' }).check();
  await spec.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await page.goto(`${served.origin}/#/builder`);
  const order = await createOrder(page, served.origin, { expires_in_minutes: 1440 });
  await page.goto(order.checkoutUrl);
  await expect(page.getByTestId('total')).toHaveText('104.10 SAR');
  await expect(page.locator('#countdown')).toHaveText(/^23:59:\d\d$/);
  await page.goto(`${served.origin}/#/emulator`);
  await expect(
    page.locator(`[data-testid="emulator-order"][data-order-id="${order.orderId}"]`),
  ).toContainText('104.10 SAR');
  await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
  const orders = new OrdersPage(page);
  await expect(orders.fact('Amount')).toHaveText('104.10 SAR');
  await expect(orders.row(order.reference)).toContainText('104.10 SAR');
});

// The same record read "20:59:51.693" on the Timeline and "Nov 30, 2026, 08:59:51 PM" in History
// in a browser set to Riyadh; the order's strip a 12-hour clock over the builder's 24-hour table.
test.describe('in Riyadh', () => {
  test.use({ timezoneId: 'Asia/Riyadh' });
  test('8. a time is written one way: the order’s Created, its record’s detail, its Timeline row and History agree, zone and UTC named', async ({
    page,
    served,
  }) => {
    // The page's own clock, moved past midnight below; it runs as the real one until then.
    await page.clock.install();
    await openConsole(page, served, '#/builder');
    const order = await createOrder(page, served.origin);
    await page.goto(`${served.origin}/#/orders?id=${order.orderId}`);
    const created = (await new OrdersPage(page).fact('Created').innerText()).replace(/\s+/g, ' ').trim();
    // Written by the window's one formatter, e.g. "Nov 29, 2026, 20:57:42.193 GMT+3", never "11/29/2026, 8:57:42 PM".
    expect(created).toMatch(/^[A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}:\d{2}\.\d{3} GMT\+3$/);
    const dateTime = created.replace(/ GMT\+3$/, '');
    const clock = dateTime.slice(-12);

    await page.goto(`${served.origin}/#/timeline`);
    const timeline = new TimelinePage(page);
    await timeline.expectReady();
    // By its test id, not its text: opened after midnight in Riyadh, a row made before it has the
    // day above the clock, and a clock-only pattern found no cell. The clock is its last part.
    const rowTime = timeline.row(1).getByTestId('row-time');
    await expect(rowTime).toHaveText(new RegExp(`${clock.replace('.', '\\.')}$`));
    // The UTC instant the CLI prints is one hover away, beside the zone's name.
    const title = (await rowTime.getAttribute('title')) ?? '';
    expect(title).toMatch(/^.+ GMT\+3 \(Asia\/Riyadh\) · \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z in UTC$/);
    expect(title.startsWith(created)).toBe(true);
    await timeline.openRecord(1);
    await expect(timeline.detail()).toContainText(`${created} (`);

    await page.goto(`${served.origin}/#/history`);
    const when = page
      .getByTestId('history-row')
      .filter({ has: page.getByRole('link', { name: '#1', exact: true }) })
      .getByRole('cell')
      .nth(1);
    await expect(when).toHaveText(dateTime);
    await expect(when).toHaveAttribute('title', title);

    // Left open past midnight, the cached row gives the record's day above its clock: it read
    // the date once, and kept writing yesterday's record as today's.
    await page.goto(`${served.origin}/#/timeline`);
    await expect(timeline.row(1).getByTestId('row-day')).toHaveCount(0);
    await page.clock.fastForward('24:00:00');
    await expect(timeline.row(1).getByTestId('row-day')).toHaveText(dateTime.slice(0, 6));
  });
});
