import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmulator, startReceiver, until, validPayload } from './helpers/emulator-harness';
import { openTempConsole } from './helpers/temp-console';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A merchant that answers 200 only after `delayMs` (on 127.0.0.1). */
async function slowMerchant(
  delayMs: number,
): Promise<{ url: string; receivedAt: number[]; answeredAt: number[] }> {
  const receivedAt: number[] = [];
  const answeredAt: number[] = [];
  const server: Server = createServer((request, response) => {
    receivedAt.push(Date.now());
    request.resume();
    setTimeout(() => {
      answeredAt.push(Date.now());
      response.end('ok');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`, receivedAt, answeredAt };
}

// The dispatcher set its next look only once every attempt of a pass was answered: a merchant
// slow to answer (up to the attempt timeout) held back another order's notification queued by
// another process on the data directory (`emulator pay` in a terminal), and every retry.
describe('a slow merchant', () => {
  it("does not hold back another order's notification queued by another process meanwhile", async () => {
    const emulator = await openEmulator();
    cleanups.push(() => emulator.dispose());
    emulator.core.emulator.updateSettings({ timeoutMs: 10_000 });
    const slow = await slowMerchant(4_000);
    const fast = await startReceiver();
    cleanups.push(() => fast.close());
    const slowOrder = await emulator.call('POST', '/checkout', validPayload(slow.url));
    const fastOrder = await emulator.call('POST', '/checkout', validPayload(fast.url));

    // Another console on the same data directory, its emulator not running: its pays are queued
    // for the emulator running here, which finds them on its next look at the outbox.
    const other = await openTempConsole({ dataDir: emulator.dataDir });
    cleanups.push(() => other.core.close());
    other.core.emulator.customerAction(String(slowOrder.json['order_id']), 'pay');
    await until(() => slow.receivedAt.length === 1, 'the slow attempt to begin', 5_000);
    const paidAt = Date.now();
    other.core.emulator.customerAction(String(fastOrder.json['order_id']), 'pay');

    await until(() => fast.received.length === 1, 'the fast order to be notified', 8_000);
    const notifiedAfter = Date.now() - paidAt;
    expect(slow.answeredAt).toHaveLength(0);
    expect(notifiedAfter).toBeLessThan(2_500);
  });
});
