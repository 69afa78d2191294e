import { describe, expect, it } from 'vitest';
import { scenarioReportText } from '../../src/main/cli/scenario-report-text';
import { formatScenario } from '../../src/main/scenarios/reporters/pretty-reporter';
import type { RunReport, ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import { madeNoChecks } from '../../src/shared/scenarios/scenario-results';

// A scenario of set and wait steps only passes without verifying anything: `test` said so,
// "(made no checks)", but the JSON and JUnit reports and the Scenarios view did not.
const step = (checks: ScenarioResult['steps'][number]['checks']) => ({
  index: 0,
  kind: 'set' as const,
  title: 'set a',
  line: 3,
  status: 'passed' as const,
  startedAt: '2026-11-30T09:00:00.000Z',
  durationMs: 1,
  message: null,
  checks,
  recordIds: [],
});
const scenario = (name: string, checks: ScenarioResult['steps'][number]['checks']): ScenarioResult => ({
  file: `dup/${name}.yaml`,
  name,
  status: 'passed',
  startedAt: '2026-11-30T09:00:00.000Z',
  durationMs: 13,
  steps: [step(checks)],
  orderIds: [],
});
const unchecked = scenario('unchecked', []);
const checked = scenario('checked', [{ what: 'status', passed: true, expected: '2xx', actual: 200 }]);
const report: RunReport = {
  runId: 'r',
  storedId: 4,
  profileName: 'Local',
  startedAt: '2026-11-30T09:00:00.000Z',
  status: 'passed',
  durationMs: 20,
  totals: { scenarios: 2, passed: 2, failed: 0, errors: 0, skipped: 0 },
  scenarios: [unchecked, checked],
} as RunReport;

describe('a scenario that passed without a check', () => {
  it('is said so by every report, in one wording', () => {
    expect(madeNoChecks(unchecked)).toBe(true);
    expect(madeNoChecks(checked)).toBe(false);
    expect(formatScenario(unchecked, (command) => command)).toContain('(made no checks)');
    const json = JSON.parse(scenarioReportText('json', { json: report, junit: report }, false)) as {
      scenarios: { name: string; madeNoChecks: boolean }[];
    };
    expect(json.scenarios.map((item) => [item.name, item.madeNoChecks])).toEqual([
      ['unchecked', true],
      ['checked', false],
    ]);
    const junit = scenarioReportText('junit', { json: report, junit: report }, false);
    const uncheckedCase = /<testcase name="unchecked"[\s\S]*?<\/testcase>/.exec(junit)?.[0] ?? '';
    const checkedCase = /<testcase name="checked"[\s\S]*?<\/testcase>/.exec(junit)?.[0] ?? '';
    expect(uncheckedCase).toContain('made no checks');
    expect(checkedCase).not.toContain('made no checks');
  });
});
