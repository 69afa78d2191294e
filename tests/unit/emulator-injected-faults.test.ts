import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliveryLine } from '../../src/main/cli/commands/emulator';
import { openEmulator, until, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { runCliCaptured } from './helpers/run-cli';

// A 403 the emulator caused on purpose (its token fault signs the token wrong) read as the
// merchant's: the delivery's error said only "The target answered 403.", `history --json` the
// same, and the `emulator` terminal "… delivery order_approved <order> -> 403" with no fault,
// no attempt n/N and no "gave up", two lines out of time order.

let emulator: EmulatorHarness;
let merchant: ReturnType<typeof createServer>;
let merchantUrl: string;

beforeEach(async () => {
  emulator = await openEmulator();
  // A merchant that refuses every notification, as it should one whose token is signed wrong.
  merchant = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(403).end('bad token'));
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  merchantUrl = `http://127.0.0.1:${(merchant.address() as AddressInfo).port}/hook`;
});

afterEach(async () => {
  merchant.closeAllConnections();
  await new Promise<void>((resolve) => merchant.close(() => resolve()));
  await emulator.dispose();
});

describe('a delivery refused because of the faults the emulator injected', () => {
  it('says the faults in its error, history --json and the terminal line, with attempt n/N and "gave up"', async () => {
    const created = await emulator.call('POST', '/checkout', validPayload(merchantUrl));
    const orderId = String(created.json['order_id']);
    emulator.core.emulator.engine.setOrderOptions(orderId, {
      faults: { token: 'wrong_signature', duplicate: true, outOfOrder: false, delayMs: 0, drop: false },
    });
    expect((await emulator.call('POST', `/_emulator/orders/${orderId}/pay`)).status).toBe(200);
    const failed = () => emulator.core.emulator.deliveries(10).filter((row) => row.status === 'failed');
    await until(() => failed().length === 2, 'both copies given up', 10_000);

    const history = await runCliCaptured([
      '--data-dir',
      emulator.dataDir,
      'history',
      '--kind',
      'delivery',
      '--json',
    ]);
    expect(history.code, history.stderr).toBe(0);
    const records = JSON.parse(history.stdout) as { id: number; error: string | null }[];
    expect(records).toHaveLength(6);
    for (const record of records)
      expect(record.error).toBe(
        "The target answered 403. Injected by the emulator's faults: wrong signature, duplicate. The emulator signed its token with a wrong key on purpose: a merchant refusing it (401, 403) is right. It sent this notification twice on purpose.",
      );

    const lines = records.map((record) => {
      const summary = emulator.core.store.events.getSummary(record.id);
      const detail = emulator.core.store.events.getDetail(record.id);
      if (summary === undefined || detail === undefined) throw new Error('no record');
      return deliveryLine(summary, detail.details);
    });
    for (const line of lines) {
      expect(line).toContain(`delivery  order_approved  ${orderId}  attempt `);
      expect(line).toContain('-> 403  faults: wrong signature, duplicate');
    }
    expect(lines.filter((line) => line.includes('attempt 3/3'))).toHaveLength(2);
    expect(lines.filter((line) => line.endsWith('  gave up\n'))).toHaveLength(2);
  });
});
