import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath } from '../fixtures/serve-process';
import { OrdersPage } from '../pages/orders-page';
import { TimelinePage } from '../pages/timeline-page';
import { instantFormat } from '../../../src/renderer/src/ui/instant-format';

// An order known only from imported records (a colleague's export) offered Capture, Refund,
// Cancel… with nothing said beyond a hover, and the editor opened on whichever profile was
// active here as if it were the order's: the file names a profile of the console that
// exported it, by name only.

const ORDER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const REFERENCE = 'REF-IMPORTED-1';

/** A history export of another console: the order's creation and its authorisation, on "Sandbox". */
function exportFile(dir: string, reference = REFERENCE, profile = 'Sandbox'): string {
  const common = { profile, method: 'POST', order_id: ORDER_ID, order_reference_id: reference };
  const file = join(dir, 'colleague-export.json');
  writeFileSync(
    file,
    JSON.stringify({
      format: 'checkout-console-history',
      version: 1,
      exportedAt: '2026-11-28T10:00:00Z',
      events: [
        {
          ...common,
          uid: 'colleague-1',
          kind: 'request',
          at: '2026-11-28T09:00:00Z',
          url: 'https://sandbox.example/checkout',
          path: '/checkout',
          status: 200,
          request_body: JSON.stringify({
            order_reference_id: reference,
            total_amount: { amount: '100.00', currency: 'SAR' },
          }),
          response_body: JSON.stringify({ order_id: ORDER_ID, status: 'new' }),
          details: { operation: 'createCheckout' },
        },
        {
          ...common,
          uid: 'colleague-2',
          kind: 'webhook',
          at: '2026-11-28T09:01:00Z',
          path: '/webhooks',
          status: 200,
          request_body: JSON.stringify({
            order_id: ORDER_ID,
            order_reference_id: reference,
            order_number: 'N-1',
            event_type: 'order_authorised',
            data: [],
          }),
          event_type: 'order_authorised',
          // No token came with it, so its verdict is "missing" (an import refuses one that says
          // otherwise of its own bytes).
          token_verdict: 'missing',
          body_verdict: 'event',
        },
      ],
    }),
  );
  return file;
}

test('an imported-only order says its actions are offered without evidence, and its editor asks for a profile', async ({
  page,
  served,
}) => {
  const orders = new OrdersPage(page);
  await openConsole(page, served);
  await orders.open();
  // Imported by another process on the same data directory, as `checkout-console import` does.
  await promisify(execFile)(process.execPath, [
    cliPath,
    '--data-dir',
    served.dataDir,
    'import',
    exportFile(served.dataDir),
  ]);
  await expect(orders.row(REFERENCE)).toBeVisible();
  await orders.row(REFERENCE).click();
  await expect(orders.state()).toHaveText('imported only');
  // No evidence of its creation here: first seen (its first imported record), never "created".
  await expect(orders.row(REFERENCE)).toContainText('· first seen');
  await expect(page.getByText('First seen', { exact: true })).toBeVisible();
  // No evidence: "none", the first-seen time beside it not said a second time.
  await expect(page.getByTestId('order-fact-last-evidence')).toHaveText('none');

  const note = page.getByTestId('order-actions-note');
  await expect(note).toContainText('Known only from imported records');
  await expect(note).toContainText('every operation is offered');
  await expect(note).toContainText('The file names the profile "Sandbox"');
  await expect(orders.action('Capture')).toBeEnabled();

  await orders.action('Capture').click();
  const editor = orders.editor();
  await expect(editor.getByTestId('imported-profile-note')).toContainText(
    'This order is known only from imported records. The file names the profile "Sandbox"',
  );
  await expect(editor.getByRole('combobox', { name: 'Profile' })).toHaveValue('');
  await expect(editor.getByRole('button', { name: 'Send capture' })).toBeDisabled();
  // Nothing is prepared before a profile is picked: no empty URL, no "no headers" warning.
  await expect(editor.getByLabel('URL')).toBeHidden();
  await expect(editor.getByText(/^No headers/)).toBeHidden();
  // The keyboard's send (Ctrl+Enter) said "Open the builder to send", in an editor with a Send
  // button: the editor takes it, and says why nothing was sent.
  await editor.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(editor.getByTestId('send-refused')).toHaveText(
    'Nothing was sent: pick the profile to send with first.',
  );
  await expect(page.getByText('Open the builder to send')).toHaveCount(0);
  await editor.getByRole('combobox', { name: 'Profile' }).click();
  await page.getByRole('option', { name: /^Local/ }).click();
  await expect(editor.getByLabel('URL')).toHaveValue(/\/payments\/capture$/);
  await expect(editor.getByTestId('imported-profile-note')).toBeHidden();
  await expect(editor.getByRole('button', { name: 'Send capture' })).toBeEnabled();
  await expect(editor.getByTestId('send-refused')).toHaveCount(0);
  // An imported order has no total: none is proposed, and the editor says so.
  await expect(editor.getByTestId('amount-not-proposed')).toContainText("The order's total is unknown");
  // With a profile, the keyboard sends as the button does: not without an amount, named.
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(editor.getByTestId('send-refused')).toContainText('total_amount.amount is empty');
  const body = editor.getByLabel('Body');
  await body.fill((await body.inputValue()).replace('"amount": null', '"amount": 40'));
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(editor.getByTestId('operation-answer')).toBeVisible();
  // Edits not sent are asked about before the editor closes (Escape and Close closed it at once).
  await body.fill((await body.inputValue()).replace('"amount": 40', '"amount": 41'));
  await page.keyboard.press('Escape');
  const question = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(question).toContainText('changes that were not sent');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(body).toHaveValue(/"amount": 41/);
  // The editor's own Close button (the title's × is named Close too).
  await editor.locator('button', { hasText: /^Close$/ }).click();
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard and close' })
    .click();
  await expect(editor).toBeHidden();

  // The Timeline writes these records' day (Nov 28) above their clock: the clock alone read as
  // later today. The capture sent just now is today's, and shows the clock alone. Which day words
  // each row should have comes from the window's formatter given the test's now, so the test
  // holds on Nov 28 (no day), in another year (Nov 28, 2026) and across midnight.
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const instants = instantFormat(zone);
  const opened = new Date();
  await new TimelinePage(page).open();
  const rowDays = async () => {
    const now = new Date();
    const cells = await page.getByTestId('row-time').evaluateAll((all) =>
      all.map((cell) => ({
        title: cell.getAttribute('title') ?? '',
        day: cell.querySelector('[data-testid="row-day"]')?.textContent ?? null,
      })),
    );
    return cells.map(({ title, day }) => {
      const iso = / · (\S+) in UTC$/.exec(title)?.[1] ?? title;
      const expected = [instants.dayUnlessToday(iso, opened), instants.dayUnlessToday(iso, now)];
      return { iso, day, fits: expected.includes(day) };
    });
  };
  await expect
    .poll(async () => (await rowDays()).some((row) => row.iso.startsWith('2026-11-28T09:0')))
    .toBe(true);
  expect((await rowDays()).filter((row) => !row.fits)).toEqual([]);
});

/** How far `inner` reaches past the right edge of `outer`, in pixels (0 when it is inside). */
async function overflow(inner: Locator, outer: Locator): Promise<number> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (a === null || b === null) throw new Error('Not on screen.');
  return Math.max(0, Math.round(a.x + a.width - (b.x + b.width)));
}

test('a very long imported reference is shown whole, inside the order and its editor', async ({
  page,
  served,
}) => {
  // A reference of 120 characters with no space: the heading, the "Reference id" line (its copy
  // button with it) and the editor's title ran out of the order's card and the dialog, cut off.
  const reference = `REF-${'X'.repeat(112)}-END`;
  await promisify(execFile)(process.execPath, [
    cliPath,
    '--data-dir',
    served.dataDir,
    'import',
    exportFile(served.dataDir, reference, 'A colleague profile this console does not have'),
  ]);
  const orders = new OrdersPage(page);
  await openConsole(page, served, '#/orders');
  // The list's row is one line a field, cut at its end: the whole is its title, on hover. An
  // order known only from an import was first seen, not created, as far as this console knows.
  const row = orders.row(reference);
  await expect(row.getByText(reference, { exact: true })).toHaveAttribute('title', reference);
  await expect(
    row.getByText('A colleague profile this console does not have', { exact: false }),
  ).toHaveAttribute('title', /^A colleague profile this console does not have · first seen /);
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await openConsole(page, served, `#/orders?id=${ORDER_ID}`);
    const detail = orders.detail();
    await expect(detail.getByRole('heading', { name: reference })).toBeVisible();
    expect(await overflow(detail.getByRole('heading', { name: reference }), detail)).toBe(0);
    await expect(detail.getByTestId('order-reference-id')).toHaveText(reference);
    expect(await overflow(detail.getByTestId('order-reference-id'), detail)).toBe(0);
    expect(await overflow(detail.getByRole('button', { name: 'Copy reference id' }), detail)).toBe(0);

    await orders.action('Capture').click();
    const editor = orders.editor();
    const title = editor.locator('.mantine-Modal-title');
    await expect(title).toHaveText(`Capture — ${reference}`);
    expect(await overflow(title, editor)).toBe(0);
    await orders.closeEditor();
  }
});
