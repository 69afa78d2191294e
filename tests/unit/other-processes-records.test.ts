import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import type { TimelineSummary } from '../../src/shared/events';
import { signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

// A live timeline shows the records other processes on the data directory write (a `send` or
// `listen` in a terminal), pushed like this process's own, each once.

let listening: ListeningConsole | null = null;
let other: ConsoleCore | null = null;
afterEach(async () => {
  await other?.close();
  other = null;
  await listening?.dispose();
  listening = null;
});

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe("another process's records reach this process's views", () => {
  it('pushed as appended within a couple of seconds; this process’s own are pushed once', async () => {
    listening = await openListeningConsole();
    const appended: TimelineSummary[] = [];
    listening.core.bus.subscribe((event) => {
      if (event.name === 'timeline.appended') appended.push(event.payload);
    });
    other = await createConsole({ dataDir: listening.dataDir, frontDoor: 'browser', keychain: 'off' });
    const elsewhere = other.recorder.recordMany([
      { kind: 'request', method: 'POST', path: '/checkout', status: 200 },
      { kind: 'request', method: 'POST', path: '/checkout', status: 201 },
    ]);
    const here = await fetch(`${listening.origin}/hooks`, { method: 'POST', body: '{}' });
    const { id: hereId } = (await here.json()) as { id: number };
    const more = other.recorder.record({ kind: 'request', method: 'GET', path: '/orders/x', status: 200 });
    const expected = [...elsewhere.map((summary) => summary.id), more.id];
    await until(() => expected.every((id) => appended.some((summary) => summary.id === id)));
    const ids = appended.map((summary) => summary.id);
    expect(ids.filter((id) => expected.includes(id))).toEqual(expected);
    expect(ids.filter((id) => id === hereId)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(appended.map((summary) => summary.id).sort((a, b) => a - b)).toEqual(
      [...expected, hereId].sort((a, b) => a - b),
    );
  });
});

describe("another process's profile change reaches this process", () => {
  it('a notification token set in a terminal is the one the running listener verifies with, within seconds', async () => {
    listening = await openListeningConsole();
    const origin = listening.origin;
    const changed: unknown[] = [];
    listening.core.bus.subscribe((event) => {
      if (event.name === 'profiles.changed') changed.push(event.payload);
    });
    other = await createConsole({ dataDir: listening.dataDir, frontDoor: 'browser', keychain: 'off' });
    const local = other.profiles.active();
    const fresh = 'set-in-a-terminal-0123456789';
    other.profiles.update(
      local.id,
      {},
      { apiToken: { action: 'keep' }, notificationToken: { action: 'set', value: fresh } },
    );
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(fresh, { iat: now, exp: now + 600 });
    const verdict = async () => {
      const answer = await fetch(`${origin}/hooks?serviceToken=${token}`, { method: 'POST', body: '{}' });
      const { id } = (await answer.json()) as { id: number };
      return listening?.core.events.getSummary(id)?.tokenVerdict;
    };
    let seen = await verdict();
    const end = Date.now() + 5_000;
    while (seen !== 'valid' && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      seen = await verdict();
    }
    expect(seen).toBe('valid');
    expect(changed.length).toBeGreaterThan(0);
  });
});
