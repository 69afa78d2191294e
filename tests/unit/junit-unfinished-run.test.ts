import { afterAll, describe, expect, it } from 'vitest';
import { junitReport, type JunitRun } from '../../src/main/scenarios/reporters/junit-report';
import type { ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import {
  CANCELLED_WORDS,
  INTERRUPTED_WORDS,
  STILL_RUNNING_WORDS,
} from '../../src/shared/scenarios/stored-runs';
import { junitSchemaErrors } from './helpers/junit-schema';
import { makeTempDir } from './helpers/temp-console';

// `runs N --reporter junit` of a run killed mid-way (`kill -9` of its `test`) gave
// tests="1" failures="0" errors="0": green in CI. Killed before any scenario finished, an empty
// report; still running, a clean pass; cancelled, every test skipped and nothing wrong.
const temp = makeTempDir('cc-junit-unfinished-');
afterAll(() => temp.remove());

const passed: ScenarioResult = {
  file: 'scenarios/one.yaml',
  name: 'one',
  status: 'passed',
  startedAt: '2026-01-01T00:00:00.000Z',
  durationMs: 40,
  orderIds: [],
  steps: [],
};

const run = (status: JunitRun['status'], scenarios: ScenarioResult[]): JunitRun => ({
  profileName: 'Local',
  startedAt: '2026-01-01T00:00:00.000Z',
  storedId: 12,
  status,
  durationMs: 40,
  totals: {
    scenarios: scenarios.length,
    passed: scenarios.filter((each) => each.status === 'passed').length,
    failed: 0,
    errors: 0,
    skipped: scenarios.filter((each) => each.status === 'skipped').length,
  },
  scenarios,
});

const head = (xml: string) => /<testsuites [^>]*>/.exec(xml)?.[0] ?? '';

describe('a run that did not finish is never a green JUnit report', () => {
  it.each([
    {
      what: 'interrupted after one passed',
      report: run('interrupted', [passed]),
      words: INTERRUPTED_WORDS,
      type: 'RunInterrupted',
      counts: 'tests="2" failures="0" errors="1"',
    },
    {
      what: 'interrupted before any finished',
      report: run('interrupted', []),
      words: INTERRUPTED_WORDS,
      type: 'RunInterrupted',
      counts: 'tests="1" failures="0" errors="1"',
    },
    {
      what: 'still running',
      report: run('running', [passed]),
      words: STILL_RUNNING_WORDS,
      type: 'RunStillRunning',
      counts: 'tests="2" failures="0" errors="1"',
    },
    {
      what: 'cancelled',
      report: run('cancelled', [{ ...passed, status: 'skipped' }]),
      words: CANCELLED_WORDS,
      type: 'RunCancelled',
      counts: 'tests="2" failures="0" errors="1"',
    },
  ])('$what: one testcase in error says why', ({ report, words, type, counts }) => {
    const xml = junitReport(report);
    expect(junitSchemaErrors(xml, temp.dir)).toBeNull();
    expect(head(xml)).toContain(counts);
    expect(xml).toContain('<testcase name="run #12 did not finish" classname="run #12"');
    expect(xml).toContain(`<error message="${words}" type="${type}">`);
  });

  it('a run that ended is reported by its scenarios alone', () => {
    for (const status of ['passed', 'failed'] as const) {
      const xml = junitReport(run(status, [passed]));
      expect(head(xml)).toContain('tests="1" failures="0" errors="0"');
      expect(xml).not.toContain('did not finish');
    }
  });
});
