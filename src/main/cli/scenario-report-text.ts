import { junitReport, type JunitRun } from '../scenarios/reporters/junit-report';
import { madeNoChecks, type ScenarioResult } from '../../shared/scenarios/scenario-results';
import { terminalSafeJson } from './terminal-text';

/**
 * A run's json or junit report as the text `test` and `runs` print or write. Printed to a
 * terminal, the JSON's control characters are written as \u escapes (the same JSON): answers
 * and messages from servers are inside, and none of it may act on the terminal. The XML needs
 * nothing: xmlbuilder2 replaces what XML cannot hold.
 */
export function scenarioReportText(
  reporter: 'json' | 'junit',
  run: { json: { scenarios: readonly ScenarioResult[] }; junit: JunitRun },
  forTerminal: boolean,
): string {
  if (reporter === 'junit') return junitReport(run.junit);
  // Each scenario says whether it passed without a check (`test`'s "(made no checks)").
  const scenarios = run.json.scenarios.map((result) => ({ ...result, madeNoChecks: madeNoChecks(result) }));
  const json = `${JSON.stringify({ ...run.json, scenarios }, null, 2)}\n`;
  return forTerminal ? terminalSafeJson(json) : json;
}
