import { damagedFieldSchema, type DamagedField } from '../../shared/events';
import { defaultProvenance } from '../../shared/provenance';
import { entries, type ColumnName, type UnreadableColumns } from './event-columns';
import { holdsStoredType } from './stored-columns';

/**
 * What a column that must hold a value reads as when its stored one is not of its type: the
 * row must still be listed, and each stands for "unknown", not for a value a reader would act
 * on. A time no instant (readStoredTime); text no JSON reader takes (the details, headers: said
 * damaged); a body cut short (request_truncated: nothing is replayed or trusted whole); not
 * imported. The kind has a CHECK in the table (migration 002), so none is ever read damaged.
 */
const UNKNOWN: Partial<Record<ColumnName, unknown>> = {
  uid: '',
  kind: 'webhook',
  at_ms: Number.NaN,
  request_headers: '',
  request_truncated: 1,
  imported: 0,
  details: '',
};

/** The record's field that names a column in `damaged` (and its words, damaged-record-words.ts). */
const FIELD_OF = Object.fromEntries(
  entries.map(([name]) => [
    name,
    damagedFieldSchema.parse(
      name === 'at_ms' ? 'at' : name.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
    ),
  ]),
) as Record<ColumnName, DamagedField>;

/**
 * Whether a row's request size (of its type) is one its body contradicts: below 0, smaller than
 * the body held, or a whole (not truncated) body's size other than its bytes. Read as a size,
 * -5 went out in history and the HAR, and the export was refused whole by import. A row read
 * without its body is judged by its sign alone.
 */
function sizeContradicted(row: Record<string, unknown>): boolean {
  const size = row['request_size'];
  if (typeof size !== 'number') return false;
  if (size < 0) return true;
  const body = row['request_body'];
  if (!(body instanceof Uint8Array)) return false;
  return size < body.byteLength || (row['request_truncated'] === 0 && size !== body.byteLength);
}

/**
 * A row as SQLite returned it, each of its columns read by its declared type (event-columns.ts)
 * at the store's edge, so no reader meets a BLOB where it reads text or a word outside a
 * verdict's list (docs/data-safety.md). What is not of its type is set apart, as stored, in
 * `unreadable_columns`, and null (or UNKNOWN's value) stands in its place. A row read once
 * is returned as it is.
 */
export function readEventRow<R extends { id: number; unreadable_columns?: UnreadableColumns }>(row: R): R {
  if (row.unreadable_columns !== undefined) return row;
  const stored = row as unknown as Record<string, unknown>;
  let unreadable: UnreadableColumns | undefined;
  let read: Record<string, unknown> | undefined;
  for (const [name, spec] of entries) {
    if (!(name in stored)) continue;
    const value = stored[name];
    if (holdsStoredType(spec.storage, spec.nullable, value, spec.words)) continue;
    (unreadable ??= {})[name] = value;
    (read ??= { ...stored })[name] = UNKNOWN[name] ?? null;
  }
  if (sizeContradicted(read ?? stored)) {
    (unreadable ??= {})['request_size'] = stored['request_size'];
    // No size stands for the body's own (event-columns.ts), as for a row that never had one.
    (read ??= { ...stored })['request_size'] = null;
  }
  if (read === undefined || unreadable === undefined) return { ...row, unreadable_columns: {} };
  // Whose doing it was, as a row without the column would say (migration 033's default).
  if ('provenance' in unreadable)
    read['provenance'] = defaultProvenance(String(read['kind']), read['imported'] === 1);
  return { ...(read as R), unreadable_columns: unreadable };
}

/** The fields `damaged` names for the columns readEventRow set apart. */
export const damagedColumnFields = (row: { unreadable_columns?: UnreadableColumns }): DamagedField[] =>
  Object.keys(row.unreadable_columns ?? {}).map((name) => FIELD_OF[name as ColumnName]);
