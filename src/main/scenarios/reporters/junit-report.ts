import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces';
import { formatCheckDiff } from '../../../shared/scenarios/expectations';
import {
  madeNoChecks,
  NO_CHECKS_WORDS,
  type RunReport,
  type ScenarioResult,
  type StepResult,
  cancelledStep,
} from '../../../shared/scenarios/scenario-results';
import {
  runCountWords,
  unfinishedRunWords,
  type StoredRunStatus,
} from '../../../shared/scenarios/stored-runs';
import { createXmlDocument } from './xml-document';

/**
 * The run as JUnit XML, the format CI systems (Jenkins, GitLab, GitHub annotations…) display:
 * one <testsuite> per folder, one <testcase> per scenario, a <failure> with the readable diff
 * for an unmet expectation, an <error> for a step that could not run, <skipped> for what did not run (--bail, or a cancelled run), with the reason.
 * A run that did not finish (cancelled, interrupted, still running) has one more testcase, in
 * error, saying why: never a green report.
 * Written with xmlbuilder2, so every value is escaped (and characters XML cannot hold replaced).
 */

const secs = (ms: number) => (ms / 1000).toFixed(3);

function stepLine(step: StepResult): string {
  const where = step.line === null ? '' : ` (line ${step.line})`;
  const records =
    step.recordIds.length === 0 ? '' : ` records ${step.recordIds.map((id) => `#${id}`).join(', ')}`;
  return `${step.status.padEnd(7)} ${step.index + 1}. ${step.title}${where} ${secs(step.durationMs)} s${step.message === null ? '' : ` — ${step.message}`}${records}`;
}

function addCase(suite: XMLBuilder, result: ScenarioResult): void {
  const testcase = suite.ele('testcase', {
    name: result.name,
    classname: result.file,
    time: secs(result.durationMs),
  });
  const broken = result.steps.find((step) => step.status === 'failed' || step.status === 'error');
  if (result.status === 'skipped')
    // Why it did not run: a skipped step's reason. A step that ran first has a message of its
    // own ("order 5be7… (new)"), which named a cancelled scenario's skip.
    testcase.ele('skipped', {
      message:
        result.steps.find((step) => step.status === 'skipped' && step.message !== null)?.message ?? 'not run',
    });
  else if (result.damaged !== undefined)
    // A stored scenario whose own row is damaged (`runs N`): its result is not known.
    testcase.ele('error', { message: result.damaged, type: 'DamagedRecord' }).txt(result.damaged);
  else if (broken !== undefined) {
    const where = `step ${broken.index + 1}${broken.line === null ? '' : ` (line ${broken.line})`} ${broken.title}`;
    const failed = broken.checks.filter((check) => !check.passed);
    const message =
      broken.status === 'error'
        ? `${where}: ${broken.message ?? 'could not run'}`
        : `${where}: ${failed.map((check) => check.what).join(', ')} not as expected`;
    const detail = [
      message,
      ...failed.flatMap((check) => formatCheckDiff(check, '  ')),
      ...(broken.recordIds.length === 0
        ? []
        : [`records: ${broken.recordIds.map((id) => `#${id}`).join(', ')}`]),
    ].join('\n');
    testcase
      .ele(broken.status === 'error' ? 'error' : 'failure', {
        message,
        // A step the run's cancel cut off or kept from starting, once its scenario had begun: the
        // cancel's, not the step's.
        type:
          broken.status !== 'error'
            ? 'ExpectationFailed'
            : cancelledStep(broken.message)
              ? 'Cancelled'
              : 'StepError',
      })
      .txt(detail);
  }
  // A pass that verified nothing is no failure, but a CI reader is told so, in test's words
  // (the JUnit schema CI tools check allows no properties in a testcase: system-out says it).
  const noChecks = madeNoChecks(result) ? [`passed, ${NO_CHECKS_WORDS}`] : [];
  testcase.ele('system-out').txt([...noChecks, ...result.steps.map(stepLine)].join('\n'));
}

/**
 * What the report is made of: a run just finished, or one read back from the store (`runs`),
 * which may not have finished (interrupted, or still running).
 */
export type JunitRun = Pick<
  RunReport,
  'profileName' | 'startedAt' | 'storedId' | 'totals' | 'durationMs' | 'scenarios'
> & { status: StoredRunStatus };

/**
 * JUnit's `timestamp` is a local time without zone (junit.xsd; Ant writes the clock of the
 * machine that ran the tests). The UTC time with its `Z` cut off read as local put a run in
 * Riyadh three hours early, so this is the local clock of the machine writing the report (the
 * one that ran the scenarios, or that reads its stored run again with `runs N`).
 */
export function localTimestamp(iso: string): string {
  const at = new Date(iso);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(at.getFullYear()).padStart(4, '0')}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

const UNFINISHED_TYPES: Partial<Record<StoredRunStatus, string>> = {
  interrupted: 'RunInterrupted',
  cancelled: 'RunCancelled',
  running: 'RunStillRunning',
};

/**
 * A run that did not finish, as one testcase in error of its own: JUnit counts only testcases,
 * so a run killed after one pass read `failures="0" errors="0"` (green in CI), one killed before
 * any finished was an empty report, and a cancelled one was all skipped.
 */
function addUnfinished(suites: XMLBuilder, report: JunitRun, words: string, id: number): void {
  const name = `run #${report.storedId}`;
  const suite = suites.ele('testsuite', {
    name,
    tests: '1',
    failures: '0',
    errors: '1',
    skipped: '0',
    time: secs(report.durationMs),
    timestamp: localTimestamp(report.startedAt),
    hostname: hostname(),
    id: String(id),
  });
  suite
    .ele('testcase', { name: `${name} did not finish`, classname: name, time: secs(report.durationMs) })
    .ele('error', { message: words, type: UNFINISHED_TYPES[report.status] ?? 'RunUnfinished' })
    .txt(`${words}\nScenarios reported: ${runCountWords(report.totals)}`);
}

export function junitReport(report: JunitRun): string {
  const root = createXmlDocument();
  const totals = report.totals;
  const unfinished = unfinishedRunWords(report.status);
  const extra = unfinished === null ? 0 : 1;
  const suites = root.ele('testsuites', {
    name: `checkout-console scenarios (profile ${report.profileName})`,
    tests: String(totals.scenarios + extra),
    failures: String(totals.failed),
    errors: String(totals.errors + extra),
    time: secs(report.durationMs),
  });
  const byFolder = new Map<string, ScenarioResult[]>();
  for (const result of report.scenarios) {
    const folder = dirname(result.file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), result]);
  }
  let id = 0;
  for (const [folder, results] of byFolder) {
    const count = (status: ScenarioResult['status']) =>
      results.filter((result) => result.status === status).length;
    const suite = suites.ele('testsuite', {
      name: folder,
      tests: String(results.length),
      failures: String(count('failed')),
      errors: String(count('error')),
      skipped: String(count('skipped')),
      time: secs(results.reduce((sum, result) => sum + result.durationMs, 0)),
      timestamp: localTimestamp(report.startedAt),
      hostname: hostname(),
      id: String(id++),
    });
    suite
      .ele('properties')
      .ele('property', { name: 'profile', value: report.profileName })
      .up()
      .ele('property', { name: 'run', value: String(report.storedId) });
    for (const result of results) addCase(suite, result);
  }
  if (unfinished !== null) addUnfinished(suites, report, unfinished, id);
  return root.end({ prettyPrint: true });
}
