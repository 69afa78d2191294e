import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { runSuite } from '../../src/main/scenarios/run-suite';
import type { ScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import { RUN_ALIVE_EVERY_MS } from '../../src/shared/scenarios/stored-runs';
import { makeTempDir } from './helpers/temp-console';

/**
 * A run's alive mark is written from a timer. The store's writer throws at once, not through
 * its promise, on a database already closed: the mark caught only a rejection, so that throw
 * left the timer's callback and ended the process (`serve` stopped during a run died with a
 * TypeError). Whatever the order of shutdown, the mark's write failing is now only a mark not
 * made, as a busy file's is.
 */
const temp = makeTempDir('cc-alive-mark-');
afterAll(() => temp.remove());

describe("a scenario run's alive mark", () => {
  it('never throws out of its timer when the writer throws at once', async () => {
    writeFileSync(join(temp.dir, 'long.yaml'), 'name: long\nsteps:\n  - step: wait\n    for: 10m\n');
    const { scenarios } = loadScenarios([temp.dir], temp.dir);
    let closed = false;
    let triedClosed = 0;
    const queued = <T>(write: () => T): Promise<T> => {
      if (closed) {
        triedClosed += 1;
        // better-sqlite3's own words on a closed database, thrown as its writer throws them.
        throw new TypeError('The database connection is not open');
      }
      return Promise.resolve(write());
    };
    const runs = {
      startRun: () => 1,
      markAlive: () => undefined,
      addResult: () => undefined,
      finishRun: () => undefined,
    } as unknown as ScenarioRunsRepository;
    const controller = new AbortController();
    let waiting: () => void = () => undefined;
    const stepStarted = new Promise<void>((resolve) => (waiting = resolve));
    // Only the alive mark's interval is faked: the wait step's own timer stays real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const running = runSuite(scenarios, {
        // The suite masks profile secrets in what it stores: none here.
        services: { profiles: { secretsHere: () => ({ secrets: [], unopened: [] }) } } as never,
        runs,
        queued,
        profile: { id: 1, fields: { name: 'Local' } } as never,
        frontDoor: 'cli',
        paths: [temp.dir],
        source: { kind: 'paths', cwd: temp.dir },
        confirmLive: false,
        parallel: 1,
        bail: false,
        env: {},
        signal: controller.signal,
        prompt: () => undefined,
        onProgress: (progress) => {
          if (progress.type === 'step-started') waiting();
        },
      });
      await stepStarted;
      closed = true;
      expect(() => vi.advanceTimersByTime(RUN_ALIVE_EVERY_MS)).not.toThrow();
      expect(triedClosed).toBe(1);
      controller.abort();
      // The run's own end says its record could not be written.
      await expect(running).rejects.toThrow(/not open/);
    } finally {
      vi.useRealTimers();
    }
  });
});
