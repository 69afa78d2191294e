import { z } from 'zod';
import { bodyVerdictSchema, EVENT_KINDS, tokenVerdictSchema } from './events';
import { countOf } from './count-words';
import { formatCount } from './count-format';
import { errorWords } from './error-words';
import { decodeUtf8Strictly } from './utf8-text';
import { originalProvenanceSchema, provenanceSchema } from './provenance';

/**
 * One record in an export file (JSON and NDJSON): everything stored about an exchange, bodies
 * as text when they are UTF-8 and as base64 otherwise. Import reads the same shape back.
 */
const header = z.tuple([z.string(), z.string()]);
/**
 * An instant as a file gives it: ISO 8601 with its zone (`Z` or an offset). A time without one
 * would be read in the importing machine's zone, another instant on each machine. A HAR's
 * `startedDateTime` is judged by it too (har.ts), so both imports refuse it in the same words.
 * The words name the form this reads, not only "ISO 8601": `2026-11-28T23:59:59.999`,
 * `…+0300` and `2026-11-28T23:59Z` are ISO 8601 as well, and are refused for a missing zone, an
 * offset without its colon or missing seconds.
 */
export const fileInstantSchema = z.iso.datetime({
  offset: true,
  error:
    'must be an ISO 8601 date and time to the second with its zone (Z or an offset such as +03:00), ' +
    'like 2026-11-28T23:59:59.999Z',
});
export const exportedEventSchema = z
  .object({
    uid: z.string().min(1).max(200),
    kind: z.enum(EVENT_KINDS),
    at: fileInstantSchema,
    profile: z.string().nullable().default(null),
    method: z.string().max(20).nullable().default(null),
    url: z.string().nullable().default(null),
    path: z.string().nullable().default(null),
    query: z.string().nullable().default(null),
    remote_address: z.string().nullable().default(null),
    request_headers: z.array(header).default([]),
    /**
     * The trailer fields a chunked request sent after its last chunk, as they arrived; absent
     * when none did (shared/request-trailers.ts).
     */
    request_trailers: z.array(header).optional(),
    request_body: z.string().nullable().default(null),
    request_body_base64: z.base64().nullable().default(null),
    request_truncated: z.boolean().default(false),
    /**
     * The size the request body arrived with, in bytes: more than the body given when it was
     * truncated. An export that replaced a secret in the body gives the size of what it gives
     * and the size before in `details.redacted` (export-records.ts).
     */
    request_size: z.number().int().min(0).nullable().default(null),
    status: z.number().int().min(0).max(999).nullable().default(null),
    response_headers: z.array(header).nullable().default(null),
    response_body: z.string().nullable().default(null),
    response_body_base64: z.base64().nullable().default(null),
    response_truncated: z.boolean().default(false),
    /**
     * The size the answer's body arrived with, in bytes: more than the body given when it was
     * truncated (at least this when `details.responseSizeAtLeast`: the console stopped reading).
     * Redacted by the export, as `request_size`.
     */
    response_size: z.number().int().min(0).nullable().default(null),
    duration_ms: z.number().min(0).nullable().default(null),
    order_id: z.string().nullable().default(null),
    order_reference_id: z.string().nullable().default(null),
    event_type: z.string().nullable().default(null),
    token_verdict: tokenVerdictSchema.nullable().default(null),
    body_verdict: bodyVerdictSchema.nullable().default(null),
    error: z.string().nullable().default(null),
    related_uid: z.string().nullable().default(null),
    /**
     * Whose doing the record was where it was exported (shared/provenance.ts): `service`, `replay`,
     * `crafted`, `forward`, or `import` for one imported there. Import keeps it as the record's
     * original provenance and stores the record as an import whatever it says (a file is never
     * the service's evidence). Absent in files of builds before it: those import as they did.
     */
    provenance: provenanceSchema.optional(),
    /** An imported record's provenance where it came from, beside `provenance: "import"`. */
    original_provenance: originalProvenanceSchema.optional(),
    details: z.record(z.string(), z.unknown()).default({}),
  })
  // One body, one way: with both, the stored body was the text and the base64 went unread,
  // so a file could show one body and hold another.
  .refine((event) => event.request_body === null || event.request_body_base64 === null, {
    message: 'a body is given as text (request_body) or as base64, not both',
    path: ['request_body_base64'],
  })
  .refine((event) => event.response_body === null || event.response_body_base64 === null, {
    message: 'a body is given as text (response_body) or as base64, not both',
    path: ['response_body_base64'],
  });
export type ExportedEvent = z.output<typeof exportedEventSchema>;
/**
 * A record as an export writes it: the stored fields, and `status_word`, its status as the table's
 * STATUS column says it (record-status.ts recordStatusWord; `waiting` for a request still
 * awaiting its answer). The word is derived from the fields and details, so import reads it
 * from them, never from the file (the schema above drops it), and a file without it imports alike.
 */
export type WrittenEvent = ExportedEvent & { status_word: string };

export const EXPORT_FORMAT = 'checkout-console-history';
/**
 * A JSON export as import reads it: `format`, `version` and `events`, as history.md documents it.
 * The writer also says when it was made (`exportedAt`), which nothing reads: a file without it, or
 * with another value there, is the same export. Required, its absence was refused as "its  is
 * not one this console reads (format "checkout-console-history", version 1)".
 */
export const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(1),
  events: z.array(z.unknown()),
});

/**
 * The largest body one imported record may carry: the largest body the listener can be set to
 * take (Listener → Body limit, at most 100 MiB), so everything the console stored imports back
 * and nothing larger is read into memory.
 */
export const IMPORT_MAX_BODY_BYTES = 100 * 1024 * 1024;

/** How a refused import's message begins (the CLI tells it from a bad command line by it). */
export const NOTHING_IMPORTED = 'Nothing imported.';
/**
 * How an import that failed while writing says so: after NOTHING_IMPORTED when what it wrote was
 * removed again, alone (naming how many of the file's records remain) when it could not be.
 */
export const IMPORT_STOPPED = 'The import stopped:';

/** Why a history file should be UTF-8, said after where it is not. */
export const historyUtf8Hint = 'an export always is; was it saved as Latin-1 or another encoding?';

/** A history file that is not UTF-8, read whole or as a stream (import-ndjson-check.ts). */
export const notUtf8FileWords = (problem: string) => `The file is not UTF-8 text: ${problem}.`;

/**
 * A history file's bytes as text, or why not: one that is not UTF-8 is refused naming the first
 * byte that is not, its line and column. The one wording for the `import` command, the bridge
 * and the History view, which decodes as the file streams up and reads the bytes here on a fault.
 */
export function historyFileText(
  bytes: Uint8Array,
): { ok: true; text: string } | { ok: false; problem: string } {
  try {
    const decoded = decodeUtf8Strictly(bytes, historyUtf8Hint);
    return decoded.ok ? decoded : { ok: false, problem: notUtf8FileWords(decoded.problem) };
  } catch (error) {
    return { ok: false, problem: `The file cannot be read as text: ${errorWords(error)}.` };
  }
}

export const EXPORT_FORMATS = ['json', 'ndjson', 'har'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How many of the stored records that differ from the file's an import's result names. */
export const DIFFERING_IDS_SHOWN = 10;

/** What an import did: the History view and the `import` command say it (describeImportResult). */
export interface ImportOutcome {
  imported: number;
  /** Already stored (the same uid): left as they are. */
  skipped: number;
  repeated: number;
  unlinked: number;
  /** Of those skipped, how many the file gives otherwise than they are stored. */
  differing: number;
  /** The first DIFFERING_IDS_SHOWN of those stored records' ids. */
  differingIds: number[];
  format: ExportFormat;
}

/**
 * What an import did, in one sentence for the History view and the `import` command alike. A
 * file that held no record says so: "Imported 0 records" alone reads as if something was refused.
 * Every count is written as every message writes one (formatCount).
 */
export function describeImportResult(result: ImportOutcome, fileName: string): string {
  const records = (count: number) => countOf(count, 'record');
  if (result.imported === 0 && result.skipped === 0)
    // No format: `[]` and an export of an empty history say the same (an empty file is refused).
    return `Nothing imported: ${fileName} holds no records.`;
  const skipped =
    result.skipped > 0
      ? `; ${formatCount(result.skipped)} already stored, skipped${differingWords(result)}`
      : '';
  const repeated =
    result.repeated > 0 ? `; ${formatCount(result.repeated)} repeated in the file, read once` : '';
  // A filtered export (replays without their webhooks) links up once the rest is imported.
  const unlinked =
    result.unlinked === 0
      ? ''
      : result.unlinked === 1
        ? '; 1 link points at a record not in this file or this directory (kept: it is linked when that record is imported)'
        : `; ${formatCount(result.unlinked)} links point at records not in this file or this directory (kept: they are linked when those records are imported)`;
  return `Imported ${records(result.imported)} from ${fileName} (${result.format})${skipped}${repeated}${unlinked}.`;
}

/**
 * Which of the skipped records the file gives otherwise than they are stored: an edited file was
 * skipped in silence, as if it said what the console holds. The stored ones are kept as they are.
 */
function differingWords({
  differing,
  differingIds,
}: Pick<ImportOutcome, 'differing' | 'differingIds'>): string {
  if (differing === 0) return '';
  const named = differingIds.map((id) => `#${id}`).join(', ');
  const more =
    differing > differingIds.length ? ` and ${formatCount(differing - differingIds.length)} more` : '';
  return differing === 1
    ? ` (1 of them differs from the stored record: ${named}${more})`
    : ` (${formatCount(differing)} of them differ from the stored records: ${named}${more})`;
}

/**
 * What a window's export did: how many records, and how many of them are damaged in the database
 * (exported as stored, each named by one of `damaged`'s sentences, the ones `export` prints on
 * standard error, listed after these words).
 */
export function describeExportResult(result: {
  count: number;
  fileName: string;
  damaged: readonly string[];
}): string {
  const exported = `Exported ${countOf(result.count, 'record')} (${result.fileName})`;
  const damaged = result.damaged.length;
  if (damaged === 0) return `${exported}.`;
  return `${exported}; ${formatCount(damaged)} of them ${damaged === 1 ? 'is' : 'are'} damaged in the database, exported as stored.`;
}

export const RETENTION_MODES = ['all', 'days', 'count'] as const;
export const retentionSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('all') }),
  // The words are the contract's, so the CLI's flags and the History view say the same thing.
  z.object({
    mode: z.literal('days'),
    days: z
      .number()
      .int('must be a whole number of days')
      .min(1, 'must be at least 1 day')
      .max(36_500, 'must be at most 36500 days'),
  }),
  z.object({
    mode: z.literal('count'),
    count: z
      .number()
      .int('must be a whole number of records')
      .min(1, 'must be at least 1 record')
      .max(100_000_000, 'must be at most 100000000 records'),
  }),
]);
export type Retention = z.infer<typeof retentionSchema>;

/** Until a policy is saved, every record is kept (docs/defaults.md). */
export const DEFAULT_RETENTION: Retention = { mode: 'all' };
/**
 * What the History view's boxes hold when "Last N days" or "Last N records" is first chosen
 * (docs/defaults.md, and said beside them): nothing is saved until Save policy or Apply now.
 */
export const RETENTION_START = { days: 30, count: 100_000 } as const;

/** What applying a retention policy would remove, besides how many (retention-words.ts says it). */
export const retentionRemovalSchema = z.object({
  /** How many of each kind, in the timeline's order of kinds; kinds of none left out. */
  kinds: z.array(z.object({ kind: z.enum(EVENT_KINDS), count: z.number().int() })),
  /** How many of them were imported from a file (old times: a keep-the-last-N-days policy takes them first). */
  imported: z.number().int(),
  /** Orders every record of which goes: they leave Orders. */
  ordersLeaving: z.number().int(),
  /** Orders some of whose records go: their state may change. */
  ordersLosing: z.number().int(),
});
export type RetentionRemoval = z.infer<typeof retentionRemovalSchema>;
