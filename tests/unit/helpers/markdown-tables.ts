/** One body row of a Markdown table: its cells as written (trimmed), and where it is. */
export interface TableRow {
  cells: string[];
  line: number;
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\s+/g, ' '));

const isSeparator = (line: string) => /^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*\|?\s*$/.test(line);

/** Every body row of every table in a Markdown text (header and separator rows left out). */
export function tableRows(markdown: string): TableRow[] {
  const lines = markdown.split('\n');
  const rows: TableRow[] = [];
  lines.forEach((line, index) => {
    if (!line.trim().startsWith('|') || isSeparator(line)) return;
    // A header is the row right above a separator.
    if (isSeparator(lines[index + 1] ?? '')) return;
    rows.push({ cells: cellsOf(line), line: index + 1 });
  });
  return rows;
}
