import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { freePort, pointLocalProfile, startServedConsole } from '../fixtures/serve-process';
import { BuilderPage } from '../pages/builder-page';
import { asCustomer } from '../pages/customer';

// Another program held the Local profile's listener port and answered 200: the Builder said
// nothing of it, the Request tab said a console listens there, the paid order's webhook went to
// that program, and the Response tab said "No webhook yet. Pay on the checkout page" for good,
// the guide stayed on Pay, and the Listener view said every request that reached the port was
// stored.
test('a listener port held by another program is said before the send, and the paid order says where its webhook went', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
  const holder = createServer((request, response) => {
    request.resume();
    request.on('end', () =>
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'),
    );
  });
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const address = holder.address();
  if (address === null || typeof address === 'string') throw new Error('The holder has no port.');
  const held = address.port;
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-listener-held-'));
  try {
    await pointLocalProfile(dataDir, {
      listenerPort: held,
      baseUrl: `http://127.0.0.1:${await freePort()}`,
    });
    const served = await startServedConsole({}, dataDir);
    try {
      await openConsole(page, served);
      const notice = page.getByTestId('listener-stopped');
      await expect(notice).toContainText("This console's listener is not running");
      await expect(notice).toContainText(`Port ${held} is already in use by another program`);

      const builder = new BuilderPage(page);
      const guide = page.getByTestId('first-run-guide');
      await guide.getByRole('button', { name: 'Fill with a sample' }).click();
      await builder.field('Locale', 'Order').fill('en_US');
      await builder.field('Notification URL', 'Merchant URLs').fill('');
      await expect(builder.errorCount()).toHaveText('0 errors');
      await page.getByRole('tab', { name: 'Request' }).click();
      const plan = page.getByTestId('notification-plan');
      await expect(plan).toContainText(`http://127.0.0.1:${held}`);
      await expect(plan).toContainText("this console's listener is not running");
      await expect(plan).not.toContainText('a console on this data directory listens');

      await page.keyboard.press('ControlOrMeta+Enter');
      await expect(page.getByTestId('created-status')).toHaveText('new');
      const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
      await asCustomer(browser, async (customer) => {
        await customer.goto(checkoutUrl);
        await customer.getByRole('button', { name: 'Pay', exact: true }).click();
      });

      const elsewhere = page.getByTestId('followed-delivered-elsewhere');
      await expect(elsewhere).toContainText(
        `order_approved was delivered to http://127.0.0.1:${held} and answered 200 there, but this console's listener did not receive it`,
      );
      await expect(page.getByTestId('followed-webhooks-empty')).toHaveCount(0);
      await expect(guide).toContainText("this console's listener did not receive it");
      await expect(guide.getByRole('button', { name: 'Open the checkout page' })).toHaveCount(0);

      await guide.getByRole('button', { name: 'Open the Listener view' }).click();
      const notStored = page.getByTestId('listener-not-stored');
      await expect(notStored).toContainText(`what is sent to port ${held} reaches whatever holds it`);
      await expect(notStored).not.toContainText('every request that reached the port was stored');

      // The way out: the listener on a free port, from the Builder's notice.
      await page.goBack();
      await notice.getByRole('button', { name: 'Start on a free port (listener port 0)' }).click();
      await expect(notice).toHaveCount(0);
    } finally {
      await served.stop();
    }
  } finally {
    holder.closeAllConnections();
    await new Promise<void>((resolve) => holder.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
