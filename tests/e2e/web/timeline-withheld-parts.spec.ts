import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startConsoleWith, writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';

/*
 * While a profile's token cannot be opened by this process (here the Sandbox API token as the
 * desktop app sealed it, read by `checkout-console serve`), opening any record's detail was
 * refused with the vault's words: a webhook's status and verdicts could not be read at all.
 * Now the detail shows them, and says "Withheld" where each part that could echo that token
 * would be; what would be fed from a withheld part (cURL, editing the body to replay it) is
 * said unavailable, with why.
 */

const SEALED_ELSEWHERE = `$safestorage:${Buffer.from('sealed by the desktop app').toString('base64')}`;
const NOTE = 'kettle descaled';

const test = base.extend<{ seeded: ServedConsole }>({
  seeded: async ({}, use) => {
    const served = await startConsoleWith((dataDir) => {
      writeEvents(dataDir, [
        {
          kind: 'webhook',
          method: 'POST',
          url: 'http://127.0.0.1:4455/hooks',
          path: '/hooks',
          status: 200,
          durationMs: 7,
          eventType: 'order_approved',
          tokenVerdict: 'expired',
          bodyVerdict: 'event',
          requestHeaders: [
            ['Content-Type', 'application/json'],
            ['User-Agent', 'checkout-service/1.0'],
          ],
          requestBody: Buffer.from(JSON.stringify({ event_type: 'order_approved', note: NOTE })),
          responseHeaders: [['Content-Type', 'text/plain']],
          responseBody: Buffer.from('ok'),
          // The listener's judgement, stored as it arrived: shown whatever is withheld.
          details: {
            token: {
              verdict: 'expired',
              reason: 'Expired 3 minutes before it arrived.',
              checks: [
                {
                  source: 'header',
                  present: true,
                  verdict: 'expired',
                  reason: 'Expired 3 minutes before it arrived.',
                  header: { alg: 'HS256', typ: 'JWT' },
                  claims: { iat: 1764400000, exp: 1764400900 },
                },
                {
                  source: 'query',
                  present: false,
                  verdict: 'missing',
                  reason: 'No serviceToken in the query.',
                  header: null,
                  claims: null,
                },
              ],
              findings: [],
            },
            body: {
              verdict: 'event',
              findings: [{ severity: 'warning', path: 'data', message: 'data is missing.' }],
            },
          },
        },
      ]);
      const db = new Database(join(dataDir, 'console.sqlite'));
      try {
        db.prepare("UPDATE profiles SET api_token_sealed = ? WHERE name = 'Sandbox'").run(SEALED_ELSEWHERE);
      } finally {
        db.close();
      }
    });
    await use(served);
    await served.stop();
  },
});

/** What a part withheld says; its way out is this console's data directory's command. */
const withheldWords = (dataDir: string) =>
  new RegExp(
    `^Withheld: Sandbox's API token cannot be opened by this process, so it could not be masked where this record may echo it: sealed with "safestorage".*\\. Open the record in the console that sealed it .*: npx checkout-console --data-dir ${dataDir} profiles forget-secret Sandbox\\.$`,
  );

test('a record whose parts could echo an unopenable token is shown, those parts said withheld', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/timeline?id=1');
  const detail = page.getByTestId('event-detail');
  // What it is, how it went and what the listener concluded: shown, never refused.
  await expect(detail.getByRole('heading', { name: 'Token verdicts' })).toBeVisible();
  // The body's findings were judged as it arrived: shown, and said to be of a withheld body.
  await expect(detail.getByTestId('body-findings-withheld')).toHaveText(
    'As judged on arrival. The body itself is withheld here (see Request).',
  );
  await expect(detail.getByRole('table', { name: 'Body findings' })).toContainText('data is missing.');
  await expect(page.getByTestId('detail-error')).toHaveCount(0);

  await detail.getByRole('tab', { name: 'Request' }).click();
  await expect(detail.getByTestId('withheld-requestHeaders')).toHaveText(withheldWords(seeded.dataDir));
  // Said in full once a tab; the next part names the secret and points up.
  await expect(detail.getByTestId('withheld-requestBody')).toHaveText(
    "Withheld: as above, Sandbox's API token cannot be opened by this process.",
  );
  await expect(detail.getByTestId('request-body-none')).toHaveCount(0);
  await expect(detail.getByText('No headers.')).toHaveCount(0);
  await expect(detail).not.toContainText(NOTE);

  await detail.getByRole('tab', { name: 'Response' }).click();
  await expect(detail.getByTestId('withheld-responseBody')).toHaveText(withheldWords(seeded.dataDir));
  // Of a fixed form, it cannot hold the token: shown.
  await expect(detail.getByRole('table', { name: 'Response headers' })).toContainText('text/plain');

  // Built from the withheld parts, a cURL command would be a different request: not offered.
  const copy = detail.getByRole('button', { name: 'Copy as cURL' });
  await expect(copy).toHaveAttribute('aria-disabled', 'true');
  await copy.hover();
  await expect(page.getByRole('tooltip')).toContainText(
    "Not offered: the request headers, the request body and the response body are withheld here (Sandbox's API token cannot be opened by this process)",
  );
  await copy.click({ force: true });
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Replay does not offer to edit a withheld body, nor to replay it, saying why', async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/replay?ids=1');
  const edit = page.getByRole('switch', { name: /Edit the body/ });
  await expect(edit).toBeDisabled();
  await expect(page.getByTestId('replay-body-withheld')).toContainText(
    "Webhook #1's stored body is withheld here, so it cannot be edited (nor replayed as an empty one): Sandbox's API token",
  );
  await expect(page.getByRole('textbox', { name: 'Replay body' })).toHaveCount(0);
  // Main would refuse the run (what it sends and records could echo the token): said before.
  const replay = page.getByRole('button', { name: /^Replay/ });
  await expect(replay).toHaveAttribute('aria-disabled', 'true');
  await replay.hover();
  await expect(page.getByRole('tooltip')).toContainText(
    "Not offered: Sandbox's API token cannot be opened by this process, so what a replay of webhook #1 sends and records could not be masked",
  );
  await replay.click({ force: true });
  await expect(page.getByTestId('replay-progress')).toHaveCount(0);
});
