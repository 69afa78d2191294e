import { createHash } from 'node:crypto';
import { depthBeyond, describeJsonProblem, JSON_MAX_DEPTH, measureJsonText } from '../../shared/bounded-json';
import {
  exportedEventSchema,
  exportFileSchema,
  historyFileText,
  IMPORT_MAX_BODY_BYTES,
  type ExportedEvent,
  type ExportFormat,
} from '../../shared/history-file';
import { formatBytesShort } from '../../shared/byte-size';
import { parseJsonText } from '../../shared/json-text';
import type { NewEvent } from '../store/events-repository';
import { RELATED_UID_KEY } from '../store/history-repository';
import { REDACTED } from '../../shared/secrets/redact-secrets';
import { REQUEST_TRAILERS_KEY, withRequestTrailers } from '../../shared/request-trailers';
import { ORIGINAL_PROVENANCE_KEY, type OriginalProvenance } from '../../shared/provenance';
import { REDACTED_KEY, withRedactedSize } from './export-records';
import { eventFromHar, harEntrySchema, harFileSchema } from './har';
import { withOwnVerdicts } from './import-verdicts';
import { loneSurrogateWords } from './import-lone-surrogate';
import {
  describe,
  emptyFileWords,
  looksLikeRecord,
  measureProblemWords,
  NEITHER_WORDS,
  notJsonLineWords,
  otherExportWords,
  otherHarWords,
} from './import-refusal-words';

export { measureProblemWords, notJsonLineWords };

/** The file cannot be imported; the message names the line, record or entry and the cause. */
export class ImportError extends Error {}

/** A history file's bytes as text; one that is not UTF-8 is refused, naming the byte. */
export function importFileText(bytes: Uint8Array): string {
  const read = historyFileText(bytes);
  if (!read.ok) throw new ImportError(read.problem);
  return read.text;
}

export interface ImportLimits {
  /** The largest body one record may carry (default IMPORT_MAX_BODY_BYTES). */
  maxBodyBytes?: number;
}

/** A record no reader could walk (nested too deep) is refused before anything reads it. */
function assertReadable(value: unknown, where: string): void {
  const tooDeep = depthBeyond(value, JSON_MAX_DEPTH);
  if (tooDeep !== null)
    throw new ImportError(
      `${where}: cannot be read: ${describeJsonProblem({ kind: 'too_deep', depth: tooDeep.depth, limit: JSON_MAX_DEPTH })}.`,
    );
}

/** A body's size in bytes, without decoding it. */
export function bodySize(text: string | null, base64: string | null): number {
  if (text !== null) return Buffer.byteLength(text, 'utf8');
  if (base64 === null) return 0;
  return Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
}

/** How an import's text is measured before it is parsed (import-ndjson-check.ts measures a stream so). */
export function importMeasureLimits(maxBody: number): { maxDepth: number; maxStringChars: number } {
  // In the file a body is text or base64 (4 characters for 3 bytes), plus its JSON escapes.
  return { maxDepth: JSON_MAX_DEPTH + 4, maxStringChars: Math.ceil((maxBody * 4) / 3) + 16 };
}

/** The file's records before validation: a HAR's entries, an export's events, or NDJSON lines. */
function readEntries(text: string, maxBody: number): { format: ExportFormat; events: unknown[] } {
  const trimmed = text.trim();
  if (trimmed === '') throw new ImportError(emptyFileWords(Buffer.byteLength(text, 'utf8')));
  // Measured before anything is parsed: nothing larger than a record may be is read into memory.
  // In the file a body is text or base64 (4 characters for 3 bytes), plus its JSON escapes.
  const problem = measureJsonText(text, importMeasureLimits(maxBody));
  if (problem !== null) throw new ImportError(measureProblemWords(problem, maxBody));
  const whole = parseJsonText(text);
  if (whole.ok) {
    const har = harFileSchema.safeParse(whole.value);
    if (har.success) {
      const events = har.data.log.entries.map((entry, index) => {
        assertReadable(entry, `log.entries[${index}]`);
        const parsed = harEntrySchema.safeParse(entry);
        if (!parsed.success) throw new ImportError(`log.entries[${index}]: ${describe(parsed.error, entry)}`);
        // Named as the entry gives it (`request.headers[1].value`), before the record is made of it.
        assertWholeText(parsed.data, `log.entries[${index}]`, ['_checkoutConsole', 'details']);
        const fallback = `har-${createHash('sha256').update(JSON.stringify(entry)).digest('hex').slice(0, 32)}`;
        return eventFromHar(parsed.data, fallback);
      });
      return { format: 'har', events };
    }
    const file = exportFileSchema.safeParse(whole.value);
    if (file.success) return { format: 'json', events: file.data.events };
    const otherExport = otherExportWords(whole.value);
    if (otherExport !== null) throw new ImportError(otherExport);
    const otherHar = otherHarWords(whole.value, har.error);
    if (otherHar !== null) throw new ImportError(otherHar);
    if (Array.isArray(whole.value)) return { format: 'json', events: whole.value };
    // One object alone is an NDJSON file of one line (an export of one record ends in a newline);
    // one holding nothing a record holds was refused as "Record 1: uid: missing".
    if (!trimmed.includes('\n') && looksLikeRecord(whole.value))
      return { format: 'ndjson', events: [whole.value] };
    throw new ImportError(NEITHER_WORDS);
  }
  const lines = text.split(/\r?\n/);
  const firstLine = lines.find((line) => line.trim() !== '') ?? '';
  // One document over many lines (every JSON and HAR export: its first line only opens it) that
  // breaks only where the text ends was cut short. Read as NDJSON it was refused at "Line 1".
  if (!parseJsonText(firstLine).ok && endsEarly(text, whole))
    throw new ImportError(
      `The file ends before its JSON does (line ${whole.line}, column ${whole.column}: ${whole.message}): it may have been cut short.`,
    );
  const last = lines.findLastIndex((line) => line.trim() !== '');
  const events: unknown[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = parseJsonText(line);
    if (!parsed.ok)
      throw new ImportError(notJsonLineWords(index + 1, parsed, index === last && endsEarly(line, parsed)));
    events.push(parsed.value);
  });
  return { format: 'ndjson', events };
}

/** Whether a text breaks only where it ends: what is there is JSON so far, and then it stops. */
export function endsEarly(text: string, problem: { message: string; offset: number }): boolean {
  return (
    problem.message.startsWith('Unexpected end of input') ||
    // The scanner says so of a string that runs to the end of the text.
    problem.message === 'Unterminated string' ||
    problem.offset >= text.trimEnd().length - 1
  );
}

/**
 * Reads and checks a whole history file (JSON, NDJSON or HAR) before anything is written: a
 * record that is malformed, nested too deep or larger than the console can store stops the
 * import, naming it.
 */
export function readImportFile(
  text: string,
  limits: ImportLimits = {},
): { format: ExportFormat; records: ExportedEvent[]; repeated: number } {
  const maxBody = limits.maxBodyBytes ?? IMPORT_MAX_BODY_BYTES;
  const { format, events } = readEntries(text, maxBody);
  const where = (index: number) =>
    format === 'ndjson'
      ? `Record ${index + 1}`
      : format === 'har'
        ? `log.entries[${index}]`
        : `events[${index}]`;
  const records = events.map((event, index) => checkedRecord(event, where(index), maxBody));
  const once = createUidRegister(where);
  const unique = records.filter((record, index) => once.add(record, index));
  return { format, records: unique, repeated: once.repeated() };
}

/** A record (or HAR entry) whose stored text would not be the file's is refused, naming where. */
function assertWholeText(
  record: Record<string, unknown>,
  where: string,
  detailsPath?: readonly [string, ...string[]],
): void {
  const problem = loneSurrogateWords(record, where, detailsPath);
  if (problem !== null) throw new ImportError(problem);
}

/** One record of a file as the console stores it, or an ImportError naming `where` and the cause. */
export function checkedRecord(event: unknown, where: string, maxBody: number): ExportedEvent {
  assertReadable(event, where);
  const result = exportedEventSchema.safeParse(event);
  if (!result.success) throw new ImportError(`${where}: ${describe(result.error, event)}`);
  const record = result.data;
  for (const part of ['request', 'response'] as const) {
    const field = `${part}_body` as const;
    const size = bodySize(record[field], record[`${field}_base64`]);
    if (size > maxBody)
      throw new ImportError(
        `${where}: ${field} is ${formatBytesShort(size)}; a record's body may be at most ${formatBytesShort(maxBody)}.`,
      );
    const sizeField = `${part}_size` as const;
    if (saidBeforeRedaction(record, part, size)) {
      record.details = withRedactedSize(record.details, part, record[sizeField] ?? size);
      record[sizeField] = size;
    }
    const arrived = record[sizeField];
    if (arrived !== null && arrived < size)
      throw new ImportError(
        `${where}: ${sizeField} is ${arrived} bytes, smaller than the ${size} bytes of ${field} it gives.`,
      );
    // A whole body larger than it is: every view said the stated size, though less was held.
    const truncatedField = `${part}_truncated` as const;
    if (arrived !== null && arrived > size && !record[truncatedField])
      throw new ImportError(
        `${where}: ${sizeField} is ${arrived} bytes, larger than the ${size} bytes of ${field} it gives, which is not marked truncated (${truncatedField}: false).`,
      );
  }
  assertWholeText(record, where);
  return withOwnVerdicts(record, `${where} (uid ${JSON.stringify(record.uid)})`, (message) => {
    throw new ImportError(message);
  });
}

/**
 * Whether a record of an export written before exports said what they redacted gives a whole
 * body its redaction resized beside the size it arrived with: one that grew (`serviceToken=abc`
 * is REDACTED) refused the whole file, one that shrank (a JWT) imported claiming bytes it never
 * gave. A whole body only (a cut one's size is larger anyway) whose size differs from its own
 * and that holds REDACTED; a record saying its redaction (details.redacted) is a newer export's.
 */
function saidBeforeRedaction(record: ExportedEvent, part: 'request' | 'response', size: number): boolean {
  const stated = record[`${part}_size`];
  if (stated === null || stated === size || record[`${part}_truncated`]) return false;
  if (typeof record.details[REDACTED_KEY] === 'object') return false;
  const text = record[`${part}_body`];
  const base64 = record[`${part}_body_base64`];
  return text !== null
    ? text.includes(REDACTED)
    : base64 !== null && Buffer.from(base64, 'base64').includes(REDACTED);
}

/** What a checked record says, as one digest: the same uid with the same digest is the same record. */
export const recordDigest = (record: ExportedEvent): string =>
  createHash('sha256').update(JSON.stringify(record)).digest('base64');

/**
 * Each uid once. The same record twice (a file joined from two exports) is read once and
 * counted; a uid with other content is refused, naming both: the second was dropped as
 * "already stored", though it said something else and nothing was stored before. Only each
 * uid's first place and digest are kept, so a file read as a stream is judged the same way.
 */
export function createUidRegister(where: (index: number) => string): {
  /** True for the first record of its uid; false for the same record again (counted). */
  add(record: ExportedEvent, index: number): boolean;
  repeated(): number;
  /** Where a uid's record first is, and its digest. */
  firstOf(uid: string): { index: number; digest: string } | undefined;
} {
  const firstOf = new Map<string, { index: number; digest: string }>();
  let repeated = 0;
  return {
    add(record, index) {
      const digest = recordDigest(record);
      const first = firstOf.get(record.uid);
      if (first === undefined) {
        firstOf.set(record.uid, { index, digest });
        return true;
      }
      if (first.digest !== digest) {
        const other = where(first.index).replace(/^Record/, 'record');
        throw new ImportError(
          `${where(index)}: uid ${JSON.stringify(record.uid)} is also ${other}'s, which says something else; a uid names one record.`,
        );
      }
      repeated++;
      return false;
    },
    repeated: () => repeated,
    firstOf: (uid) => firstOf.get(uid),
  };
}

function bodyBytes(text: string | null, base64: string | null): Uint8Array | null {
  if (text !== null) return new TextEncoder().encode(text);
  return base64 === null ? null : new Uint8Array(Buffer.from(base64, 'base64'));
}

/**
 * What an imported record was where it came from: its file's `provenance`, or, for a record that
 * was an import there too, the original it kept. Null: a file of a build before exports said it.
 */
export function originalProvenanceOfFile(
  event: Pick<ExportedEvent, 'provenance' | 'original_provenance'>,
): OriginalProvenance | null {
  if (event.provenance !== undefined && event.provenance !== 'import') return event.provenance;
  return event.original_provenance ?? null;
}

/** An imported record as the events table stores it (marked imported). */
export function toNewEvent(event: ExportedEvent): NewEvent {
  const original = originalProvenanceOfFile(event);
  return {
    uid: event.uid,
    kind: event.kind,
    atMs: Date.parse(event.at),
    profileName: event.profile,
    method: event.method,
    url: event.url,
    path: event.path,
    query: event.query,
    remoteAddress: event.remote_address,
    requestHeaders: event.request_headers,
    requestBody: bodyBytes(event.request_body, event.request_body_base64),
    requestTruncated: event.request_truncated,
    // Absent (an older export, a browser's HAR): the body's own size, as stored.
    ...(event.request_size === null ? {} : { requestSize: event.request_size }),
    status: event.status,
    responseHeaders: event.response_headers,
    responseBody: bodyBytes(event.response_body, event.response_body_base64),
    durationMs: event.duration_ms,
    orderId: event.order_id,
    orderReferenceId: event.order_reference_id,
    eventType: event.event_type,
    tokenVerdict: event.token_verdict,
    bodyVerdict: event.body_verdict,
    error: event.error,
    imported: true,
    // A cut answer's size is kept where the console keeps it, in the details (recorded-exchange.ts),
    // and the related record's uid until that record is stored (history-repository.ts).
    // Trailer fields are read from request_trailers only, judged by the schema: a details key
    // of that name is not taken for them.
    details: {
      ...withRequestTrailers(
        Object.fromEntries(
          Object.entries(event.details).filter(
            // The original provenance is read from the file's fields only, as the trailers are.
            ([key]) =>
              key !== RELATED_UID_KEY && key !== REQUEST_TRAILERS_KEY && key !== ORIGINAL_PROVENANCE_KEY,
          ),
        ),
        event.request_trailers,
      ),
      ...(event.response_truncated
        ? {
            responseTruncated: true,
            ...(event.response_size === null ? {} : { responseSize: event.response_size }),
          }
        : {}),
      ...(event.related_uid === null ? {} : { [RELATED_UID_KEY]: event.related_uid }),
      // The file's word on whose doing it was, kept beside the record; the record itself is an
      // import (its provenance column), so it is never evidence and moves no order.
      ...(original === null ? {} : { [ORIGINAL_PROVENANCE_KEY]: original }),
    },
  };
}
