import type { Locator, Page } from '@playwright/test';
import type { NewEvent } from '../../../src/main/store/events-repository';
import { openConsole, test, expect } from '../fixtures/console-test';
import { startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';
import { JwtPage } from '../pages/jwt-page';
import { capturedOrder, createOrder, payOrder, postNotification } from '../pages/order-flow';
import { TimelinePage } from '../pages/timeline-page';

const kindsOf = (row: Locator) => row.getByTestId('row-kinds').getByTestId('record-kind');

test('an emulator delivery and the webhook it produced are one row, merged live, that expands to both parts and their verdicts', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  const timeline = new TimelinePage(page);
  await page.goto(`${served.origin}/#/timeline?order=${order.orderId}`);
  await expect(timeline.rows()).toHaveCount(1);

  await payOrder(page, order);
  // The webhook arrives first; the delivery is written once its answer is in, into the same row.
  const row = timeline.rows().filter({ has: page.getByTestId('row-expand') });
  await expect(kindsOf(row)).toHaveText(['delivery', 'webhook']);
  await expect(timeline.rows()).toHaveCount(2);
  await expect(row.getByTestId('record-name')).toHaveText('order_approved');
  await expect(row.getByTestId('token-verdict')).toHaveAttribute('data-verdict', 'valid');
  await expect(row.getByTestId('body-verdict')).toHaveAttribute('data-verdict', 'event');
  await expect(row.getByTestId('record-status')).toHaveText('200');

  await row.getByTestId('row-expand').click();
  const parts = page.getByTestId('timeline-part');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0).getByTestId('record-kind')).toHaveText('delivery');
  await expect(parts.nth(0).getByTestId('record-status')).toHaveText('200');
  await expect(parts.nth(0).getByTestId('token-verdict')).toHaveCount(0);
  await expect(parts.nth(1).getByTestId('record-kind')).toHaveText('webhook');
  await expect(parts.nth(1).getByTestId('token-verdict')).toHaveAttribute('data-verdict', 'valid');
  await expect(parts.nth(1).getByTestId('body-verdict')).toHaveAttribute('data-verdict', 'event');
  // The row's time and id are one record's, the delivery that began it: it showed the
  // delivery's time beside the webhook's id.
  await expect(row.getByTestId('row-id')).toHaveText(await parts.nth(0).getByTestId('row-id').innerText());
  await expect(row.getByTestId('row-time')).toHaveText(
    await parts.nth(0).getByTestId('row-time').innerText(),
  );
  // Each part opens its own record.
  const deliveryId = Number(await parts.nth(0).getAttribute('data-id'));
  await parts.nth(0).click();
  await expect(timeline.detail()).toHaveAttribute('data-id', String(deliveryId));
  await expect(timeline.detail().getByTestId('record-kind').first()).toHaveText('delivery');

  // Ticked, the row selects both records; Replay… takes its webhook (a delivery is not one), so a
  // new user's first webhook can be replayed, where #/replay?ids=<delivery>,<webhook> refused it.
  const webhookId = Number(await parts.nth(1).getAttribute('data-id'));
  await row.getByRole('checkbox').click();
  await page.getByRole('button', { name: 'Replay…' }).click();
  await expect(page).toHaveURL(new RegExp(`#/replay\\?ids=${webhookId}$`));
  await expect(page.getByTestId('replay-plan')).toContainText('1 send to');
});

test('a replay and the listener record of it are one row; a delivery to elsewhere says what is missing', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const listener = await jwt.listenerUrl();
  await jwt.open();
  const valid = await jwt.craft('Valid');
  const original = await postNotification(
    listener,
    valid,
    JSON.stringify({
      order_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
      order_reference_id: 'REF-ROWS-1',
      order_number: 'N-1',
      event_type: 'order_authorised',
      data: [],
    }),
  );
  await page.goto(`${served.origin}/#/replay?ids=${original}`);
  await page.getByRole('button', { name: /^Replay 1$/ }).click();
  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-state', 'done');

  const timeline = new TimelinePage(page);
  await page.goto(`${served.origin}/#/timeline`);
  await timeline.expectReady();
  await expect(timeline.rows()).toHaveCount(2);
  const replayed = timeline.rows().filter({ has: page.getByTestId('row-expand') });
  await expect(kindsOf(replayed)).toHaveText(['replay', 'webhook']);
  await expect(replayed.getByTestId('record-name')).toHaveText('order_authorised');
  await expect(replayed.getByTestId('token-verdict')).toHaveAttribute('data-verdict', 'valid');
  await replayed.getByTestId('row-expand').click();
  const parts = page.getByTestId('timeline-part');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0).getByTestId('record-kind')).toHaveText('replay');
  await expect(parts.nth(0).getByTestId('record-status')).toHaveText('200');
  await expect(parts.nth(1).getByTestId('record-kind')).toHaveText('webhook');
  await expect(parts.nth(1).getByTestId('token-verdict')).toHaveAttribute('data-verdict', 'valid');
  await expect(parts.nth(1).getByTestId('body-verdict')).toHaveAttribute('data-verdict', 'event');
  // The original stays a row of its own, and says nothing is missing.
  await expect(timeline.row(original).getByTestId('row-missing')).toHaveCount(0);
});

test('every row names its operation or event type: a captured order reads as six rows', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const order = await capturedOrder(page, served.origin);
  const timeline = new TimelinePage(page);
  await page.goto(`${served.origin}/#/timeline?order=${order.orderId}`);
  await timeline.expectReady();
  await expect(timeline.rows().getByTestId('record-name')).toHaveText([
    'order_captured',
    'capture',
    'order_authorised',
    'authorise',
    'order_approved',
    'createCheckout',
  ]);
  for (const name of await timeline.rows().getByTestId('record-name').allTextContents())
    expect(name).not.toContain('—');
});

/** A console over a data directory holding exactly `events`, written in this order (ids 1, 2, …). */
const consoleWith = (events: readonly NewEvent[]): Promise<ServedConsole> =>
  startConsoleWith((dataDir) => writeEvents(dataDir, events));

const AT = Date.parse('2026-03-01T12:10:33.000Z');
const ORDER = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';
const webhookAt = (ms: number, extra: Partial<NewEvent> = {}): NewEvent => ({
  kind: 'webhook',
  atMs: AT + ms,
  method: 'POST',
  path: '/webhooks',
  status: 200,
  orderId: ORDER,
  eventType: 'order_approved',
  tokenVerdict: 'valid',
  bodyVerdict: 'event',
  ...extra,
});

test('newest first by time, ties broken by id (a record written later with an earlier time sorts by its time)', async ({
  page,
}) => {
  const served = await consoleWith([
    webhookAt(605), // #1, 12:10:33.605
    {
      ...webhookAt(496),
      kind: 'delivery',
      tokenVerdict: null,
      bodyVerdict: null,
      url: 'http://127.0.0.1:9/x',
    }, // #2, .496
    webhookAt(700, { eventType: 'order_authorised' }), // #3, .700
    {
      kind: 'request',
      atMs: AT + 700,
      method: 'POST',
      path: '/checkout',
      status: 200,
      details: { operation: 'createCheckout' },
    }, // #4, .700
  ]);
  try {
    await openConsole(page, served, '#/timeline');
    const timeline = new TimelinePage(page);
    await timeline.expectReady();
    expect(await timeline.shownIds()).toEqual([4, 3, 1, 2]);
    await expect(timeline.row(4).getByTestId('record-name')).toHaveText('createCheckout');
    // The delivery went to another URL: its row says the arrival is missing.
    await expect(timeline.row(2).getByTestId('row-missing')).toContainText(
      "no arrival on this console's listener",
    );
  } finally {
    await served.stop();
  }
});

/** Every chip of the row lies whole inside its cell and is not cut (no ellipsis). */
async function expectChipsWhole(row: Locator): Promise<void> {
  const problems = await row.locator('[role="cell"] span[data-testid]').evaluateAll((chips) =>
    chips.flatMap((chip) => {
      const cell = chip.closest('[role="cell"]');
      const rowBox = chip.closest('[role="row"]')?.getBoundingClientRect();
      if (cell === null || rowBox === undefined) return ['no cell'];
      const box = chip.getBoundingClientRect();
      const cellBox = cell.getBoundingClientRect();
      const cut =
        chip.scrollWidth > chip.clientWidth || box.right > cellBox.right + 0.5 || box.right > rowBox.right;
      return cut
        ? [
            `${chip.textContent ?? ''} (${chip.scrollWidth} > ${chip.clientWidth}, ${box.right} > ${cellBox.right})`,
          ]
        : [];
    }),
  );
  expect(problems).toEqual([]);
}

async function expectRowReadable(page: Page, row: Locator): Promise<void> {
  for (const testId of ['record-kind', 'record-name', 'token-verdict', 'body-verdict'])
    await expect(row.getByTestId(testId).first()).toBeVisible();
  await expect(row.getByText(ORDER.slice(0, 8))).toBeVisible();
  await expect(row.getByText('12:10:33', { exact: false }).first()).toBeVisible();
  await expectChipsWhole(row);
  // Nothing is cut at the row's right edge either.
  const overflow = await row.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  void page;
}

// One console and one page, resized: the rows at each size, then with a record open.
test('with a detail open at 1280x800 and at 1440x900, rows keep time, kind, name, verdicts and order, no badge cut', async ({
  page,
}) => {
  const findings = Array.from({ length: 12 }, (_, n) => ({ path: `data.${n}`, message: 'x' }));
  const served = await consoleWith([
    webhookAt(100, {
      tokenVerdict: 'invalid_signature',
      bodyVerdict: 'unknown_shape',
      eventType: 'order_partially_refunded',
      details: { body: { findings } },
    }),
    webhookAt(200, {
      tokenVerdict: 'not_yet_valid',
      bodyVerdict: 'event',
      details: { body: { findings } },
    }),
  ]);
  try {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openConsole(page, served, '#/timeline');
    const timeline = new TimelinePage(page);
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      // No record open: the last size's is closed by going back to the list.
      await page.goto(`${served.origin}/#/timeline`);
      await page.setViewportSize({ width, height });
      await timeline.expectReady();
      await expect(timeline.detail()).toHaveCount(0);
      for (const id of [1, 2]) await expectRowReadable(page, timeline.row(id));
      await timeline.openRecord(1);
      for (const id of [1, 2]) await expectRowReadable(page, timeline.row(id));
      await expect(timeline.row(1).getByTestId('body-verdict')).toHaveText('unknown_shape · 12 findings');
    }
  } finally {
    await served.stop();
  }
});
