import { describe, expect, it } from 'vitest';
import { consolesOnOneDataDir } from './helpers/listening-console';

// History's count, Export's label and rows went on saying what a retention had removed: only
// arrivals were pushed. A removal, here or by another process on the data directory (a
// `retention --apply` in a terminal), is now pushed as `history.removed`.

const consoles = consolesOnOneDataDir();

const until = async (check: () => boolean, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 50));
};

describe('records removed are pushed', () => {
  it('by a retention in another process, within a couple of seconds; arrivals alone push nothing', async () => {
    const listening = await consoles.listening();
    let removals = 0;
    listening.core.bus.subscribe((event) => {
      if (event.name === 'history.removed') removals += 1;
    });
    const other = await consoles.other(listening.dataDir);
    other.recorder.recordMany(
      Array.from({ length: 5 }, () => ({ kind: 'request' as const, method: 'GET', path: '/x', status: 200 })),
    );
    // The arrivals are looked at (and not taken for a removal) before the retention runs.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(removals).toBe(0);
    const { removed } = await other.history.applyRetention({ mode: 'count', count: 2 });
    expect(removed).toBe(3);
    await until(() => removals > 0);
    expect(removals).toBe(1);
  });

  it('by a retention in this process, at once', async () => {
    const listening = await consoles.listening();
    let removals = 0;
    listening.core.bus.subscribe((event) => {
      if (event.name === 'history.removed') removals += 1;
    });
    listening.core.recorder.recordMany([
      { kind: 'request', method: 'GET', path: '/x', status: 200 },
      { kind: 'request', method: 'GET', path: '/y', status: 200 },
    ]);
    await listening.core.history.applyRetention({ mode: 'count', count: 1 });
    expect(removals).toBe(1);
    // Nothing removed: nothing said.
    await listening.core.history.applyRetention({ mode: 'count', count: 1 });
    expect(removals).toBe(1);
  });
});
