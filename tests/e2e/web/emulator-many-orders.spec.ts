import { test as base, expect } from '@playwright/test';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openConsole } from '../fixtures/console-test';
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
