import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { pointLocalProfile, startServedConsole } from '../fixtures/serve-process';
import { BuilderPage } from '../pages/builder-page';
import { createOrder } from '../pages/order-flow';

// The confirmation before an address leaves the console: calm for this machine's own pages
// (the emulator's checkout page in the quick start), the plain-HTTP warning for other hosts.

test("the emulator's checkout page on 127.0.0.1 is confirmed as this machine's page, without the plain-HTTP alarm", async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  expect(new URL(order.checkoutUrl).hostname).toBe('127.0.0.1');
  await page.getByRole('button', { name: 'Open checkout page' }).click();
  const confirm = page.getByRole('dialog', { name: /^Open 127\.0\.0\.1:\d+\?$/ });
  await expect(confirm.getByTestId('external-url')).toHaveText(order.checkoutUrl);
  await expect(confirm.getByTestId('external-loopback')).toContainText('on this machine');
  await expect(confirm).not.toContainText('not encrypted');
  await expect(confirm).not.toContainText('Open it only if you expect that host');
  // Still a confirmation: nothing opens until asked.
  const pagesBefore = page.context().pages().length;
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(page.context().pages()).toHaveLength(pagesBefore);
});

test('a plain-HTTP address on another host keeps the warning', async ({ page }) => {
  // A service whose checkout_url is plain HTTP on a host that is not this machine.
  const service = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({
          checkout_id: '5f0e6a43-8d1f-4b52-9c3e-0c2d7b7f4a11',
          order_id: '0f8fad5b-d9cb-469f-a165-70867728950e',
          status: 'new',
          checkout_url: 'http://pay.example.test/checkout-page?order_id=0f8fad5b',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-open-confirm-'));
  const { port } = service.address() as AddressInfo;
  await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: `http://127.0.0.1:${port}` });
  const served = await startServedConsole({}, dataDir);
  try {
    await openConsole(page, served, '#/builder');
    await page.getByRole('button', { name: 'Sample', exact: true }).click();
    await new BuilderPage(page).field('Description', 'Order').click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(page.getByTestId('created-status')).toHaveText('new');
    await page.getByRole('button', { name: 'Open checkout page' }).click();
    const confirm = page.getByRole('dialog', { name: 'Open pay.example.test?' });
    await expect(confirm.getByTestId('external-host')).toHaveText('pay.example.test');
    await expect(confirm).toContainText('over plain HTTP (not encrypted)');
    await expect(confirm).toContainText('Open it only if you expect that host');
    await expect(confirm.getByTestId('external-loopback')).toHaveCount(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  } finally {
    await served.stop();
    await new Promise<void>((resolve) => service.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
