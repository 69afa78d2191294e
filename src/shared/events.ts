import { z } from 'zod';
import { originalProvenanceSchema, provenanceSchema } from './provenance';

/** Where a timeline record comes from. */
export const EVENT_KINDS = ['webhook', 'request', 'replay', 'forward', 'delivery'] as const;
export const eventKindSchema = z.enum(EVENT_KINDS);

/** Why a record never went out (TimelineSummary `notSent`; record-status.ts NOT_SENT_WORDS says each). */
export const NOT_SENT_WHYS = ['dropped', 'unsent', 'refused_by_console', 'cancelled'] as const;
export type EventKind = z.infer<typeof eventKindSchema>;

/** The listener's verdict on the notification token(s) of one request. */
export const TOKEN_VERDICTS = [
  'valid',
  'missing',
  'malformed',
  'invalid_signature',
  'expired',
  'not_yet_valid',
  'alg_not_allowed',
  'mismatch',
  'no_secret',
] as const;
export const tokenVerdictSchema = z.enum(TOKEN_VERDICTS);
export type TokenVerdict = z.infer<typeof tokenVerdictSchema>;

/** The listener's verdict on the body of one request. */
export const BODY_VERDICTS = [
  'event',
  'legacy',
  'unknown_shape',
  'invalid_json',
  'empty',
  'too_large',
] as const;
export const bodyVerdictSchema = z.enum(BODY_VERDICTS);
export type BodyVerdict = z.infer<typeof bodyVerdictSchema>;

/** Headers in the order they were sent or received; names keep their case. */
export const headerListSchema = z.array(z.tuple([z.string(), z.string()]));
export type HeaderList = z.infer<typeof headerListSchema>;

/*
 * ignoreBOM: a default decoder drops a leading byte order mark (EF BB BF), and a body read that
 * way is no longer the bytes that arrived: exported, copied as cURL or imported back, it lost 3
 * bytes. fatal: bytes that are not UTF-8 must go as base64, not as U+FFFD.
 */
const exactUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * A stored body as text when its bytes are UTF-8 (a leading byte order mark kept), else null:
 * the one judgement of "text or base64" behind every view of a body (the timeline, `history
 * --json`, exports, cURL), so the text always encodes back to exactly the stored bytes.
 */
export function bodyText(bytes: Uint8Array): string | null {
  try {
    return exactUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** A body as the renderer sees it: text when it is UTF-8 ({@link bodyText}), base64 when it is not. */
export const bodyViewSchema = z.object({
  size: z.number().int(),
  truncated: z.boolean(),
  text: z.string().nullable(),
  base64: z.string().nullable(),
});
export type BodyView = z.infer<typeof bodyViewSchema>;

/**
 * The fields of a stored row that could not be read (a row damaged in the database, by hand or
 * a bad copy): every reader says so and names the record, never reading them as empty.
 */
export const DAMAGED_FIELDS = [
  'at',
  'details',
  'requestHeaders',
  'responseHeaders',
  'bodyFindings',
  'tokenFindings',
  // The ordinary columns, each read by its type (a text, a number, a word of its list, bytes).
  'uid',
  'kind',
  'profileId',
  'profileName',
  'method',
  'url',
  'path',
  'query',
  'remoteAddress',
  'requestBody',
  'requestSize',
  'requestTruncated',
  'status',
  'responseBody',
  'durationMs',
  'orderId',
  'orderReferenceId',
  'eventType',
  'tokenVerdict',
  'bodyVerdict',
  'error',
  'relatedId',
  'imported',
  'provenance',
  'firstNamedOrderId',
] as const;
export const damagedFieldSchema = z.enum(DAMAGED_FIELDS);
export type DamagedField = z.infer<typeof damagedFieldSchema>;

/** One row of the timeline: enough to list, filter and group, without bodies. */
export const timelineSummarySchema = z.object({
  id: z.number().int(),
  uid: z.string(),
  kind: eventKindSchema,
  at: z.string(),
  profileId: z.number().int().nullable(),
  profileName: z.string().nullable(),
  method: z.string().nullable(),
  path: z.string().nullable(),
  url: z.string().nullable(),
  status: z.number().int().nullable(),
  durationMs: z.number().nullable(),
  orderId: z.string().nullable(),
  /**
   * Another order the body names: the first of an order_id given more than once, when it is
   * not `orderId` (the last, as JSON.parse reads it). The record is listed under both; every
   * list says so beside its order (named-orders-words.ts). Null: the body names one order.
   */
  firstNamedOrderId: z.string().nullable().default(null),
  orderReferenceId: z.string().nullable(),
  eventType: z.string().nullable(),
  tokenVerdict: tokenVerdictSchema.nullable(),
  bodyVerdict: bodyVerdictSchema.nullable(),
  error: z.string().nullable(),
  /** The record this one replays, forwards or answers; for the listener's record of a replay, that replay. */
  relatedId: z.number().int().nullable(),
  imported: z.boolean(),
  /** Whose doing it was: the service's own traffic, or the console's (replay, crafted, forward, import). */
  provenance: provenanceSchema,
  /**
   * An import's provenance where it came from, as its file said (`replay`, `crafted`…): the file's
   * word, so it stays an import, never evidence. Null: not an import, or a file that said none.
   */
  originalProvenance: originalProvenanceSchema.nullable().default(null),
  /** How many findings the one judgement of its notification body has (null: not a judged body). */
  bodyFindings: z.number().int().nonnegative().nullable(),
  /**
   * The messages of its token's findings (a token in one place only, a claim named twice), which
   * the verdict word does not carry: every list draws the token chip with them, so a valid token
   * with findings never looks plain green. Null: no judged token, or a record from before.
   */
  tokenFindings: z.array(z.string()).nullable().default(null),
  /**
   * The console operation a request was (`createCheckout`, `authorise`, …), as the client
   * wrote it in the record's details (src/main/merchant-api/merchant-api-client.ts); else null.
   */
  operation: z.string().nullable(),
  /**
   * A record that never went out, and why (its details say; record-status.ts recordNotSentOf): an
   * emulator delivery `dropped` by the Drop fault or `unsent` with nowhere to go, or a request,
   * replay or forward `refused_by_console` (a CONNECT, a forward its guard refused) or
   * `cancelled` before it was written whole, a delivery's attempt too (merchant-api.ts
   * NOT_SENT_KINDS, FORWARD_REFUSAL_KINDS). It has no status and never will: not a failed send.
   */
  notSent: z.enum(NOT_SENT_WHYS).nullable().default(null),
  /**
   * A request written whole that got no answer (cancelled, timed out or cut off after): the service
   * may have carried it out (its details' failure says so, merchant-api.ts SENT_UNANSWERED_KINDS;
   * record-status.ts unansweredOf). Its status word is `unanswered`, not `failed`.
   */
  unanswered: z.boolean().default(false),
  /**
   * What of the stored row could not be read (absent: all of it could). A damaged time reads
   * as `at` '' and damaged findings as null, each said beside them, never as "no findings".
   */
  damaged: z.array(damagedFieldSchema).optional(),
});
export type TimelineSummary = z.infer<typeof timelineSummarySchema>;

/**
 * The parts of a record that may echo a secret (a profile token pasted into a note, a header
 * an API answered with): masked by value wherever one is echoed, so withheld whole where a
 * secret cannot be opened here. Everything else (kind, status, verdicts, findings, timing,
 * ids, sizes) is stored judgements and numbers, and always shown.
 */
export const WITHHELD_PARTS = [
  'query',
  'requestHeaders',
  'requestBody',
  'responseHeaders',
  'responseBody',
] as const;
export const withheldPartSchema = z.enum(WITHHELD_PARTS);
export type WithheldPart = z.infer<typeof withheldPartSchema>;

/**
 * What a detail leaves out and why: each listed part is emptied (query and body null, headers
 * empty; the URL keeps its path), and a view says "Withheld" where it would be, never "No
 * body". A withheld body is not an empty one: nothing may be filled, replayed or copied from it.
 */
export const withheldSchema = z.object({
  /** The secrets that cannot be opened here, named: `Sandbox's API token`. */
  secrets: z.array(z.string().min(1)).min(1),
  /** Which secret cannot be opened here, and why: `Sandbox's API token cannot be opened … : sealed with …`. */
  reason: z.string().min(1),
  /** What to do about it: the console that can open it, or the command that forgets it. */
  wayOut: z.string().min(1),
  parts: z.array(withheldPartSchema).min(1),
});
export type Withheld = z.infer<typeof withheldSchema>;

/** Everything stored about one record. */
export const timelineDetailSchema = timelineSummarySchema.extend({
  query: z.string().nullable(),
  remoteAddress: z.string().nullable(),
  requestHeaders: headerListSchema,
  /**
   * The trailer fields a chunked request sent after its last chunk, as they arrived (raw
   * names and values, in order): absent when none did (shared/request-trailers.ts).
   */
  requestTrailers: headerListSchema.optional(),
  requestBody: bodyViewSchema.nullable(),
  responseHeaders: headerListSchema.nullable(),
  responseBody: bodyViewSchema.nullable(),
  details: z.record(z.string(), z.unknown()),
  /** Whether secrets it carries were masked for the screen (Reveal and Copy are explicit). */
  secretsMasked: z.boolean(),
  /** The parts not shown because a secret they may echo cannot be opened here; null: none. */
  withheld: withheldSchema.nullable(),
});
export type TimelineDetail = z.infer<typeof timelineDetailSchema>;
