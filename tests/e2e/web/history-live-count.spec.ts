import { createConsole } from '../../../src/main/app';
import { expect, openConsole, test } from '../fixtures/console-test';

/**
 * The History view's count and Export's label stayed at what matched when the search ran: with
 * webhooks arriving meanwhile, "Export 5 records" wrote 8. They now follow arrivals, and the
 * list, loaded before them, says how many more match and shows them on request.
 */
test('webhooks arriving while History is open: the count and Export follow, and the list says more arrived', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const listener = await page.getByTestId('listener-url').textContent();
  if (listener === null || listener === '') throw new Error('The listener shows no URL.');
  const post = (note: string) =>
    fetch(`${listener}/hooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ note }),
    });
  await post('stale one');
  await page.evaluate(() => (window.location.hash = '#/history?q=stale'));
  await expect(page.getByTestId('history-count')).toHaveText('1 matching record');
  await expect(page.getByTestId('history-row')).toHaveCount(1);

  for (const n of [2, 3, 4]) await post(`stale ${n}`);
  await post('fresh, not matching');
  await expect(page.getByTestId('history-count')).toHaveText('4 matching records');
  await expect(page.getByRole('button', { name: /^Export 4 records/ })).toBeVisible();
  await expect(page.getByTestId('history-new-records')).toContainText(
    '3 more matching records have arrived since this list was loaded.',
  );
  await expect(page.getByTestId('history-row')).toHaveCount(1);
  // The retention preview counts every record, and follows them too.
  await expect(page.getByText('Applying it now removes 0 and keeps 5 records.')).toBeVisible();
  // The policy's defaults are said, not only pre-filled.
  await expect(page.getByTestId('retention-defaults')).toHaveText(
    'Keep everything is the default. Last N days starts at 30 days, Last N records at 100,000 records.',
  );

  await page.getByRole('button', { name: 'Show them' }).click();
  await expect(page.getByTestId('history-row')).toHaveCount(4);
  await expect(page.getByTestId('history-new-records')).toHaveCount(0);

  // A list loaded empty must not deny a match that arrived since: it said "Nothing stored
  // matches." beside "1 matching record" and "Export 1 record".
  await page.evaluate(() => (window.location.hash = '#/history?q=later'));
  await expect(page.getByTestId('history-empty')).toHaveText('Nothing stored matches.');
  await post('later one');
  await expect(page.getByTestId('history-count')).toHaveText('1 matching record');
  // Said once: the notice above says what arrived, the empty list what it held when loaded.
  await expect(page.getByTestId('history-empty')).toHaveText('None matched when the list was loaded.');
  await expect(page.getByTestId('history-new-records')).toContainText(
    '1 more matching record has arrived since this list was loaded.',
  );
  await expect(page.getByText(/arrived since/)).toHaveCount(1);
  await page.getByRole('button', { name: 'Show them' }).click();
  await expect(page.getByTestId('history-row')).toHaveCount(1);

  // Records removed by another process (as `retention --keep-count 2 --apply` in a terminal):
  // the count, Export and the rows said 6 beside a retention line keeping 2, and rows linked to
  // records that were gone.
  await page.evaluate(() => (window.location.hash = '#/history'));
  await expect(page.getByTestId('history-count')).toHaveText('6 matching records');
  await expect(page.getByTestId('history-row')).toHaveCount(6);
  const elsewhere = await createConsole({ dataDir: served.dataDir, frontDoor: 'cli', keychain: 'off' });
  try {
    expect(await elsewhere.history.applyRetention({ mode: 'count', count: 2 })).toEqual({ removed: 4 });
  } finally {
    await elsewhere.close();
  }
  await expect(page.getByTestId('history-count')).toHaveText('2 matching records');
  await expect(page.getByRole('button', { name: /^Export 2 records/ })).toBeVisible();
  await expect(page.getByTestId('history-row')).toHaveCount(2);
  await expect(page.getByText('Applying it now removes 0 and keeps 2 records.')).toBeVisible();
});
