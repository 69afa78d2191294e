import type { z } from 'zod';
import { describeJsonProblem, type JsonBoundProblem } from '../../shared/bounded-json';
import { EXPORT_FORMAT } from '../../shared/history-file';
import { formatBytesShort, formatCharacters } from '../../shared/byte-size';
import { countOf } from '../../shared/count-words';

// Why an import refuses a file or a record, in words that name the line, the field and the cause
// (import-file.ts reads; this says).

/** The value at a zod issue's path in what was parsed (undefined: not there). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The first problem, naming its field; a field that is not there is said to be missing. */
export function describe(error: z.ZodError, input: unknown): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  const path = issue.path.map(String).join('.');
  // zod says "Invalid input: expected string, received undefined" for a field left out.
  const message =
    issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined
      ? `missing; expected ${issue.expected}`
      : issue.message;
  return `${path === '' ? '' : `${path}: `}${message}`;
}

/**
 * Why a file shaped like a history export (an object with `events`, and a `format` or `version`)
 * is not one this console reads, or null. Without this it was read as one NDJSON record and
 * refused for a missing uid, which named nothing the person could fix.
 */
export function otherExportWords(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { format, version, events } = value as Record<string, unknown>;
  if (events === undefined || (format === undefined && version === undefined)) return null;
  if (!Array.isArray(events) && format === EXPORT_FORMAT)
    return 'The file looks like a history export, but its events is not a list of records; nothing was imported.';
  if (!Array.isArray(events)) return null;
  const said = [
    format === EXPORT_FORMAT ? null : `format ${JSON.stringify(format ?? null)}`,
    version === 1 ? null : `version ${JSON.stringify(version ?? null)}`,
  ].filter((part) => part !== null);
  return `The file looks like a history export, but its ${said.join(' and ')} is not one this console reads (format "${EXPORT_FORMAT}", version 1); nothing was imported.`;
}

/**
 * Why a file of nothing but whitespace (or nothing) is refused: no export is one, not even of
 * no records (JSON and HAR keep their frame, NDJSON writes the JSON export's empty form on one
 * line), so it is the wrong file, or one cut to nothing; "holds no records" and exit 0 told
 * whoever picked it that all was well.
 */
export function emptyFileWords(bytes: number): string {
  const cause =
    bytes === 0 ? 'It is empty (0 bytes)' : `It holds only whitespace (${countOf(bytes, 'byte')})`;
  return `${cause}; every export holds something, even one of no records. Check that this is the file you meant.`;
}

export const NEITHER_WORDS =
  'The file is JSON, but neither a history export, a HAR file nor a list of records.';

/** Whether a JSON value could be one record: an object giving a uid, kind or time. */
export const looksLikeRecord = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  ['uid', 'kind', 'at'].some((key) => Object.hasOwn(value, key));

/**
 * Why a file shaped like a HAR (an object with `log`) is not one, or null. It was read as one
 * NDJSON record and refused for a missing uid.
 */
export function otherHarWords(value: unknown, error: z.ZodError): string | null {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, 'log')) return null;
  const log = (value as { log: unknown }).log;
  const cause =
    typeof log !== 'object' || log === null || Array.isArray(log)
      ? `log: must be an object (HAR 1.2), not ${log === null ? 'null' : Array.isArray(log) ? 'a list' : typeof log}`
      : describe(error, value);
  return `The file looks like a HAR, but ${cause}; nothing was imported.`;
}

/** Why a file measured unsafe to parse is refused. */
export function measureProblemWords(problem: JsonBoundProblem, maxBody: number): string {
  return problem.kind === 'string_too_long'
    ? // Measured before parsing, as characters of the file (a body there is text or base64): no bytes counted.
      `Line ${problem.line}: a value of ${formatCharacters(problem.chars)} is longer than a record's body may be written in (at most ${formatBytesShort(maxBody)}, ${formatCharacters(problem.limit)} as base64).`
    : `The file cannot be read: ${describeJsonProblem(problem)}.`;
}

/** An NDJSON line that is not JSON; `cut`: the file ends in it, as if a copy had stopped there. */
export function notJsonLineWords(
  lineNumber: number,
  parsed: { message: string; column: number },
  cut: boolean,
): string {
  return `Line ${lineNumber}: not JSON (column ${parsed.column}: ${parsed.message})${cut ? '; the file ends there: it may have been cut short' : ''}.`;
}
