import type { z } from 'zod';
import type { HeaderList } from '../../shared/events';

/**
 * Every reader of a stored row (views, lists, orders, `history`, cURL, exports, replays) reads
 * its JSON and number columns through these, so no single damaged row breaks a reader for the
 * others (docs/data-safety.md). A column that cannot be read is UNREADABLE, never its empty
 * value: a reader says it is damaged and names the record, and goes on with the rest.
 */
export const UNREADABLE = Symbol('unreadable');
export type Unreadable = typeof UNREADABLE;

/** A stored row's time (`at_ms`) as an ISO instant; what is no time (text, out of range) is UNREADABLE. */
export function readStoredTime(value: unknown): string | Unreadable {
  if (typeof value !== 'number' || !Number.isFinite(value)) return UNREADABLE;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? UNREADABLE : date.toISOString();
}

/** A row's `details` (a JSON object); any other text is UNREADABLE, never `{}`. */
export function readStoredDetails(text: unknown): Record<string, unknown> | Unreadable {
  if (typeof text !== 'string') return UNREADABLE;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...(parsed as Record<string, unknown>) }
      : UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

/**
 * A header list as the events table stores it (JSON `[name, value][]`). The console writes only
 * such lists, so anything else (text that is not JSON, an entry that is no pair) is UNREADABLE:
 * the headers that arrived are not known, which is not the same as none.
 */
export function readStoredHeaderList(text: unknown): HeaderList | Unreadable {
  const pairs = wellFormedPairs(text);
  return pairs === UNREADABLE || pairs.dropped ? UNREADABLE : pairs.kept;
}

/** The well-formed `[name, value]` pairs of a stored list, and whether any entry was not one. */
function wellFormedPairs(text: unknown): { kept: HeaderList; dropped: boolean } | Unreadable {
  if (typeof text !== 'string') return UNREADABLE;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return UNREADABLE;
  }
  if (!Array.isArray(parsed)) return UNREADABLE;
  const kept = parsed.filter(
    (pair): pair is [string, string] =>
      Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string',
  );
  return { kept, dropped: kept.length !== parsed.length };
}

/**
 * The headers for a reader that searches them or reads a token from them (the search index's
 * secrets, a replay's token places): the well-formed pairs. Nothing sends them so: a replay
 * refuses a webhook whose list is damaged first (replay-refusals.ts refuseDamagedHeaders), and the
 * views, cURL and exports say where the list is damaged.
 */
export function readStoredHeaders(text: string): HeaderList {
  const pairs = wellFormedPairs(text);
  return pairs === UNREADABLE ? [] : pairs.kept;
}

/** A count column (`body_findings`): null as stored, a whole number, else UNREADABLE. */
export function readStoredCount(value: unknown): number | null | Unreadable {
  if (value === null) return null;
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : UNREADABLE;
}

/** The token's findings (`token_findings`, a JSON list of messages): null as stored, else UNREADABLE. */
export function readStoredMessages(value: unknown): string[] | null | Unreadable {
  if (value === null) return null;
  if (typeof value !== 'string') return UNREADABLE;
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) && parsed.every((message) => typeof message === 'string')
      ? parsed
      : UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

/** A number column (a duration): a finite number, else UNREADABLE. */
export function readStoredNumber(value: unknown): number | Unreadable {
  return typeof value === 'number' && Number.isFinite(value) ? value : UNREADABLE;
}

/** A text column (a step's message, a profile's name): text, else UNREADABLE (a BLOB, a number). */
export function readStoredText(value: unknown): string | Unreadable {
  return typeof value === 'string' ? value : UNREADABLE;
}

/** A text column that holds one of `words` (a status, a run's front door), else UNREADABLE. */
export function readStoredWord<T extends string>(value: unknown, words: readonly T[]): T | Unreadable {
  return words.find((word) => word === value) ?? UNREADABLE;
}

/** A JSON column the console writes in `schema`'s shape (a run's paths, a step's checks), else UNREADABLE. */
export function readStoredJson<T>(text: unknown, schema: z.ZodType<T>): T | Unreadable {
  if (typeof text !== 'string') return UNREADABLE;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : UNREADABLE;
  } catch {
    return UNREADABLE;
  }
}

/**
 * SQL reading one key of a row's `details`: nothing when the stored text is not JSON, where
 * SQLite's json_extract fails the whole statement ("malformed JSON") for one damaged row.
 */
export const detailsKeySql = (prefix: string, path: string): string =>
  `(CASE WHEN json_valid(${prefix}details) THEN json_extract(${prefix}details, '${path}') END)`;

/** How SQLite holds a column's value (event-columns.ts declares each): `flag` is an INTEGER 0 or 1. */
export type Storage = 'integer' | 'real' | 'text' | 'blob' | 'flag';

/**
 * Whether a stored value is one its column holds: SQLite keeps whatever is written (a BLOB or a
 * word in an INTEGER column, a word outside a verdict's list), so every column is read by its
 * type here, at the store's edge, and one that is not is UNREADABLE: never read as a value it
 * does not hold (a damaged verdict is not "valid", a damaged status no number).
 */
export function holdsStoredType(
  storage: Storage,
  nullable: boolean,
  value: unknown,
  words?: readonly string[],
): boolean {
  if (value === null) return nullable;
  switch (storage) {
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'real':
      return typeof value === 'number' && Number.isFinite(value);
    case 'flag':
      return value === 0 || value === 1;
    case 'text':
      return typeof value === 'string' && (words === undefined || words.includes(value));
    case 'blob':
      return value instanceof Uint8Array;
  }
}

/**
 * A damaged column's stored value as a file can hold it (export's damagedColumns): text and
 * numbers as they are, bytes as base64, so what the database held is said, never dropped.
 */
export const storedValueForFile = (value: unknown): unknown =>
  value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value;
