import { describe, expect, it } from 'vitest';
import { formatScenario } from '../../src/main/scenarios/reporters/pretty-reporter';
import { consoleCommandNaming } from '../../src/shared/console-command';
import type { ScenarioResult, StepResult } from '../../src/shared/scenarios/scenario-results';

/** The commands a report names, on the default data directory. */
const onDefault = consoleCommandNaming(null);

const step = (kind: StepResult['kind'], checks: StepResult['checks']): StepResult => ({
  index: 0,
  kind,
  title: kind,
  line: 3,
  status: 'passed',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 1,
  message: null,
  checks,
  recordIds: [],
});
const passed = (steps: StepResult[]): ScenarioResult => ({
  file: 'c.yaml',
  name: 'c',
  status: 'passed',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 3,
  steps,
  orderIds: [],
});

// Only set and wait steps check nothing; a scenario of them passed as if something was verified.
describe('the pretty report of a passed scenario', () => {
  it('says when it made no checks at all', () => {
    expect(formatScenario(passed([step('set', []), step('wait', [])]), onDefault)).toBe(
      '✓ c  (c.yaml)  3 ms  (made no checks)\n',
    );
  });
  it('says nothing more when a step checked something', () => {
    const check = { what: 'status', expected: 200, actual: 200, passed: true };
    expect(formatScenario(passed([step('set', []), step('operation', [check])]), onDefault)).toBe(
      '✓ c  (c.yaml)  3 ms\n',
    );
  });
});
