import type { Locator } from '@playwright/test';
import type { NewEvent } from '../../../src/main/store/events-repository';
import { expect, openConsole, test } from '../fixtures/console-test';
import { startConsoleWith, writeEvents } from '../fixtures/seed-events';
import { TimelinePage } from '../pages/timeline-page';

/**
 * The Status column was 56 px wide: `unanswered` read "unans…" and `not sent` "not s…" at
 * 1280×800 and 1440×900, so a QA engineer could not read a record's status. Every word the
 * status can show (record-status.ts's recordStatusWord: a code, `…`, `failed`, `unanswered`,
 * `not sent`) is whole, in the wide row and in the compact one (a record open), at both sizes.
 */
const AT = Date.parse('2026-03-01T12:10:33.000Z');
const ORDER = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';
const request = (ms: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'request',
  atMs: AT + ms,
  method: 'POST',
  url: `http://127.0.0.1:9/api/v1/orders/${ORDER}/capture`,
  path: `/api/v1/orders/${ORDER}/capture`,
  orderId: ORDER,
  requestBody: Buffer.from('{"amount":{"amount":"10.00","currency":"SAR"}}'),
  details: { operation: 'capture' },
  ...extra,
});
const delivery = (ms: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'delivery',
  atMs: AT + ms,
  method: 'POST',
  url: 'http://127.0.0.1:9/hooks',
  path: '/hooks',
  orderId: ORDER,
  eventType: 'order_approved',
  requestBody: Buffer.from('{}'),
  ...extra,
});

/** Ids 1…8, one record for each status word, newest (the last) first on the list. */
const RECORDS: readonly { event: NewEvent; word: string }[] = [
  { event: request(100, { status: 200 }), word: '200' },
  { event: request(200, { status: 503 }), word: '503' },
  {
    event: request(400, {
      error: 'Connection refused by 127.0.0.1: nothing is listening there.',
      details: {
        operation: 'capture',
        failure: { kind: 'refused', message: 'refused', code: 'ECONNREFUSED' },
      },
    }),
    word: 'failed',
  },
  {
    // "Cancel request" pressed once the request was written whole.
    event: request(500, {
      error: 'Cancelled after the request was sent, before an answer arrived.',
      details: {
        operation: 'capture',
        failure: { kind: 'cancelled_after_sending', message: 'Cancelled after sending', code: null },
      },
    }),
    word: 'unanswered',
  },
  {
    event: request(600, {
      error: 'No answer within 30 s after the request was sent.',
      details: {
        operation: 'capture',
        failure: { kind: 'timeout_after_sending', message: 'Timed out after sending', code: null },
      },
    }),
    word: 'unanswered',
  },
  {
    // A delivery the emulator dropped, never sent.
    event: delivery(700, {
      error: 'Dropped by fault injection: never sent.',
      details: { attempt: 0, dropped: true },
    }),
    word: 'not sent',
  },
  {
    // Sent, its answer still awaited: no status, no error. Dated after the console starts, which
    // closes what an earlier run left waiting (events-repository.ts, unansweredBefore).
    event: request(0, { atMs: Date.now() + 3_600_000 }),
    word: '…',
  },
];

/** Each status of the list: its words, and whether they are cut (by the word's element or its cell). */
async function statusesAsShown(table: Locator) {
  return table.getByTestId('record-status').evaluateAll((words) =>
    words.map((word) => {
      const cell = word.closest('[role="cell"]');
      const box = word.getBoundingClientRect();
      const cellBox = cell?.getBoundingClientRect();
      const cut =
        cell === null ||
        cellBox === undefined ||
        word.scrollWidth > word.clientWidth ||
        cell.scrollWidth > cell.clientWidth ||
        box.right > cellBox.right + 0.5;
      return { text: word.textContent ?? '', cut };
    }),
  );
}

test('every status word is whole in the wide and the compact row at 1280×800 and 1440×900', async ({
  page,
}) => {
  const served = await startConsoleWith((dataDir) =>
    writeEvents(
      dataDir,
      RECORDS.map((record) => record.event),
    ),
  );
  try {
    const timeline = new TimelinePage(page);
    const expected = RECORDS.map((record) => ({ text: record.word, cut: false })).reverse();
    await page.setViewportSize({ width: 1280, height: 800 });
    await openConsole(page, served, '#/timeline');
    for (const [width, height] of [
      [1280, 800],
      [1440, 900],
    ] as const) {
      await page.goto(`${served.origin}/#/timeline`);
      await page.setViewportSize({ width, height });
      await timeline.expectReady();
      await expect(timeline.rows()).toHaveCount(RECORDS.length);
      await expect(timeline.table()).toHaveAttribute('data-layout', 'wide');
      expect(await statusesAsShown(timeline.table()), `wide at ${width}`).toEqual(expected);

      await timeline.openRecord(1);
      await expect(timeline.table()).toHaveAttribute('data-layout', 'compact');
      expect(await statusesAsShown(timeline.table()), `compact at ${width}`).toEqual(expected);
      // Nor does the list scroll sideways for it.
      const sideways = await timeline
        .scroller()
        .evaluate((element) => element.scrollWidth - element.clientWidth);
      expect(sideways, `compact at ${width}`).toBeLessThanOrEqual(0);
    }
  } finally {
    await served.stop();
  }
});
