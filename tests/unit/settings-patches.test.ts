import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { openTempConsole } from './helpers/temp-console';

// A window saves only the fields its person changed; every other field stays as stored, so a
// change another window (or a terminal) made to it meanwhile is kept.

let core: ConsoleCore;
let dispose: () => Promise<void>;

beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
});
afterEach(async () => dispose());

const call = (command: string, input: unknown) => core.dispatcher(command, input, { transport: 'direct' });

describe('a settings patch through the bridge', () => {
  it('emulator: saving the retries keeps the registered webhook and the checkout form', async () => {
    await call('updateEmulatorSettings', {
      webhookUrl: 'https://hooks.example.test/registered',
      checkoutForm: 'education',
    });
    expect(await call('updateEmulatorSettings', { attempts: 5 })).toMatchObject({
      ok: true,
      data: { attempts: 5, webhookUrl: 'https://hooks.example.test/registered', checkoutForm: 'education' },
    });
    expect(core.emulator.settings()).toMatchObject({
      attempts: 5,
      webhookUrl: 'https://hooks.example.test/registered',
      checkoutForm: 'education',
    });
  });
});
