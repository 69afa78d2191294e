import type { EventFilter } from '../../../shared/event-filter';
import type { ConsoleCore } from '../../app';
import { terminalSafeJson } from '../terminal-text';
import { historyPages } from './history-pages';

/**
 * `history --json`: whole records written a page at a time, apart from the table because it
 * reads whole records (bodies included) and must never hold them all at once.
 */

// A record of `history --json` is derived from the events columns' one declaration
// (store/event-columns.ts): which columns it shows, under which key, read how; its secrets, sizes
// and findings are the export's (history/history-record.ts).
export type { HistoryJsonRecord as HistoryRecord } from '../../history/history-record';

/**
 * Whole records (bodies included), which the timeline's command gives the command line only,
 * written a page at a time: the same text as JSON.stringify(records, null, 2), never held whole
 * (`--limit 100000` held every record and then the text, 605–914 MB at its peak). Nothing is
 * written before the first page is read, so a refused filter prints its error alone.
 */
export async function writeHistoryJson(
  core: ConsoleCore,
  filter: EventFilter,
  limit: number,
  write: (text: string) => void,
): Promise<void> {
  let written = 0;
  for await (const page of historyPages(core, filter, limit, true)) {
    const records = page.records ?? [];
    if (records.length === 0) continue;
    // Each record as it sits in the pretty-printed array: one level deeper, after "[" or ",".
    const text = records
      .map((record) => `  ${JSON.stringify(record, null, 2).replace(/\n/g, '\n  ')}`)
      .join(',\n');
    write(terminalSafeJson(`${written === 0 ? '[\n' : ',\n'}${text}`));
    written += records.length;
  }
  write(written === 0 ? '[]\n' : '\n]\n');
}
