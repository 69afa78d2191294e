import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { pointLocalProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';

/** A served console whose Local profile sends to a service that takes requests and never answers. */
const test = base.extend<{ setup: { served: ServedConsole; received: () => number } }>({
  setup: async ({}, use) => {
    let received = 0;
    const silent: Server = createServer((request) => {
      received += 1;
      request.resume();
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-lost-tab-send-'));
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl, apiToken: 'lost-tab-api-token-7f3a' });
    const served = await startServedConsole({}, dataDir);
    await use({ served, received: () => received });
    // Dropped first: the console's pending send then fails at once instead of at its timeout.
    silent.closeAllConnections();
    await served.stop();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  },
});

test('a tab closed while its send waits: the next tab says a send went and where its answer is, not "Nothing sent yet"', async ({
  page,
  context,
  setup,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, setup.served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByRole('button', { name: 'Send to Local' }).click();
  await expect(page.getByRole('button', { name: 'Cancel request' })).toBeVisible();
  // Named: a profile switch while it waits would put another's banner above a bare "Sending…".
  await expect(page.getByTestId('sending-to')).toHaveText('Sending to Local…');
  await expect.poll(setup.received).toBe(1);
  await page.close();

  const next = await context.newPage();
  await next.setViewportSize({ width: 1280, height: 800 });
  await openConsole(next, setup.served, '#/builder');
  await next.getByRole('tab', { name: 'Response' }).click();
  const unanswered = next.getByTestId('unanswered-send');
  await expect(unanswered).toContainText('Sent to Local');
  await expect(unanswered).toContainText('before this page was opened');
  await expect(next.getByText('Nothing sent yet', { exact: false })).toHaveCount(0);
  await unanswered.getByRole('link', { name: 'the timeline' }).click();
  await expect(next.getByTestId('timeline-row').filter({ hasText: 'createCheckout' })).toHaveCount(1);

  // Cancelled once the service has it: it was sent and may have been carried out (an order
  // created), never "Network failure: cancelled · Cancelled before an answer arrived.".
  await next.evaluate(() => (location.hash = '#/builder'));
  // The untouched sample restored is replaced without asking (selectReplaceable).
  await next.getByRole('button', { name: 'Sample', exact: true }).click();
  await next.getByRole('button', { name: 'Send to Local' }).click();
  await expect.poll(setup.received).toBe(2);
  await next.getByRole('button', { name: 'Cancel request' }).click();
  const failure = next.getByTestId('answer-failure');
  await expect(failure).toContainText('No answer: it was sent, and may have been carried out');
  await expect(failure).toContainText('Cancelled after the request was sent, before an answer arrived');
});
