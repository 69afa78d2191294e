import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { makeTempDir } from './helpers/temp-console';
import { validPayload } from './helpers/emulator-harness';

const failures: unknown[] = [];
const keep = (reason: unknown) => failures.push(reason);
afterEach(() => {
  process.off('unhandledRejection', keep);
  process.off('uncaughtException', keep);
});

describe('closing the console while the emulator delivers a notification', () => {
  it('waits for the delivery in flight instead of writing to a closed database', async () => {
    process.on('unhandledRejection', keep);
    process.on('uncaughtException', keep);
    const temp = makeTempDir();
    const core = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off', session: {} });
    // A slow merchant: the delivery is still waiting for its answer when the console closes.
    core.listener.updateSettings({ responseDelayMs: 400 });
    const created = await core.merchantApi.sendCheckout({
      body: { kind: 'json', payload: validPayload(null) },
      injectNotificationUrl: true,
      form: 'general',
    });
    const orderId = created.checkout?.order_id;
    expect(orderId).toBeDefined();
    core.emulator.customerAction(orderId ?? '', 'pay');
    await new Promise((resolve) => setTimeout(resolve, 100));
    await core.close();
    await new Promise((resolve) => setTimeout(resolve, 600));
    temp.remove();
    expect(failures).toEqual([]);
  });
});
