import { EVENT_COLUMNS, entries, type ColumnName, type EventParams } from './event-columns';
import type { EventUpdate, NewEvent } from './new-event';
import { detailsKeySql } from './stored-columns';
import { originalProvenanceSql } from './original-provenance';
import { NOT_SENT_WHY_OF_FAILURE } from '../../shared/record-status';

// The SQL and its parameters derived from the column declaration (event-columns.ts): the summary
// SELECT, the INSERT and an update's assignments, so the statements never list columns by hand.

const NAMES = Object.keys(EVENT_COLUMNS) as ColumnName[];

/**
 * recordNotSentOf's reading (record-status.ts) of the same fields: a delivery's flags (a JSON true
 * reads as 1), else (any kind, a delivery's cancelled attempt too) a failure of which nothing
 * left, by NOT_SENT_WHY_OF_FAILURE's table. Read when listed, not stored: no filter asks for it
 * (`none` finds every record without a status), and a record keeps what it was written with.
 */
const notSentSql = (prefix: string): string => {
  const whys = Object.entries(NOT_SENT_WHY_OF_FAILURE)
    .map(([kind, why]) => `WHEN '${kind}' THEN '${why}'`)
    .join(' ');
  const delivery = `${prefix}kind = 'delivery'`;
  return [
    `CASE WHEN ${delivery} AND ${detailsKeySql(prefix, '$.dropped')} = 1 THEN 'dropped'`,
    `WHEN ${delivery} AND ${detailsKeySql(prefix, '$.unsent')} = 1 THEN 'unsent'`,
    `WHEN ${prefix}status IS NULL AND ${prefix}error IS NOT NULL THEN`,
    `CASE ${detailsKeySql(prefix, '$.failure.kind')} ${whys} END`,
    'END AS not_sent',
  ].join(' ');
};

/** The summary columns, comma-separated, each with `prefix` (`e.` inside joins). */
export const summaryColumns = (prefix = ''): string =>
  [
    ...['id', ...entries.filter(([, spec]) => spec.summary).map(([name]) => name)].map(
      (name) => `${prefix}${name}`,
    ),
    // Through detailsKeySql: json_extract fails the whole list over one row's damaged details.
    `${detailsKeySql(prefix, '$.operation')} AS operation`,
    notSentSql(prefix),
    `CASE WHEN json_valid(${prefix}details) THEN json_type(${prefix}details) = 'object' ELSE 0 END AS details_readable`,
    // Migration 042's virtual column: unansweredOf's reading of the stored failure.
    `${prefix}unanswered`,
    // An import's provenance where it came from, kept in its details (original-provenance.ts).
    `${originalProvenanceSql(prefix)} AS original_provenance`,
  ].join(', ');

/**
 * Positional parameters, bound from `insertValues`: better-sqlite3 binds a named parameter by
 * looking its name up in the object, about 9 µs more per row of these ~28 columns than an array
 * (measured; the listener writes one per webhook).
 */
export const INSERT_EVENT_SQL = `INSERT INTO events (id, ${NAMES.join(', ')}) VALUES (?, ${NAMES.map(() => '?').join(', ')})`;

/** The INSERT's values in its column order: the id (null: SQLite picks the next), then each column. */
export function insertValues(id: number | null, params: EventParams): unknown[] {
  const values: unknown[] = [id];
  const byName = params as Record<string, unknown>;
  for (const name of NAMES) values.push(byName[name]);
  return values;
}

/** A new row's values, each column written by its declaration. */
export function toParams(event: NewEvent): EventParams {
  // A plain loop: this runs for every webhook the listener stores (issue 20's hot path).
  const params: Record<string, unknown> = {};
  for (const [name, spec] of entries) params[name] = spec.write(event);
  return params as EventParams;
}

/** The columns an update sets (those whose field it carries) and their values. */
export function updateParams(update: EventUpdate): {
  assignments: string[];
  params: Record<string, unknown>;
} {
  const assignments: string[] = [];
  const params: Record<string, unknown> = {};
  // An update carries only fields a row may learn later; each is written as a new row's would be.
  const asEvent = { kind: 'webhook', ...update } satisfies NewEvent;
  for (const [name, spec] of entries) {
    if (spec.from === null || update[spec.from] === undefined) continue;
    assignments.push(`${name} = @${name}`);
    params[name] = spec.write(asEvent);
  }
  return { assignments, params };
}
