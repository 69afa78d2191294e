import type { Finding } from '../../shared/checkout';

/** Findings for a terminal: severity and path on one line, the message and the spec rule under it. */
export function formatFindings(findings: readonly Finding[]): string {
  const width = Math.max(...findings.map((finding) => finding.severity.length), 'warning'.length);
  const indent = ' '.repeat(width + 2);
  return findings
    .map(
      (finding) =>
        `${finding.severity.padEnd(width)}  ${finding.path}\n` +
        `${indent}${finding.message}\n` +
        `${indent}rule: ${finding.rule} [${finding.code}]\n`,
    )
    .join('\n');
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function summarise(errors: number, warnings: number): string {
  if (errors === 0 && warnings === 0) return 'valid, no findings';
  if (errors === 0) return `valid, ${plural(warnings, 'warning')}`;
  return `invalid: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
}

/** The line of `text` at `line` with a caret under `column`: where a JSON file breaks. */
export function codeFrame(text: string, line: number, column: number): string {
  const source = (text.split('\n')[line - 1] ?? '').replace(/\r$/, '');
  // Keep very long lines (minified JSON) readable: show 60 characters around the column.
  const start = Math.max(0, column - 1 - 40);
  const shown = source.slice(start, start + 80).replace(/\t/g, ' ');
  const gutter = `${line} | `;
  const prefix = start > 0 ? '…' : '';
  return (
    `  ${gutter}${prefix}${shown}\n` +
    `  ${' '.repeat(gutter.length - 2)}| ${' '.repeat(prefix.length + column - 1 - start)}^\n`
  );
}
