import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandCaller } from '../../src/main/cli/command-caller';
import { localProfileOf } from '../../src/main/emulator/local-profile-tokens';
import { openEmulator, startReceiver, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

// The Emulator view's Pay on a stopped emulator moved the order to approved and queued its
// notification, saying nothing, while `emulator pay` on the same data directory refused the same
// move (exit 5, "changes nothing"): the CLI makes "the move the Emulator view's buttons make"
// (docs/emulator.md), so the two follow one rule, whyNoEmulatorFor's.

let emulator: EmulatorHarness;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeEach(async () => {
  emulator = await openEmulator();
  receiver = await startReceiver();
  const local = localProfileOf(emulator.core.profiles);
  if (local === null) throw new Error('no Local profile');
  emulator.core.profiles.update(
    local.id,
    { baseUrl: emulator.url },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
});

afterEach(async () => {
  await receiver.close();
  await emulator.dispose();
});

async function newOrder(): Promise<string> {
  const created = await emulator.call('POST', '/checkout', validPayload(receiver.url));
  expect(created.status).toBe(200);
  return String(created.json['order_id']);
}

describe("the Emulator view's customer buttons", () => {
  it('refuse a move while no emulator of this data directory runs, as emulator pay does, and change nothing', async () => {
    const orderId = await newOrder();
    await emulator.core.emulator.stop();
    const act = commandCaller(emulator.core.dispatcher);
    await expect(act('emulatorCustomerAction', { orderId, action: 'pay' })).rejects.toThrow(
      `Not paid, and nothing changed: the emulator is not running at ${emulator.url}`,
    );
    expect(emulator.core.emulator.engine.get(orderId).state).toBe('new');
    expect(emulator.core.emulator.engine.notificationsOf(orderId, 'order_approved')).toEqual([]);

    // Started again, the same press pays.
    expect((await emulator.core.emulator.start()).running).toBe(true);
    expect((await act('emulatorCustomerAction', { orderId, action: 'pay' })).state).toBe('approved');
  });

  it('say the order’s state first, running emulator or not, as emulator pay does', async () => {
    const orderId = await newOrder();
    const act = commandCaller(emulator.core.dispatcher);
    await act('emulatorCustomerAction', { orderId, action: 'cancel' });
    await emulator.core.emulator.stop();
    await expect(act('emulatorCustomerAction', { orderId, action: 'pay' })).rejects.toThrow(/canceled/);
  });
});
