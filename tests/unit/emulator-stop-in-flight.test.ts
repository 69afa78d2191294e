import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmulator, until, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/** A merchant endpoint that takes the request and never answers. */
async function silentMerchant(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server: Server = createServer(() => {
    hits += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let emulator: EmulatorHarness | null = null;
let merchant: Awaited<ReturnType<typeof silentMerchant>> | null = null;
afterEach(async () => {
  await emulator?.dispose();
  await merchant?.close();
});

describe('stopping the emulator while a notification waits for its answer', () => {
  it('stops at once (the attempt is cancelled, not waited out) and the notification stays owed, its attempt not counted', async () => {
    emulator = await openEmulator();
    merchant = await silentMerchant();
    // The longest timeout the settings allow: waiting it out would hold Stop for two minutes.
    emulator.core.emulator.updateSettings({ timeoutMs: 120_000, attempts: 1 });
    const { json } = await emulator.call('POST', '/checkout', validPayload(merchant.url));
    const orderId = String(json['order_id']);
    expect((await emulator.call('POST', `/_emulator/orders/${orderId}/pay`)).status).toBe(200);
    const current = merchant;
    await until(() => current.hits() === 1, 'the delivery to reach the merchant');

    await emulator.core.emulator.stop();

    const [delivery] = emulator.core.emulator.deliveries(10).filter((row) => row.orderId === orderId);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 0, maxAttempts: 1 });
  }, 20_000);
});
