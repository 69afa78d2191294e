import { entries, type AnyRow, type ColumnName, type Columns, type EventRow } from './event-columns';

// A stored row as `history --json` prints it, derived from what each declared column adds
// (event-columns.ts): its own module, read by the history record only.

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void
  ? I
  : never;
type HistoryPart<K extends ColumnName> =
  NonNullable<Columns[K]['history']> extends (...args: never[]) => infer Part ? Part : never;

/**
 * A record as `history --json` prints it: `id`, then what each column adds (a body as `body`
 * when it is UTF-8, else as `body_base64`; `url` with `?serviceToken=` values REDACTED).
 */
export type HistoryRecord = { id: number } & UnionToIntersection<
  { [K in ColumnName]: HistoryPart<K> }[ColumnName]
>;

/** A stored row as `history --json` prints it, built column by column from the declarations. */
export function toHistoryRecord(row: EventRow): HistoryRecord {
  const record: Record<string, unknown> = { id: row.id };
  for (const [name, spec] of entries) {
    const read = spec.history as ((value: unknown, row: AnyRow) => object) | null;
    if (read !== null) Object.assign(record, read(row[name], row));
  }
  return record as HistoryRecord;
}
