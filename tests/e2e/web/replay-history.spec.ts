import { copyFileSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { startConsoleWith, writeEvents } from '../fixtures/seed-events';
import { startServedConsole } from '../fixtures/serve-process';
import type { NewEvent } from '../../../src/main/store/events-repository';
import { JwtPage } from '../pages/jwt-page';
import { TimelinePage } from '../pages/timeline-page';

const notification = (n: number, eventType = 'order_approved') =>
  JSON.stringify({
    order_id: `6f1c0a8e-2f7b-4c1e-9d3a-${String(n).padStart(12, '0')}`,
    order_reference_id: `REF-E2E-${n}`,
    order_number: `N-${n}`,
    event_type: eventType,
    data: [],
  });

/** POSTs webhooks to the console's listener (signed with `token` when given); returns their ids. */
async function deliver(page: Page, listener: string, count: number, token: string | null): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, async (_, offset) => {
      const n = start + offset;
      const query = token === null ? '' : `?serviceToken=${token}`;
      const response = await page.request.post(`${listener}/webhooks${query}`, {
        headers: {
          'Content-Type': 'application/json',
          ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
        },
        data: notification(n),
      });
      expect(response.status()).toBe(200);
      return ((await response.json()) as { id: number }).id;
    });
    ids.push(...(await Promise.all(batch)));
  }
  return ids.sort((a, b) => a - b);
}

test('an edited webhook replayed to the listener comes back as a new event with its verdicts, linked to the original', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const listener = await jwt.listenerUrl();
  await jwt.open();
  const token = await jwt.craft('Valid');
  const [original] = await deliver(page, listener, 1, token);

  const timeline = new TimelinePage(page);
  await page.goto(`${served.origin}/#/timeline?kind=webhook`);
  await timeline.expectReady();
  await timeline
    .row(original ?? 0)
    .getByRole('checkbox', { name: `Select record ${original}` })
    .click();
  await page.getByRole('button', { name: 'Replay…' }).click();
  await expect(page).toHaveURL(new RegExp(`#/replay\\?ids=${original}$`));
  await expect(page.getByTestId('replay-plan')).toContainText('1 send to http://127.0.0.1:');

  // Edit the body: the stored original stays as it was.
  await page.getByLabel('Edit the body (the stored original is never changed)').click();
  await expect(page.getByTestId('replay-body-verdict')).toContainText('event');
  await page.locator('.cm-content').last().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(notification(0, 'order_authorised'));
  await expect(page.getByTestId('replay-body-verdict')).toContainText('order_authorised');
  await page.getByRole('button', { name: /^Replay 1$/ }).click();
  await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('replay-count')).toHaveText('1 of 1 sent');

  // The replay record: the listener's verdicts, the edited body, a link back to the original.
  await page.getByTestId('replay-record-link').first().click();
  const detail = timeline.detail();
  await expect(detail).toContainText('replay');
  await expect(detail.getByTestId('token-verdict').first()).toHaveText('valid');
  await expect(detail).toContainText('order_authorised');
  await expect(detail.getByRole('link', { name: new RegExp(`#${original}`) }).first()).toBeVisible();
  // …and the original is unchanged.
  await page.goto(`${served.origin}/#/timeline?id=${original}`);
  await expect(timeline.detail()).toContainText('order_approved');
});

/**
 * The n-th of the webhooks `deliver` posts, as the listener stores it (unsigned, read as an
 * order_approved event), received at `atMs`.
 */
const storedWebhook = (n: number, atMs: number): NewEvent => {
  const body = notification(n);
  const { order_id, order_reference_id } = JSON.parse(body) as Record<string, string>;
  return {
    kind: 'webhook',
    atMs,
    profileName: 'Local',
    method: 'POST',
    path: '/webhooks',
    url: 'http://127.0.0.1:4455/webhooks',
    requestHeaders: [['Content-Type', 'application/json']],
    requestBody: Buffer.from(body),
    status: 200,
    durationMs: 1,
    orderId: order_id ?? null,
    orderReferenceId: order_reference_id ?? null,
    eventType: 'order_approved',
    tokenVerdict: 'missing',
    bodyVerdict: 'event',
  };
};

test('a bulk replay of 1,000 stored webhooks shows its progress to the end', async ({ page }) => {
  // Stored before the console opens (fixtures/seed-events.ts), as the other seeded views are:
  // 1,000 posts to the listener took 6 s of this test, and the listener's recording is not what
  // it is about.
  const start = Date.now() - 2_000_000;
  const served = await startConsoleWith((dataDir) =>
    writeEvents(
      dataDir,
      Array.from({ length: 1000 }, (_, n) => storedWebhook(n, start + n * 1000)),
    ),
  );
  try {
    await openConsole(page, served, '#/replay?kind=webhook');
    await page.getByRole('textbox', { name: 'At once' }).fill('8');
    await expect(page.getByTestId('replay-plan')).toContainText('1,000 sends');
    await page.getByRole('button', { name: /^Replay 1,000$/ }).click();
    await expect(page.getByTestId('replay-progress')).toHaveAttribute('data-state', 'done', {
      timeout: 60_000,
    });
    await expect(page.getByTestId('replay-count')).toHaveText('1,000 of 1,000 sent');
    await expect(page.getByTestId('replay-failures')).toHaveText('0 failed');
    await page.goto(`${served.origin}/#/history?kind=replay`);
    await expect(page.getByTestId('history-count')).toHaveText('1,000 matching records');
  } finally {
    await served.stop();
  }
});

test('export HAR, import it into a fresh data dir: the same events', async ({ page, served }) => {
  await openConsole(page, served, '#/listener');
  const listener = await new JwtPage(page).listenerUrl();
  await deliver(page, listener, 12, null);
  await page.goto(`${served.origin}/#/history?kind=webhook`);
  await expect(page.getByTestId('history-count')).toHaveText('12 matching records');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export 12 records' }).click();
  const file = await (await download).path();
  const har = JSON.parse(readFileSync(file, 'utf8')) as { log: { version: string; entries: unknown[] } };
  expect(har.log.version).toBe('1.2');
  expect(har.log.entries).toHaveLength(12);
  const exportedRefs = (await page.getByTestId('history-row').allTextContents()).map(
    (row) => /REF-E2E-\d+/.exec(row)?.[0],
  );

  const fresh = await startServedConsole();
  try {
    await openConsole(page, fresh, '#/history');
    await expect(page.getByTestId('history-empty')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles(file);
    await expect(page.getByTestId('import-result')).toHaveText(/^Imported 12 records from .+ \(har\)\.$/);
    await expect(page.getByTestId('history-count')).toHaveText('12 matching records');
    await expect(page.getByTestId('history-row')).toHaveCount(12);
    const importedRefs = (await page.getByTestId('history-row').allTextContents()).map(
      (row) => /REF-E2E-\d+/.exec(row)?.[0],
    );
    expect(importedRefs).toEqual(exportedRefs);
    await expect(page.getByTestId('history-row').first()).toContainText('imported');
    // They keep their own times: the timeline can show either side alone.
    const links = page.getByTestId('import-timeline-links');
    await expect(links).toContainText('They keep their own times');
    await links.getByRole('link', { name: 'imported only' }).click();
    await expect(page).toHaveURL(/#\/timeline\?imported=1$/);
    await expect(page.getByText('imported only', { exact: true })).toBeVisible();
    await page.goto(`${fresh.origin}/#/history`);
    // A second import of the same records adds nothing.
    const again = `${file}.again.har`;
    copyFileSync(file, again);
    await page.locator('input[type=file]').setInputFiles(again);
    await expect(page.getByTestId('import-result')).toHaveText(
      /Imported 0 records .*; 12 already stored, skipped\./,
    );
  } finally {
    await fresh.stop();
  }
});

/** 30 webhooks, and the History view's retention set to the newest 5 (its preview shown); the listener's URL. */
async function keepNewestFiveOfThirty(
  page: Page,
  served: Parameters<typeof openConsole>[1],
): Promise<string> {
  await openConsole(page, served, '#/listener');
  const listener = await new JwtPage(page).listenerUrl();
  await deliver(page, listener, 30, null);
  await page.goto(`${served.origin}/#/history`);
  await expect(page.getByTestId('history-count')).toHaveText('30 matching records');
  await page
    .getByRole('radiogroup', { name: 'Retention' })
    .getByText('Last N records', { exact: true })
    .click();
  await page.getByRole('textbox', { name: 'Records' }).fill('5');
  await expect(page.getByTestId('retention-preview')).toHaveText(
    'Applying it now removes 25 and keeps 5 records.',
  );
  return listener;
}

test('retention: the count and what it removes first, then, confirmed, those records are gone and the newest stay', async ({
  page,
  served,
}) => {
  await keepNewestFiveOfThirty(page, served);
  // What goes, not only how many: each webhook is an order's only record.
  const what = 'What goes: 25 webhooks. 25 orders lose all their records and leave Orders.';
  await expect(page.getByTestId('retention-removing')).toHaveText(what);
  await page.getByRole('button', { name: 'Apply now' }).click();
  await expect(page.getByRole('dialog')).toContainText(what);
  await page.getByRole('dialog').getByRole('button', { name: 'Remove them' }).click();
  await expect(page.getByText('Removed 25 records')).toBeVisible();
  await expect(page.getByTestId('retention-preview')).toHaveText(
    'Applying it now removes 0 and keeps 5 records.',
  );
  await expect(page.getByTestId('retention-removing')).toHaveCount(0);
  await expect(page.getByTestId('history-count')).toHaveText('5 matching records');
  await expect(page.getByRole('button', { name: 'Apply now' })).toBeDisabled();
});

test('retention: the dialog asks about the records there are now, and never removes more than it asked about', async ({
  page,
  served,
}) => {
  const listener = await keepNewestFiveOfThirty(page, served);
  // Webhooks keep arriving while the page shows its count: the dialog counts again.
  await deliver(page, listener, 10, null);
  await page.getByRole('button', { name: 'Apply now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove 35 records?' });
  await expect(dialog).toBeVisible();
  // And while the dialog is open: confirming removes nothing rather than 38.
  await deliver(page, listener, 3, null);
  await dialog.getByRole('button', { name: 'Remove them' }).click();
  await expect(
    page.getByText(
      'Applying it now would remove 38 records, not the 35 you confirmed: records arrived meanwhile. Nothing was removed; look at the count again.',
    ),
  ).toBeVisible();
  await expect(page.getByTestId('retention-preview')).toHaveText(
    'Applying it now removes 38 and keeps 5 records.',
  );
  await page.goto(`${served.origin}/#/history?kind=webhook`);
  await expect(page.getByTestId('history-count')).toHaveText('43 matching records');
});

// Opened from the navigation, Replay said "Every stored webhook matching the filter" with no
// filter anywhere, and its only next step was a red "nothing to replay".
test('Replay opened without a filter says it would send every stored webhook, and where to choose fewer', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/replay');
  const selection = page.getByTestId('replay-selection');
  await expect(selection).toContainText('Every stored webhook (no filter). To replay only some,');
  await expect(selection).not.toContainText('matching the filter');
  // Not the arrivals of its own replays: each run would replay the last run's too.
  await expect(page.getByTestId('replay-selection-leaves-out')).toContainText(
    'records of replays the console sent are left out',
  );
  await selection.getByRole('link', { name: 'choose them on the timeline' }).click();
  await expect(page).toHaveURL(/#\/timeline\?kind=webhook$/);

  // With a filter in the address, it is the filter that chooses.
  await page.goto(`${served.origin}/#/replay?kind=webhook&q=REF-E2E-1`);
  await expect(selection).toContainText('Every stored webhook matching the filter');
  await expect(selection.getByRole('link')).toHaveCount(0);
});

test('History says a failed request as the timeline does: failed, no order, its reference beside', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  await page.getByRole('button', { name: 'Stop', exact: true }).click();
  await page.goto(`${served.origin}/#/builder`);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByText('Network failure: refused')).toBeVisible();
  // Not "Answer from Local" above a NO ANSWER badge.
  await expect(page.getByTestId('sent-to')).toHaveText('Sent to Local: no answer');
  await page.goto(`${served.origin}/#/history`);
  const row = page.getByTestId('history-row').first();
  await expect(row.getByTestId('record-status')).toHaveText('failed');
  await expect(row.getByTestId('history-order')).toContainText('no order');
  await expect(row.getByTestId('history-order')).toContainText(/ref \S+/);
  await page.goto(`${served.origin}/#/timeline`);
  await expect(page.getByTestId('record-status').first()).toHaveText('failed');
});
