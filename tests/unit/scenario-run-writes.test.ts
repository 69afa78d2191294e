import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/main/scenarios/run-suite';
import type { ScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';

describe("a scenario run's own record", () => {
  it('is written through the writer queue only, never at once between awaits', async () => {
    let inQueue = false;
    const written: string[] = [];
    const outsideQueue: string[] = [];
    const note = (name: string) => (inQueue ? written : outsideQueue).push(name);
    const runs = {
      startRun: () => {
        note('startRun');
        return 7;
      },
      addResult: () => note('addResult'),
      finishRun: () => note('finishRun'),
    } as unknown as ScenarioRunsRepository;
    const queued = async <T>(write: () => T): Promise<T> => {
      // A write the queue runs later, as the store writer does when another process holds the lock.
      await new Promise((resolve) => setTimeout(resolve, 5));
      inQueue = true;
      try {
        return write();
      } finally {
        inQueue = false;
      }
    };
    const report = await runSuite([], {
      // The suite masks profile secrets in what it stores: none here.
      services: { profiles: { secretsHere: () => ({ secrets: [], unopened: [] }) } } as never,
      runs,
      queued,
      profile: { id: 1, fields: { name: 'Local' } } as never,
      frontDoor: 'cli',
      paths: [],
      source: { kind: 'paths', cwd: '/work' },
      confirmLive: false,
      parallel: 1,
      bail: false,
      env: {},
      signal: new AbortController().signal,
      prompt: () => undefined,
      onProgress: () => undefined,
    });
    expect(report.storedId).toBe(7);
    expect(written).toEqual(['startRun', 'finishRun']);
    expect(outsideQueue).toEqual([]);
  });
});
