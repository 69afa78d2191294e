import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { freePort, pointLocalProfile, projectRoot, startServedConsole } from '../fixtures/serve-process';

const API_TOKEN = 'many-orders-token';

/** A data directory whose Local profile's emulator runs on a free port with a known API token. */
const test = base.extend<{ setup: { dataDir: string; emulator: string } }>({
  setup: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-many-orders-e2e-'));
    const emulator = `http://127.0.0.1:${await freePort()}`;
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: emulator, apiToken: API_TOKEN });
    await use({ dataDir, emulator });
    rmSync(dataDir, { recursive: true, force: true });
  },
});

// The view lists the newest 200 orders: with more stored, "Orders (200)" said there were 200.
test('with more orders than the view lists, it says it shows the newest and that older ones exist', async ({
  page,
  setup,
}) => {
  const served = await startServedConsole({}, setup.dataDir);
  try {
    const payload = readFileSync(join(projectRoot, 'tests', 'fixtures', 'general-valid.json'), 'utf8');
    const create = async () => {
      const response = await fetch(`${setup.emulator}/checkout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${API_TOKEN}`, 'content-type': 'application/json' },
        body: payload,
      });
      expect(response.status).toBe(200);
    };
    for (let batch = 0; batch < 21; batch += 1) await Promise.all(Array.from({ length: 10 }, create));
    await openConsole(page, served, '#/emulator');
    const header = page.getByRole('button', { name: /^Orders/ });
    await expect(header).toHaveText('Orders (the newest 200; older ones are not listed)');
    await expect(page.getByTestId('emulator-order')).toHaveCount(200);
  } finally {
    await served.stop();
  }
});

// A 300-character order_reference_id pushed State, Total, Expires and the customer's buttons off
// a 1280×800 screen, and the Notifications list did not say which order each one was for.
test('a long reference is cut with its whole text on hover, and each notification names its order', async ({
  page,
  setup,
}) => {
  const served = await startServedConsole({}, setup.dataDir);
  try {
    const reference = `LONG-${'r'.repeat(295)}`;
    const payload = JSON.parse(
      readFileSync(join(projectRoot, 'tests', 'fixtures', 'general-valid.json'), 'utf8'),
    ) as Record<string, unknown>;
    const auth = { authorization: `Bearer ${API_TOKEN}`, 'content-type': 'application/json' };
    const created = await fetch(`${setup.emulator}/checkout`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ ...payload, order_reference_id: reference }),
    });
    expect(created.status).toBe(200);
    const { order_id: orderId } = (await created.json()) as { order_id: string };
    const paid = await fetch(`${setup.emulator}/_emulator/orders/${orderId}/pay`, {
      method: 'POST',
      headers: auth,
    });
    expect(paid.status).toBe(200);

    await page.setViewportSize({ width: 1280, height: 800 });
    await openConsole(page, served, '#/emulator');
    const row = page.locator(`[data-testid="emulator-order"][data-order-id="${orderId}"]`);
    await expect(row.getByTestId('order-name')).toHaveAttribute('title', reference);
    // Every column of the row, the customer's last, is on the screen.
    const lastCell = row.locator('td').last();
    await expect(lastCell).toBeVisible();
    const box = await lastCell.boundingBox();
    expect((box?.x ?? Infinity) + (box?.width ?? 0)).toBeLessThanOrEqual(1280);

    const notification = page.getByTestId('emulator-delivery').first();
    await expect(notification.getByTestId('order-name')).toHaveAttribute('title', reference);
  } finally {
    await served.stop();
  }
});
