import { terminalSafe } from './terminal-text';

/** Cells longer than this are cut with "…": a 900 KB order id must not flood the terminal. */
const MAX_CELL = 200;

/**
 * A plain left-aligned text table, for terminals and for grep. Cells are escaped: they hold
 * what records and files said, and none of it may drive the terminal.
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const safe = (cells: readonly string[]) => cells.map((cell) => terminalSafe(cell, { maxChars: MAX_CELL }));
  const shownHeaders = safe(headers);
  const shownRows = rows.map(safe);
  const widths = shownHeaders.map((header, column) =>
    Math.max(header.length, ...shownRows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(shownHeaders), ...shownRows.map(line)].join('\n') + '\n';
}
