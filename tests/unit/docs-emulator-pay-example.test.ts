import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationUrlFor } from '../../src/main/merchant-api/notification-target';
import { openTempConsole } from './helpers/temp-console';

// docs/emulator.md showed `emulator pay` printing "order_approved queued for
// http://127.0.0.1:4455/webhooks", but the notification URL the console fills in for the Local
// profile is its listener's address with no path: the real line reads "… queued for
// http://127.0.0.1:4455".

const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'emulator.md'), 'utf8');
const disposals: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of disposals.splice(0)) await dispose();
});

describe("docs/emulator.md's emulator pay example", () => {
  it("names the notification URL a send to a fresh data directory's Local profile fills in", async () => {
    const opened = await openTempConsole({ frontDoor: 'cli', startEmulator: false });
    disposals.push(opened.dispose);
    const { core } = opened;
    const local = core.profiles.findByName('Local');
    if (local === undefined) throw new Error('A fresh data directory has no Local profile');
    const filled = notificationUrlFor(core.profiles.get(local.id), core.listener.status());
    const shown = /^# Paid order .*order_approved queued for (\S+)$/m.exec(doc)?.[1];
    expect(filled.url).not.toBeNull();
    expect(shown).toBe(filled.url);
  });
});
