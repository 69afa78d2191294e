import type { Locator, Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';
import { createOrder, payOrder, postNotification } from '../pages/order-flow';
import { TimelinePage } from '../pages/timeline-page';
import { seededEvent, startConsoleWith, writeEvents } from '../fixtures/seed-events';

// The UI review at 1280 × 800 (browser mode): a created and paid order gives three records in
// two rows, the request to the emulator (with its X-Emulator-Checkout-Form header) and the
// emulator's delivery joined with the listener's webhook (both tokens, one verdict).

/** Where the browser broke a cell's text into lines: the characters that end each line but the last. */
async function lineEnds(cell: Locator): Promise<string[]> {
  return cell.evaluate((element) => {
    const text = element.textContent ?? '';
    const node = document.createTreeWalker(element, NodeFilter.SHOW_TEXT).nextNode();
    if (node === null) return [];
    const range = document.createRange();
    const ends: string[] = [];
    let lastTop: number | null = null;
    for (let index = 0; index < text.length; index += 1) {
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      const top = range.getBoundingClientRect().top;
      if (lastTop !== null && top > lastTop + 2) ends.push(text.slice(0, index));
      lastTop = top;
    }
    return ends;
  });
}

async function paidOrderTimeline(page: Page, origin: string): Promise<TimelinePage> {
  await page.setViewportSize({ width: 1280, height: 800 });
  const order = await createOrder(page, origin);
  await payOrder(page, order);
  const timeline = new TimelinePage(page);
  await page.goto(`${origin}/#/timeline`);
  await timeline.expectReady();
  await expect(timeline.rows()).toHaveCount(2);
  await expect(timeline.rows().filter({ has: page.getByTestId('row-expand') })).toHaveCount(1);
  return timeline;
}

// Four looks at one paid order's timeline, at 1280 and then at 960: they read the same two rows,
// so they share the order, which takes most of a test's time to make (four tests made one each).
test('a paid order at 1280: the count says rows and records, a delivery and its webhook one row of two; with a record open every row keeps its id, status and verdicts inside the list, each token sentence said once; a header name breaks only at its hyphens. At the desktop window’s narrowest (960 px) no column header runs into another and every row’s order is inside the list', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const timeline = await paidOrderTimeline(page, served.origin);
  await expect(page.getByTestId('loaded-count')).toHaveText('2 rows · 3 records');

  const paired = timeline.rows().filter({ has: page.getByTestId('row-expand') });
  const webhookId = Number(await paired.getAttribute('data-id'));
  await timeline.openRecord(webhookId);

  // The Id column stays, header and cells, and nothing of a row is cut off at the list's edge.
  await expect(timeline.table().getByRole('columnheader', { name: 'Id' })).toBeVisible();
  const list = await timeline.scroller().boundingBox();
  for (const row of await timeline.rows().all()) {
    const id = await row.getAttribute('data-id');
    // A grouped row shows the id of the part that began it (a delivery's, #N), with its time; the
    // row opens the listener's record (data-id, #N+1). Either way one id, whole, is on screen.
    await expect(row.getByRole('cell', { name: /^#\d+$/ })).toBeVisible();
    for (const part of [row.getByTestId('record-status'), ...(await row.getByTestId(/-verdict$/).all())]) {
      const box = await part.boundingBox();
      expect(box, `row #${id}`).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((list?.x ?? 0) + (list?.width ?? 0));
    }
  }

  // Both tokens were the same and valid: the sentence is said once, above the table of places.
  const checks = timeline.detail().getByTestId('token-checks');
  const reason = (await checks.getByTestId('token-reason').textContent()) ?? '';
  expect(reason).toContain('Signed with HS256');
  await expect(checks.getByText(reason, { exact: true })).toHaveCount(1);
  await expect(checks.getByTestId('token-check-query').getByTestId('token-verdict')).toHaveAttribute(
    'data-verdict',
    'valid',
  );
  await expect(checks.getByTestId('token-check-header').getByTestId('token-verdict')).toHaveAttribute(
    'data-verdict',
    'valid',
  );

  // The request's header names, in its detail: broken only at their hyphens.
  const request = timeline.rows().filter({ hasText: 'createCheckout' });
  await timeline.openRecord(Number(await request.getAttribute('data-id')));
  await timeline.detail().getByRole('tab', { name: 'Request' }).click();
  const name = timeline
    .detail()
    .getByRole('table', { name: 'Request headers' })
    .locator('th', { hasText: 'X-Emulator-Checkout-Form' });
  await expect(name).toBeVisible();
  for (const end of await lineEnds(name)) expect(end).toMatch(/-$/);

  // At the desktop window's narrowest (960 px), no record open, as the list first shows.
  await page.goto(`${served.origin}/#/timeline`);
  await timeline.expectReady();
  await expect(timeline.rows()).toHaveCount(2);
  await expect(timeline.detail()).toHaveCount(0);
  await page.setViewportSize({ width: 960, height: 700 });
  await expect(timeline.table().getByRole('columnheader', { name: 'Order' })).toBeVisible();

  const headers = await headerBoxes(timeline);
  expect(headers.map((header) => header.text)).toEqual([
    'Time',
    'Id',
    'Kind',
    'Event or operation',
    'Status',
    'Verdicts',
    'Order',
  ]);
  for (const header of headers) {
    // Its words fit its own cell ("Event or operation" ran 29 px into "Status")…
    expect(header.wordsRight, header.text).toBeLessThanOrEqual(header.right + 1);
    // …and no cell lies over another.
    for (const other of headers.filter((cell) => cell !== header)) {
      const apart =
        header.right <= other.left + 1 ||
        other.right <= header.left + 1 ||
        header.bottom <= other.top + 1 ||
        other.bottom <= header.top + 1;
      expect(apart, `"${header.text}" and "${other.text}"`).toBe(true);
    }
  }

  // The Order column sat at x 1091–1161, past the list's right edge at 883, where nothing scrolled.
  const narrow = await timeline.scroller().boundingBox();
  expect(narrow).not.toBeNull();
  const right = (narrow?.x ?? 0) + (narrow?.width ?? 0);
  for (const row of await timeline.rows().all()) {
    const id = await row.getAttribute('data-id');
    const order = row.getByRole('cell').last();
    await expect(order).toBeVisible();
    const parts = [order, row.getByTestId('record-status'), ...(await row.getByTestId(/-verdict$/).all())];
    for (const part of parts) {
      const box = await part.boundingBox();
      expect(box, `row #${id}`).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0), `row #${id}`).toBeLessThanOrEqual(right);
    }
  }
});

test('Copy as cURL with the API token in browser mode: the CLI route at once, said once, and the switch says On', async ({
  page,
  served,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: served.origin });
  await openConsole(page, served, '#/builder');
  const timeline = await paidOrderTimeline(page, served.origin);
  const request = timeline.rows().filter({ hasText: 'createCheckout' });
  const id = Number(await request.getAttribute('data-id'));
  await timeline.openRecord(id);
  await timeline.detail().getByRole('button', { name: 'Copy as cURL' }).click();
  const dialog = page.getByRole('dialog', { name: `Record #${id} as cURL` });
  const toggle = dialog.getByRole('switch', { name: 'Include the API token' });
  await expect(dialog).toContainText('Off: Authorization: Bearer REDACTED.');

  await toggle.check();
  // This console's data directory is not the default: the command names it, or it read another's.
  const cli = `npx checkout-console --data-dir ${served.dataDir} curl ${id} --with-token`;
  // No click first, no copy offered that can only fail: the command, once.
  await expect(dialog.getByText(cli, { exact: true })).toHaveCount(1);
  await expect(dialog).not.toContainText(`run: ${cli}`);
  await expect(dialog.getByRole('button', { name: 'Copy with the API token' })).toHaveCount(0);
  await expect(dialog).not.toContainText('copies it for you');
  await expect(dialog).not.toContainText('Off:');
  await expect(dialog).toContainText('On:');
  await expect(dialog.getByTestId('curl-command')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Copy the CLI command' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(cli);

  await toggle.uncheck();
  await expect(dialog).toContainText('Off: Authorization: Bearer REDACTED.');
  await expect(dialog.getByTestId('curl-command')).toContainText('Authorization: Bearer REDACTED');
});

test('at 1280 a body finding quoting a long value wraps inside the detail pane', async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/listener');
  const { listener, token } = await new JwtPage(page).listenerAndValidToken();
  const id = await postNotification(
    listener,
    token,
    JSON.stringify({
      order_id: '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21',
      order_reference_id: 'R',
      order_number: 'N',
      event_type: 'order_captured',
      data: { capture_id: 'x'.repeat(1_000_000), captured_amount: { amount: '1.00', currency: 'SAR' } },
    }),
  );
  const timeline = new TimelinePage(page);
  await timeline.open();
  await timeline.openRecord(id);
  const detail = timeline.detail();
  const message = detail.getByRole('table', { name: 'Body findings' }).getByText(/is not a UUID/);
  // Quoted cut, not whole (a 1 MB value), and within the pane.
  await expect(message).toHaveText(`capture_id "${'x'.repeat(40)}…" is not a UUID.`);
  const pane = await detail.boundingBox();
  const box = await message.boundingBox();
  expect(pane).not.toBeNull();
  expect(box).not.toBeNull();
  if (pane !== null && box !== null) expect(box.x + box.width).toBeLessThanOrEqual(pane.x + pane.width);
});

/** Each column header's cell, and the box of its words as drawn (wider than the cell when cut or run over). */
async function headerBoxes(timeline: TimelinePage) {
  return timeline
    .table()
    .getByRole('columnheader')
    .evaluateAll((cells) =>
      cells
        .filter((cell) => (cell.textContent ?? '') !== '')
        .map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const { left, right, top, bottom } = cell.getBoundingClientRect();
          const words = range.getBoundingClientRect();
          return { text: cell.textContent ?? '', left, right, top, bottom, wordsRight: words.right };
        }),
    );
}

test('at 960 px with a record open the list is narrower than its rows: it scrolls sideways to the longest verdicts, its header with them', async ({
  page,
}) => {
  // The longest pair of verdicts there is.
  const served = await startConsoleWith((dataDir) =>
    writeEvents(dataDir, [
      {
        ...seededEvent(1, Date.now() - 1000),
        tokenVerdict: 'invalid_signature',
        bodyVerdict: 'unknown_shape',
        details: { body: { findings: Array.from({ length: 12 }, () => ({ path: 'x', message: 'm' })) } },
      },
    ]),
  );
  try {
    await page.setViewportSize({ width: 960, height: 700 });
    await openConsole(page, served, '#/timeline?id=1');
    const timeline = new TimelinePage(page);
    await expect(timeline.detail()).toHaveAttribute('data-id', '1');

    const list = await timeline.scroller().boundingBox();
    expect(list).not.toBeNull();
    const body = timeline.row(1).getByTestId('body-verdict');
    await expect(body).toHaveText('unknown_shape · 12 findings');
    // It was cut at the list's edge, and nothing scrolled to the rest.
    for (const part of [timeline.row(1).getByTestId('token-verdict'), body]) {
      await part.scrollIntoViewIfNeeded();
      const box = await part.boundingBox();
      expect(box).not.toBeNull();
      expect(box?.x ?? 0).toBeGreaterThanOrEqual((list?.x ?? 0) - 1);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((list?.x ?? 0) + (list?.width ?? 0) + 1);
    }
    // Scrolled, the label still sits over its cells.
    const cell = await body.locator('..').boundingBox();
    const header = await timeline.table().getByRole('columnheader', { name: 'Verdicts' }).boundingBox();
    expect(Math.abs((header?.x ?? 0) - (cell?.x ?? -99))).toBeLessThanOrEqual(1);
  } finally {
    await served.stop();
  }
});
