import type { Page } from '@playwright/test';
import { openConsole, test, expect } from '../fixtures/console-test';
import { droppableConnection } from '../fixtures/droppable-connection';
import { JwtPage } from '../pages/jwt-page';
import { TimelinePage } from '../pages/timeline-page';

const ORDER_ID = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';
const approved = (reference: string) =>
  JSON.stringify({
    order_id: ORDER_ID,
    order_reference_id: reference,
    order_number: 'N-1',
    event_type: 'order_approved',
    data: [],
  });

/** POSTs a webhook to the console's listener the way the service does: token in the query and the header. */
async function deliver(
  page: Page,
  listener: string,
  token: string,
  body = approved('REF-LIVE-1'),
): Promise<number> {
  const response = await page.request.post(`${listener}/webhooks?serviceToken=${token}`, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    data: body,
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { id: number }).id;
}

test('webhooks appear live with their verdicts; the detail pane shows both token checks, the decoded JWT and a redacted cURL', async ({
  page,
  served,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const listener = await jwt.listenerUrl();
  await jwt.open();
  const valid = await jwt.craft('Valid');
  const forged = await jwt.craft('Wrong key');

  const timeline = new TimelinePage(page);
  await timeline.open();
  await expect(page.getByTestId('timeline-empty')).toBeVisible();
  await expect(page.getByTestId('live-state')).toHaveText('Live');

  const validId = await deliver(page, listener, valid);
  await expect(timeline.tokenVerdict(validId)).toHaveAttribute('data-verdict', 'valid');
  const forgedId = await deliver(page, listener, forged);
  await expect(timeline.tokenVerdict(forgedId)).toHaveAttribute('data-verdict', 'invalid_signature');
  expect(await timeline.shownIds()).toEqual([forgedId, validId]);
  await expect(timeline.row(validId).getByTestId('record-kind')).toHaveText('webhook');
  await expect(timeline.row(validId).getByTestId('record-status')).toHaveText('200');
  // Tokens from the JWT inspector are the console's: each row says so, whatever the verdict.
  await expect(timeline.row(validId).getByTestId('record-provenance')).toHaveText('crafted');
  await expect(timeline.row(forgedId).getByTestId('record-provenance')).toHaveText('crafted');

  await timeline.openRecord(forgedId);
  await expect(page).toHaveURL(new RegExp(`#/timeline\\?id=${forgedId}$`));
  const detail = timeline.detail();
  await expect(detail.getByTestId('provenance-note')).toContainText(
    /Its token was signed by this console at .+\. It never moves an order\./,
  );
  await expect(detail.getByTestId('token-check-header').getByTestId('token-verdict')).toHaveAttribute(
    'data-verdict',
    'invalid_signature',
  );
  await expect(detail.getByTestId('token-check-query').getByTestId('token-verdict')).toHaveAttribute(
    'data-verdict',
    'invalid_signature',
  );
  // The same token in both places: its reason is said once, above the places it was found.
  await expect(detail.getByTestId('token-reason')).toContainText(
    'forged, tampered with, or signed with another key',
  );
  await expect(
    detail.getByTestId('token-checks').getByText(/forged, tampered with, or signed with another key/),
  ).toHaveCount(1);
  await expect(detail.getByTestId('jwt-header')).toContainText('"alg": "HS256"');
  await expect(detail.getByTestId('jwt-claims')).toContainText('"exp"');
  await expect(detail.getByTestId('relative-exp')).toHaveText(/expires in 1[45] minutes/);
  await expect(detail.getByTestId('body-findings').getByTestId('body-verdict')).toHaveAttribute(
    'data-verdict',
    'event',
  );
  await expect(detail.getByTestId('open-in-inspector')).toHaveAttribute('href', `#/jwt?event=${forgedId}`);
  await expect(detail.getByTestId('link-same-order')).toHaveAttribute('href', `#/timeline?order=${ORDER_ID}`);

  await detail.getByRole('tab', { name: 'Request' }).click();
  await expect(detail.getByRole('table', { name: 'Request headers' })).toContainText('Content-Type');
  await expect(detail.getByTestId('request-body-pretty')).toContainText('"order_reference_id": "REF-LIVE-1"');
  await detail.getByRole('radiogroup', { name: 'request body view' }).getByText('Raw').click();
  await expect(detail.getByTestId('request-body-raw')).toHaveText(approved('REF-LIVE-1'));
  await detail.getByRole('tab', { name: 'Response' }).click();
  await expect(detail.getByTestId('response-body-pretty')).toContainText('"received": true');

  await detail.getByRole('button', { name: 'Copy as cURL' }).click();
  const command = page.getByTestId('curl-command');
  await expect(command).toContainText(`curl --request POST '${listener}/webhooks?serviceToken=REDACTED'`);
  await expect(command).toContainText(`--header 'Authorization: Bearer REDACTED'`);
  await expect(command).not.toContainText(forged);
  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('serviceToken=REDACTED');
  expect(copied).not.toContain(forged);

  await page.getByRole('switch', { name: /Include the notification token/ }).check();
  await expect(command).toContainText(`serviceToken=${forged}`);
});

test('pause live: new records are counted, not shown, until shown on click or resumed', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const listener = await jwt.listenerUrl();
  await jwt.open();
  const valid = await jwt.craft('Valid');
  const timeline = new TimelinePage(page);
  await timeline.open();
  await timeline.pauseButton().click();
  await expect(page.getByTestId('live-state')).toHaveText('Paused');
  // Paused on an empty list, the first record is counted and not shown: the list says so, where it
  // said "Nothing yet" beside "1 new".
  const first = await deliver(page, listener, valid);
  await expect(timeline.unreadCount()).toHaveText('1 new');
  await expect(page.getByTestId('timeline-empty')).toHaveText(
    'None were stored when the list was loaded; 1 has arrived since.',
  );
  await timeline.unreadCount().click();
  await expect(timeline.row(first)).toBeVisible();

  const second = await deliver(page, listener, valid, approved('REF-LIVE-2'));
  await expect(timeline.unreadCount()).toHaveText('1 new');
  const third = await deliver(page, listener, valid, approved('REF-LIVE-3'));
  await expect(timeline.unreadCount()).toHaveText('2 new');
  await expect(timeline.rows()).toHaveCount(1);

  await timeline.unreadCount().click();
  await expect(timeline.unreadCount()).toHaveCount(0);
  expect(await timeline.shownIds()).toEqual([third, second, first]);
  await expect(page.getByTestId('live-state')).toHaveText('Paused');

  const fourth = await deliver(page, listener, valid, approved('REF-LIVE-4'));
  await expect(timeline.unreadCount()).toHaveText('1 new');
  await timeline.resumeButton().click();
  await expect(page.getByTestId('live-state')).toHaveText('Live');
  await expect(timeline.row(fourth)).toBeVisible();
  const fifth = await deliver(page, listener, valid, approved('REF-LIVE-5'));
  await expect(timeline.row(fifth)).toBeVisible();
  expect(await timeline.shownIds()).toEqual([fifth, fourth, third, second, first]);
});

test('Ctrl+L focuses the timeline filter', async ({ page, served }) => {
  await openConsole(page, served, '#/timeline');
  const timeline = new TimelinePage(page);
  await timeline.expectReady();
  await page.getByRole('button', { name: 'Pause live' }).focus();
  await page.keyboard.press('Control+l');
  await expect(timeline.search()).toBeFocused();
});

// Disconnected (serve stopped, the socket dropped) the badge still said Live under the banner
// saying nothing arrives: it says Not live until the console answers again.
test('the live badge says Not live while the tab is disconnected, and Live again once back', async ({
  page,
  served,
}) => {
  const connection = await droppableConnection(page);
  await openConsole(page, served, '#/timeline');
  const badge = page.getByTestId('live-state');
  await expect(badge).toHaveText('Live');
  await connection.drop();
  await expect(page.getByTestId('connection-banner')).toBeVisible();
  await expect(badge).toHaveText('Not live');
  await expect(badge).toHaveAttribute('data-live', 'false');
  await connection.restore();
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  await expect(badge).toHaveText('Live');
});
