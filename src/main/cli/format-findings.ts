import type { Finding } from '../../shared/checkout';
import { terminalSafe } from './terminal-text';
import { countOf } from '../../shared/count-words';

/**
 * Findings for a terminal: severity and path on one line, the message and the spec rule under
 * it. Paths and messages quote the file's own keys and values, so they are escaped.
 */
export function formatFindings(findings: readonly Finding[]): string {
  // A loop, not Math.max(...findings): one argument per finding overflowed the stack at ~150,000.
  const width = findings.reduce((most, finding) => Math.max(most, finding.severity.length), 'warning'.length);
  const indent = ' '.repeat(width + 2);
  return findings
    .map(
      (finding) =>
        `${finding.severity.padEnd(width)}  ${terminalSafe(finding.path)}\n` +
        `${indent}${terminalSafe(finding.message)}\n` +
        `${indent}rule: ${terminalSafe(finding.rule)} [${finding.code}]\n`,
    )
    .join('\n');
}

export function summarise(errors: number, warnings: number): string {
  if (errors === 0 && warnings === 0) return 'valid, no findings';
  if (errors === 0) return `valid, ${countOf(warnings, 'warning')}`;
  return `invalid: ${countOf(errors, 'error')}, ${countOf(warnings, 'warning')}`;
}

/** The line of `text` at `line` with a caret under `column`: where a JSON file breaks. */
export function codeFrame(text: string, line: number, column: number): string {
  const source = (text.split('\n')[line - 1] ?? '').replace(/\r$/, '');
  // Keep very long lines (minified JSON) readable: show 60 characters around the column.
  const start = Math.max(0, column - 1 - 40);
  // Escaped (the file may hold control characters); the caret counts the escaped width.
  const visible = (text: string) => terminalSafe(text.replace(/\t/g, ' '));
  const shown = visible(source.slice(start, start + 80));
  const before = visible(source.slice(start, Math.max(start, column - 1))).length;
  const gutter = `${line} | `;
  const prefix = start > 0 ? '…' : '';
  return (
    `  ${gutter}${prefix}${shown}\n` +
    `  ${' '.repeat(gutter.length - 2)}| ${' '.repeat(prefix.length + before)}^\n`
  );
}
