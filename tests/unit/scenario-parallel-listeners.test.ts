import { describe, expect, it } from 'vitest';
import type { LoadedScenario } from '../../src/main/scenarios/load-scenarios';
import { runSuite } from '../../src/main/scenarios/run-suite';
import type { ScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import { scenarioSchema } from '../../src/shared/scenarios/scenario-schema';

const waiting = (index: number): LoadedScenario => ({
  path: `/suite/s${index}.yaml`,
  file: `s${index}.yaml`,
  scenario: scenarioSchema.parse({ name: `s${index}`, steps: [{ step: 'wait', for: '20ms' }] }),
  stepLines: [3],
});

/**
 * `test --parallel 16` printed "MaxListenersExceededWarning: Possible EventTarget memory leak
 * detected. 11 abort listeners added to [AbortSignal]" into the CI log: each scenario under way
 * listens for the run's cancel while it waits, so more than ten at once passed Node's default.
 * That is the run's design, not a leak; the run's signal now allows its own workers.
 */
describe('a run of scenarios side by side', () => {
  it('waits in sixteen scenarios at once without a listener-leak warning', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const runs = {
        startRun: () => 1,
        addResult: () => undefined,
        finishRun: () => undefined,
        markAlive: () => undefined,
      } as unknown as ScenarioRunsRepository;
      const report = await runSuite(
        Array.from({ length: 16 }, (_, index) => waiting(index)),
        {
          // The suite masks profile secrets in what it stores: none here.
          services: { profiles: { secretsHere: () => ({ secrets: [], unopened: [] }) } } as never,
          runs,
          queued: async (write) => write(),
          profile: { id: 1, fields: { name: 'Local' } } as never,
          frontDoor: 'cli',
          paths: ['/suite'],
          source: { kind: 'paths', cwd: '/' },
          confirmLive: false,
          parallel: 16,
          bail: false,
          env: {},
          signal: new AbortController().signal,
          prompt: () => undefined,
          onProgress: () => undefined,
        },
      );
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(report.totals).toMatchObject({ scenarios: 16, passed: 16 });
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
