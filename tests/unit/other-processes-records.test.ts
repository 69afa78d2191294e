import { afterEach, describe, expect, it } from 'vitest';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import type { TimelineSummary } from '../../src/shared/events';
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
