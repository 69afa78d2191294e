import { junitReport, type JunitRun } from '../scenarios/reporters/junit-report';
import { terminalSafeJson } from './terminal-text';

/**
 * A run's json or junit report as the text `test` and `runs` print or write. Printed to a
 * terminal, the JSON's control characters are written as \u escapes (the same JSON): answers
 * and messages from servers are inside, and none of it may act on the terminal. The XML needs
 * nothing: xmlbuilder2 replaces what XML cannot hold.
 */
export function scenarioReportText(
  reporter: 'json' | 'junit',
  run: { json: unknown; junit: JunitRun },
  forTerminal: boolean,
): string {
  if (reporter === 'junit') return junitReport(run.junit);
  const json = `${JSON.stringify(run.json, null, 2)}\n`;
  return forTerminal ? terminalSafeJson(json) : json;
}
