import { describe, expect, it } from 'vitest';
import { consolesOnOneDataDir } from './helpers/listening-console';

// Several consoles may share one data directory: a setting saved in one is the setting of the
// listener or emulator running in another, and a save never puts back what another changed.

const consoles = consolesOnOneDataDir();

const post = async (origin: string) =>
  (await fetch(`${origin}/hooks`, { method: 'POST', body: '{}' })).status;

describe('settings saved by another console on the same data directory', () => {
  it('the running listener answers with the status saved in the other console, at once', async () => {
    const listening = await consoles.listening();
    expect(await post(listening.origin)).toBe(200);
    const other = await consoles.other(listening.dataDir);
    other.listener.updateSettings({ respondStatus: 503 });
    expect(await post(listening.origin)).toBe(503);
    expect(listening.core.listener.settings().respondStatus).toBe(503);
  });

  it('a save patches what is stored now: a field the other console changed is kept', async () => {
    const listening = await consoles.listening();
    expect(listening.core.listener.settings().respondStatus).toBe(200);
    const other = await consoles.other(listening.dataDir);
    other.listener.updateSettings({ respondStatus: 503 });
    listening.core.listener.updateSettings({ responseDelayMs: 10 });
    expect(other.listener.settings()).toMatchObject({ respondStatus: 503, responseDelayMs: 10 });
  });

  it('the emulator too: faults and retries saved elsewhere are read, and not put back', async () => {
    const listening = await consoles.listening();
    const before = listening.core.emulator.settings();
    const other = await consoles.other(listening.dataDir);
    other.emulator.updateSettings({ attempts: before.attempts + 1 });
    expect(listening.core.emulator.settings().attempts).toBe(before.attempts + 1);
    listening.core.emulator.updateSettings({ timeoutMs: before.timeoutMs + 1 });
    expect(other.emulator.settings()).toMatchObject({
      attempts: before.attempts + 1,
      timeoutMs: before.timeoutMs + 1,
    });
  });
});

describe('a window of a console sees settings another console saved, without a reload', () => {
  it('the emulator’s and the listener’s settings, and the retention policy, are pushed as this console’s own changes are', async () => {
    const listening = await consoles.listening();
    const pushed: string[] = [];
    const seen = new Promise<void>((resolve) => {
      listening.core.bus.subscribe((event) => {
        if (event.name === 'emulator.changed')
          pushed.push(`emulator: ${listening.core.emulator.settingsView().webhookUrl ?? 'none'}`);
        if (event.name === 'listener.settings') pushed.push(`listener: ${event.payload.respondStatus}`);
        if (event.name === 'history.retention') pushed.push(`retention: ${JSON.stringify(event.payload)}`);
        if (
          pushed.some((line) => line.startsWith('emulator: https')) &&
          pushed.includes('listener: 503') &&
          pushed.some((line) => line.startsWith('retention:'))
        )
          resolve();
      });
    });
    const other = await consoles.other(listening.dataDir);
    other.emulator.updateSettings({ webhookUrl: 'https://merchant.example/hooks' });
    other.listener.updateSettings({ respondStatus: 503 });
    other.history.setRetention({ mode: 'days', days: 7 });
    // The watch of other processes looks once a second.
    await seen;
    expect(pushed).toContain('emulator: https://merchant.example/hooks');
    expect(pushed).toContain('listener: 503');
    expect(pushed).toContain('retention: {"mode":"days","days":7}');
  });
});
