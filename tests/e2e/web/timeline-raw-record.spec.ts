import { expect, openConsole, test as base } from '../fixtures/console-test';
import { seededEvent, startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';

/** A request the listener could not parse: it stored the bytes that arrived, and no verdicts. */
function seed(dataDir: string): void {
  writeEvents(dataDir, [
    {
      kind: 'webhook',
      url: 'http://127.0.0.1:4455',
      status: 400,
      error:
        'Not a valid HTTP request (HPE_INVALID_HEADER_TOKEN: Parse Error: Invalid header value char); answered 400.',
      requestBody: Buffer.from('POST /hook HTTP/1.1\r\nX-Evil: a\x1b[2J\r\n\r\n{"order_id":"x"}'),
    },
  ]);
}

const test = base.extend<{ seeded: ServedConsole }>({
  // The tests that take it only read the seeded record: a worker's tests share one console.
  seeded: async ({ sharedConsoles }, use) => {
    await use(await sharedConsoles.readOnly(seed));
  },
});

test('a request the listener could not parse says its token and body were not judged, never an empty verdict', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/timeline?id=1');
  const detail = page.getByTestId('event-detail');
  await expect(detail.getByTestId('not-judged')).toHaveText(
    'Not judged: the listener could not read this request as HTTP, so neither its token nor its body was judged. The bytes that arrived are under Request.',
  );
  await expect(detail.getByRole('heading', { name: 'Token verdicts' })).toHaveCount(0);
  await expect(detail.getByTestId('decoded-jwt')).toHaveCount(0);
});

// Replayed, it went out as a made-up POST carrying the stored bytes as its body, "1 of 1 (0 failed)".
test('a request the listener could not parse is not offered for replay: the Replay view says why before sending', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/timeline');
  await page.getByRole('checkbox', { name: 'Select record 1' }).check();
  await page.getByRole('button', { name: 'Replay…' }).click();
  await expect(page.getByTestId('replay-plan-error')).toContainText(
    'Webhook #1 is a raw request: the listener stored the bytes that arrived, not a method and a target it could read',
  );
  await expect(page.getByTestId('replay-plan-error')).toContainText('there is no request to replay');
  await expect(page.getByTestId('replay-plan')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Replay/ })).toBeDisabled();
});

// Its Timeline row had an empty VERDICTS cell, its History row empty Request, Token and Body cells.
test('a request the listener could not parse reads "not judged (not HTTP)" on its Timeline and History rows', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/timeline');
  const row = page
    .getByTestId('timeline-row')
    .filter({ has: page.getByRole('checkbox', { name: 'Select record 1' }) });
  await expect(row.getByTestId('not-judged-verdict')).toHaveText('not judged (not HTTP)');
  await expect(row.getByTestId('not-judged-verdict')).toHaveAttribute(
    'title',
    'Not judged: the listener could not read this request as HTTP, so neither its token nor its body was judged.',
  );

  await page.goto(`${seeded.origin}/#/history`);
  const cells = page.getByTestId('history-row').first().getByRole('cell');
  await expect(cells.nth(3)).toHaveText('not HTTP');
  await expect(cells.nth(7)).toHaveText('not judged (not HTTP)');
  await expect(cells.nth(8)).toHaveText('not judged (not HTTP)');
});

// Opened from the navigation ("every stored webhook"), the view refused the whole run for one raw
// request among them: no other webhook could be replayed that way.
test('with no filter, a raw request is left out and counted, and the other webhooks can be replayed', async ({
  page,
}) => {
  const served = await startConsoleWith((dataDir) =>
    writeEvents(dataDir, [
      {
        kind: 'webhook',
        url: 'http://127.0.0.1:4455',
        status: 400,
        error:
          'Not a valid HTTP request (HPE_INVALID_METHOD: Parse Error: Invalid method encountered); answered 400.',
        requestBody: Buffer.from('GARBAGE LINE\r\n\r\n'),
      },
      { ...seededEvent(2, Date.now()), kind: 'webhook' },
    ]),
  );
  try {
    await openConsole(page, served, '#/replay');
    await expect(page.getByTestId('replay-selection')).toContainText(
      'Every stored webhook (no filter) · 1 webhook',
    );
    await expect(page.getByTestId('replay-left-out')).toHaveText(
      ' · left out: 1 raw request (not HTTP), not sendable as it came',
    );
    await expect(page.getByTestId('replay-plan-error')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Replay/ })).toBeEnabled();
  } finally {
    await served.stop();
  }
});
