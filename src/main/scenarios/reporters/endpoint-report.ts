import { hostname } from 'node:os';
import {
  endpointSummaryWords,
  type EndpointCaseResult,
  type EndpointCheckReport,
} from '../../../shared/scenarios/endpoint-check';
import { localTimestamp } from './junit-report';
import { printable } from './pretty-reporter';
import { createXmlDocument } from './xml-document';

const MARK: Record<EndpointCaseResult['verdict'], string> = {
  pass: '✓',
  fail: '✗',
  // Neither a pass nor a failure: what the endpoint did, for the merchant to know.
  info: 'i',
  skipped: '-',
  unreachable: '!',
  // It was reached and took its time (or hung up): not the '!' of nothing there.
  no_answer: '…',
  not_sent: '-',
};

const statuses = (result: EndpointCaseResult) =>
  result.statuses.length === 0 ? '—' : result.statuses.map((status) => status ?? 'no answer').join(', ');

/** One case as a terminal line (and, for one that did not pass, what was sent with tokens masked). */
export function formatEndpointCase(result: EndpointCaseResult): string {
  const lines = [
    `${MARK[result.verdict]} ${result.id.padEnd(27)} expected ${result.expected.padEnd(8)} received ${statuses(result).padEnd(10)} ${result.why}`,
  ];
  // A pass with a detail: the answer's status was right, and something else is worth knowing
  // (its connection closed mid-body).
  if ((result.verdict === 'pass' || result.verdict === 'info') && result.detail !== null)
    lines.push(`    ${result.detail}`);
  if (result.verdict === 'not_sent' && result.detail !== null) lines.push(`    ${result.detail}`);
  if (result.verdict === 'fail' || result.verdict === 'unreachable' || result.verdict === 'no_answer') {
    if (result.detail !== null) lines.push(`    ${result.detail}`);
    for (const sent of result.sent.slice(0, 1)) {
      lines.push(`    sent: ${sent.method} ${sent.url}`);
      const authorization = sent.headers.find(([name]) => name.toLowerCase() === 'authorization');
      lines.push(`          Authorization: ${authorization?.[1] ?? '(none)'}; body ${sent.bodyBytes} bytes`);
    }
    if (result.recordIds.length > 0)
      lines.push(`    records: ${result.recordIds.map((id) => `#${id}`).join(', ')}`);
  }
  return `${lines.map(printable).join('\n')}\n`;
}

export function formatEndpointSummary(report: EndpointCheckReport): string {
  return `\n${printable(endpointSummaryWords(report))}\n`;
}

/** The battery as JUnit XML: one test case per case id, a failure naming what was expected and received. */
export function endpointJunit(report: EndpointCheckReport): string {
  const root = createXmlDocument();
  const fails = report.cases.filter((result) => result.verdict === 'fail').length;
  const errors = report.cases.filter(
    (result) => result.verdict === 'unreachable' || result.verdict === 'no_answer',
  ).length;
  // Not sent is no failure nor error of the endpoint's: skipped, saying why.
  const skipped = report.cases.filter(
    (result) => result.verdict === 'skipped' || result.verdict === 'not_sent',
  ).length;
  const seconds = (report.durationMs / 1000).toFixed(3);
  const suite = root
    .ele('testsuites', {
      name: 'checkout-console check-endpoint',
      tests: String(report.cases.length),
      failures: String(fails),
      errors: String(errors),
      time: seconds,
    })
    .ele('testsuite', {
      name: `check-endpoint ${report.url}`,
      tests: String(report.cases.length),
      failures: String(fails),
      errors: String(errors),
      skipped: String(skipped),
      time: seconds,
      timestamp: localTimestamp(report.startedAt),
      hostname: hostname(),
    });
  for (const result of report.cases) {
    const testcase = suite.ele('testcase', { name: result.id, classname: 'check-endpoint' });
    const text = [
      result.why,
      `expected ${result.expected}, received ${statuses(result)}`,
      ...(result.detail === null ? [] : [result.detail]),
    ];
    if (result.verdict === 'fail')
      testcase
        .ele('failure', {
          message: `expected ${result.expected}, received ${statuses(result)}`,
          type: 'UnexpectedAnswer',
        })
        .txt(text.join('\n'));
    else if (result.verdict === 'unreachable' || result.verdict === 'no_answer')
      testcase
        .ele('error', {
          message: result.detail ?? 'no answer',
          type: result.verdict === 'unreachable' ? 'Unreachable' : 'NoAnswer',
        })
        .txt(text.join('\n'));
    else if (result.verdict === 'skipped' || result.verdict === 'not_sent')
      testcase.ele('skipped', { message: result.detail ?? 'skipped' });
    testcase.ele('system-out').txt(text.join('\n'));
  }
  return root.end({ prettyPrint: true });
}
