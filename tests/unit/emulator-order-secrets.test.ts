import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CommandInput, CommandName, CommandOutput } from '../../src/shared/contract';
import { openEmulator, startReceiver, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { runCliCaptured } from './helpers/run-cli';

// An order's reference and number are what the merchant's payload said: one pasted with a
// profile token is shown masked by the Emulator view and `emulator pay` as by the Orders view.

let emulator: EmulatorHarness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  emulator = await openEmulator();
  receiver = await startReceiver();
  const set = await runCliCaptured([
    '--data-dir',
    emulator.dataDir,
    'profiles',
    'set',
    'Local',
    '--base-url',
    emulator.url,
  ]);
  expect(set.code, set.stderr).toBe(0);
});

afterEach(async () => {
  await receiver.close();
  await emulator.dispose();
});

async function call<C extends CommandName>(command: C, input: CommandInput<C>): Promise<CommandOutput<C>> {
  const result = await emulator.core.dispatcher(command, input, { transport: 'websocket' });
  if (!result.ok) throw new Error(`${command}: ${JSON.stringify(result.error)}`);
  return result.data as CommandOutput<C>;
}

const tail = (token: string) => `••••${token.slice(-4)}`;

/** An order whose reference holds the API token and whose number holds the notification token. */
async function orderWithTokens() {
  const { apiToken, notificationToken } = emulator;
  const created = await emulator.call(
    'POST',
    '/checkout',
    validPayload(`${receiver.url}?key=${notificationToken}`, {
      order_reference_id: `ref-${apiToken}-1`,
      order_number: `num-${notificationToken}`,
    }),
  );
  expect(created.status).toBe(200);
  return String(created.json['order_id']);
}

describe('a profile token in an emulator order’s reference or number', () => {
  it('is masked in the Emulator view’s orders, deliveries and customer actions', async () => {
    const { apiToken, notificationToken } = emulator;
    const orderId = await orderWithTokens();
    const { orders } = await call('listEmulatorOrders', { limit: 10 });
    expect(orders[0]).toMatchObject({
      referenceId: `ref-${tail(apiToken)}-1`,
      orderNumber: `num-${tail(notificationToken)}`,
    });
    const paid = await call('emulatorCustomerAction', { orderId, action: 'pay' });
    expect(paid.referenceId).toBe(`ref-${tail(apiToken)}-1`);
    const { deliveries } = await call('listEmulatorDeliveries', { limit: 10 });
    expect(deliveries.length).toBeGreaterThan(0);
    for (const [name, shown] of Object.entries({ orders, paid, deliveries })) {
      expect(JSON.stringify(shown), name).not.toContain(apiToken);
      expect(JSON.stringify(shown), name).not.toContain(notificationToken);
    }
  });

  it('is masked in `emulator pay`’s line and its --json', async () => {
    const { apiToken, notificationToken } = emulator;
    for (const json of [false, true]) {
      const orderId = await orderWithTokens();
      const argv = ['--data-dir', emulator.dataDir, 'emulator', 'pay', orderId, ...(json ? ['--json'] : [])];
      const run = await runCliCaptured(argv);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toContain(apiToken);
      expect(run.stdout).not.toContain(notificationToken);
      if (json)
        expect(JSON.parse(run.stdout)).toMatchObject({ order_reference_id: `ref-${tail(apiToken)}-1` });
      else expect(run.stdout).toContain(`(reference ref-${tail(apiToken)}-1)`);
    }
  });
});
