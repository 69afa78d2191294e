import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { CHANGED_ELSEWHERE } from '../../src/shared/settings-patch';
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

const conflictOn = (...paths: string[]) => ({
  ok: false,
  error: { code: 'conflict', issues: paths.map((path) => ({ path, message: CHANGED_ELSEWHERE })) },
});

describe('a save refused where its field was changed elsewhere since the window read it', () => {
  it('emulator: the same field is refused, another field is saved, and an overwrite goes through', async () => {
    const read = core.emulator.settingsView();
    // Another window saves the attempts meanwhile.
    await call('updateEmulatorSettings', { attempts: 7 });
    expect(
      await call('updateEmulatorSettings', { attempts: 4, expected: { attempts: read.attempts } }),
    ).toMatchObject(conflictOn('attempts'));
    expect(core.emulator.settings().attempts).toBe(7);
    expect(
      await call('updateEmulatorSettings', { timeoutMs: 5000, expected: { timeoutMs: read.timeoutMs } }),
    ).toMatchObject({ ok: true, data: { attempts: 7, timeoutMs: 5000 } });
    // Already what the other window saved: nothing to refuse.
    expect(
      await call('updateEmulatorSettings', { attempts: 7, expected: { attempts: read.attempts } }),
    ).toMatchObject({ ok: true });
    expect(await call('updateEmulatorSettings', { attempts: 4 })).toMatchObject({
      ok: true,
      data: { attempts: 4 },
    });
  });

  it("emulator: the registered webhook's headers, as the window showed them masked", async () => {
    const read = core.emulator.settingsView();
    await call('updateEmulatorSettings', {
      webhookHeaders: [{ name: 'X-Api-Key', value: { action: 'set', value: 'from-the-other-window' } }],
    });
    expect(
      await call('updateEmulatorSettings', {
        webhookHeaders: [{ name: 'X-Other', value: { action: 'set', value: 'mine' } }],
        expected: { webhookHeaders: read.webhookHeaders },
      }),
    ).toMatchObject(conflictOn('webhookHeaders'));
    expect(core.emulator.settingsView().webhookHeaders.map((header) => header.name)).toEqual(['X-Api-Key']);
  });

  it("emulator: a header's value changed elsewhere is caught though it masks the same", async () => {
    // Short values mask to •••• alone, long ones to their last four: neither tells two apart.
    for (const [before, after] of [
      ['staging', 'prod'],
      ['key-one-abcd', 'key-two-abcd'],
    ] as const) {
      await call('updateEmulatorSettings', {
        webhookHeaders: [{ name: 'X-Env', value: { action: 'set', value: before } }],
      });
      const read = core.emulator.settingsView();
      await call('updateEmulatorSettings', {
        webhookHeaders: [{ name: 'X-Env', value: { action: 'set', value: after } }],
      });
      expect(core.emulator.settingsView().webhookHeaders[0]?.value.masked).toBe(
        read.webhookHeaders[0]?.value.masked,
      );
      expect(
        await call('updateEmulatorSettings', {
          webhookHeaders: [{ name: 'X-Env', value: { action: 'set', value: 'mine' } }],
          expected: { webhookHeaders: read.webhookHeaders },
        }),
      ).toMatchObject(conflictOn('webhookHeaders'));
      expect(core.profiles.webhookHeaders.plain()).toEqual([['X-Env', after]]);
    }
    // Read again, the same list saves: nothing was changed since.
    const again = core.emulator.settingsView();
    expect(
      await call('updateEmulatorSettings', {
        webhookHeaders: [{ name: 'X-Env', value: { action: 'set', value: 'mine' } }],
        expected: { webhookHeaders: again.webhookHeaders },
      }),
    ).toMatchObject({ ok: true });
  });

  it('listener settings', async () => {
    const read = core.listener.settings();
    await call('updateListenerSettings', { respondStatus: 503 });
    expect(
      await call('updateListenerSettings', {
        respondStatus: 202,
        responseDelayMs: 10,
        expected: { respondStatus: read.respondStatus, responseDelayMs: read.responseDelayMs },
      }),
    ).toMatchObject(conflictOn('respondStatus'));
    expect(core.listener.settings()).toMatchObject({ respondStatus: 503, responseDelayMs: 0 });
    expect(
      await call('updateListenerSettings', { responseDelayMs: 10, expected: { responseDelayMs: 0 } }),
    ).toMatchObject({ ok: true, data: { respondStatus: 503, responseDelayMs: 10 } });
  });

  it('the retention policy', async () => {
    // A terminal: `retention --keep-days 30`.
    await call('setRetention', { mode: 'days', days: 30 });
    expect(
      await call('setRetention', { mode: 'count', count: 1000, expected: { mode: 'all' } }),
    ).toMatchObject(conflictOn('policy'));
    expect(core.history.retention()).toEqual({ mode: 'days', days: 30 });
    expect(
      await call('setRetention', { mode: 'count', count: 1000, expected: { mode: 'days', days: 30 } }),
    ).toMatchObject({ ok: true, data: { mode: 'count', count: 1000 } });
    expect(await call('setRetention', { mode: 'all' })).toMatchObject({ ok: true, data: { mode: 'all' } });
  });
});
