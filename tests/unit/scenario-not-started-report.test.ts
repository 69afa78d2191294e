import { describe, expect, it } from 'vitest';
import { formatScenario } from '../../src/main/scenarios/reporters/pretty-reporter';
import { consoleCommandNaming } from '../../src/shared/console-command';
import { SKIP_REASONS, type ScenarioResult } from '../../src/shared/scenarios/scenario-results';

/** The commands a report names, on the default data directory. */
const onDefault = consoleCommandNaming(null);

const notStarted = (why: string, steps: number): ScenarioResult => ({
  file: 'suite/s1.yaml',
  name: 's1',
  status: 'skipped',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 0,
  orderIds: [],
  steps: Array.from({ length: steps }, (_, index) => ({
    index,
    kind: 'wait' as const,
    title: 'wait 1s',
    line: 3 + index,
    status: 'skipped' as const,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 0,
    message: why,
    checks: [],
    recordIds: [],
  })),
});

/**
 * A run cancelled early (Ctrl+C, `| head`) or stopped by --bail printed every scenario it never
 * started on two lines, "- s1  (suite/s1.yaml)  0 ms" and "    - 3 more steps not run (the run
 * was cancelled)": a time for what never ran, "more" steps when none was shown, and a thousand
 * lines for a 500-file suite. Such a scenario is now one line that says it did not run and why.
 */
describe('the pretty report of a scenario that never started', () => {
  it('is one line, with the reason and no time', () => {
    expect(formatScenario(notStarted(SKIP_REASONS.cancelled, 3), onDefault)).toBe(
      '- s1  (suite/s1.yaml)  not run (the run was cancelled)\n',
    );
    expect(formatScenario(notStarted(SKIP_REASONS.bail, 1), onDefault)).toBe(
      '- s1  (suite/s1.yaml)  not run (--bail after a failure)\n',
    );
  });
});
