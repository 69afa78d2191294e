import { expect, openConsole, test as base } from '../fixtures/console-test';
import { writeEvents } from '../fixtures/seed-events';
import type { ServedConsole } from '../fixtures/serve-process';

/*
 * A webhook sent as `POST http://evil.example/hook HTTP/1.1` gets no cURL command. The window
 * said the terminal's way out (`npx checkout-console … replay 1`) and still offered "Include
 * the notification token", though the token changes nothing: it names its own Replay, and no
 * switch. A webhook sent to the listener's path keeps the switch.
 */
function seed(dataDir: string): void {
  const webhook = (url: string, path: string) => ({
    kind: 'webhook' as const,
    method: 'POST',
    url,
    path,
    status: 200,
    requestHeaders: [['Content-Type', 'application/json']] as [string, string][],
    requestBody: Buffer.from('{"order_id":"x"}'),
  });
  writeEvents(dataDir, [
    webhook('http://evil.example/hook', 'http://evil.example/hook'),
    webhook('http://127.0.0.1:4455/hooks', '/hooks'),
  ]);
}

const test = base.extend<{ seeded: ServedConsole }>({
  // The test only reads the seeded records: a worker's tests share one console.
  seeded: async ({ sharedConsoles }, use) => {
    await use(await sharedConsoles.readOnly(seed));
  },
});

test("Copy as cURL of an absolute-form webhook says the window's way out, and offers no token switch", async ({
  page,
  seeded,
}) => {
  await openConsole(page, seeded, '#/timeline?id=1');
  await page.getByTestId('event-detail').getByRole('button', { name: 'Copy as cURL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record #1 as cURL' });
  await expect(dialog).toContainText(
    "an absolute address: it names a host the sender chose, not the listener that received it, so curl does not send it there. Replay sends it to the listener again: tick its row, then Replay… in the Timeline's toolbar.",
  );
  await expect(dialog).not.toContainText('npx checkout-console');
  // Guidance, not a failure: drawn as the app's notes are, never as a red alert.
  await expect(dialog.getByRole('note')).toContainText('Replay sends it to the listener again');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByRole('switch')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await page.goto(`${seeded.origin}/#/timeline?id=2`);
  await page.getByTestId('event-detail').getByRole('button', { name: 'Copy as cURL' }).click();
  const other = page.getByRole('dialog', { name: 'Record #2 as cURL' });
  await expect(other.getByRole('switch', { name: /Include the notification token/ })).toHaveCount(1);
  await expect(other.getByTestId('curl-command')).toContainText(
    'curl --request POST http://127.0.0.1:4455/hooks',
  );
});
