import { z } from 'zod';
import { formatCount } from './count-format';
import { countOf } from './count-words';
import { eventFilterSchema } from './event-filter';
import { carriesCredentials, credentialsRefusal, httpUrlSchema } from './http-url';
import { TOKEN_PRESETS } from './jwt/token-presets';

/**
 * Replaying stored webhooks: what to send (a selection by ids or a filter), where (this
 * console's listener, the listener's forward-to URL, any URL), with which token, body and
 * sequence. Shared by the Replay view, the bridge and the `replay` command.
 */
export const REPLAY_TOKEN_MODES = ['original', 'resign', 'none', 'preset'] as const;
export const replayTokenModeSchema = z.enum(REPLAY_TOKEN_MODES);
export type ReplayTokenMode = z.infer<typeof replayTokenModeSchema>;

export const REPLAY_ORDERS = ['original', 'reversed', 'shuffled'] as const;

export const replayTargetSchema = z.discriminatedUnion('kind', [
  /** This console's listener (the active profile's). */
  z.object({ kind: z.literal('listener') }),
  /** The listener's forward-to URL (the merchant endpoint). */
  z.object({ kind: z.literal('forward') }),
  z.object({
    kind: z.literal('url'),
    url: httpUrlSchema('replay URL', { required: true, reachable: true }).refine(
      (url) => !carriesCredentials(url),
      {
        // Such a URL was stored with every replay record, password and all, and its credentials
        // were never sent: the request carries its own headers, the token's Authorization too.
        error: credentialsRefusal('URL', 'a replay does not send them'),
      },
    ),
  }),
]);
export type ReplayTarget = z.infer<typeof replayTargetSchema>;

export const MAX_REPLAY_SENDS = 100_000;

/** The most an edited body may hold, in the UTF-8 bytes that are sent. */
export const MAX_EDITED_BODY_BYTES = 1024 * 1024;
const EDITED_BODY_TOO_LARGE = 'An edited body is at most 1 MiB';

/**
 * A replacement body. Characters first (cheap, and never more than the bytes), then the bytes
 * it goes out as; a text over in characters is not counted again (the limit was said twice).
 * The Replay view checks the body it edits with this before Replay is pressed.
 */
export const editedBodySchema = z
  .string()
  .max(MAX_EDITED_BODY_BYTES, { message: EDITED_BODY_TOO_LARGE, abort: true })
  .refine((body) => new TextEncoder().encode(body).length <= MAX_EDITED_BODY_BYTES, EDITED_BODY_TOO_LARGE);

export const replayRequestSchema = z.object({
  /** The stored webhooks (by id), or every webhook matching `filter`. */
  ids: z.array(z.number().int().positive()).max(MAX_REPLAY_SENDS).optional(),
  filter: eventFilterSchema.optional(),
  target: replayTargetSchema.default({ kind: 'listener' }),
  tokenMode: replayTokenModeSchema.default('original'),
  /** For `preset`: the JWT inspector's presets (valid, expired, wrong key, alg none…). */
  preset: z.enum(TOKEN_PRESETS).default('valid'),
  /** Whose notification token signs (resign, preset); default the active profile. */
  profileId: z.number().int().positive().optional(),
  /** A replacement body (the stored original is never changed); null sends the original bytes. */
  body: editedBodySchema.nullable().default(null),
  order: z.enum(REPLAY_ORDERS).default('original'),
  /** Makes `shuffled` repeatable. */
  seed: z.number().int().optional(),
  delayMs: z.number().int().min(0).max(60_000, 'The delay is at most 60000 ms').default(0),
  concurrency: z.number().int().min(1).max(64, 'At most 64 at once').default(1),
  /** Send the whole sequence this many times (duplicates). */
  repeat: z.number().int().min(1).max(1000, 'Repeat at most 1000 times').default(1),
  timeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  /** Required when the target is a live profile's address. */
  confirmLive: z.boolean().default(false),
});
export type ReplayRequest = z.input<typeof replayRequestSchema>;
export type ReplayPlanRequest = z.output<typeof replayRequestSchema>;

/**
 * What a plan is asked: a replay as a start takes it, and whether its body will be edited. The
 * Replay view plans as the form is filled in and does not send the body it edits (up to 1 MiB)
 * on every key: the plan needs only to know the stored bodies are not the ones that go, so a
 * webhook stored cut can go too. A start says it by sending the body.
 */
export const replayPlanInputSchema = replayRequestSchema.extend({
  bodyEdited: z.boolean().default(false),
});

export const replayProgressSchema = z.object({
  runId: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  /**
   * Sends written whole to the target, answered (whatever the answer) or not: what the Replay view
   * says went. `done` counts a send refused before it left too, and "1 / 1 sent" read so for a
   * run whose one send, a stored CONNECT, never left.
   */
  sent: z.number().int().default(0),
  /**
   * Sends that failed: tried, and no answer before the request was sent whole (refused, timed
   * out, cut off), or an answer not taken. Sends of which nothing left are `notSent`, not these.
   */
  failures: z.number().int(),
  /**
   * Sends written whole that got no answer (cancelled, timed out or cut off after sending): their
   * records read `unanswered`, since the target may have carried them out, so they are not failures.
   */
  unanswered: z.number().int().default(0),
  /**
   * Sends of which nothing left (merchant-api.ts NOT_SENT_KINDS): refused before sending, as a
   * stored CONNECT is, or cancelled before written whole. Counted as failures, a run of one
   * CONNECT read "1 / 1 sent … 1 failed", though nothing was sent and no connection tried.
   */
  notSent: z.number().int().default(0),
  /** Sends per second so far. */
  rate: z.number(),
  finished: z.boolean(),
  cancelled: z.boolean(),
  /** The replay records written so far (the last few), newest last. */
  lastRecordIds: z.array(z.number().int()),
  /**
   * Why sends failed: each distinct error line of their records, the first few, so the window
   * and the CLI say the same whatever the run's length.
   */
  causes: z.array(z.string()).default([]),
  /** Why sends went unanswered, kept as `causes` are: the error lines of their records. */
  unansweredCauses: z.array(z.string()).default([]),
  /** Why sends were not sent, kept as `causes` are: the error lines of their records. */
  notSentCauses: z.array(z.string()).default([]),
  error: z.string().nullable(),
});
export type ReplayProgress = z.infer<typeof replayProgressSchema>;

/**
 * What a run was started with, but its edited body (up to 1 MiB, not kept): main keeps it with
 * the run, so a window that takes up a run another window started shows the run's own target
 * and options. It showed its form's defaults instead, as if the run went to this console's
 * listener with the original tokens.
 */
export const replayRunOptionsSchema = z.object({
  ids: z.array(z.number().int().positive()).optional(),
  filter: eventFilterSchema.optional(),
  target: replayTargetSchema,
  tokenMode: replayTokenModeSchema,
  preset: z.enum(TOKEN_PRESETS),
  order: z.enum(REPLAY_ORDERS),
  delayMs: z.number().int(),
  concurrency: z.number().int(),
  repeat: z.number().int(),
});
export type ReplayRunOptions = z.infer<typeof replayRunOptionsSchema>;

/** A run in progress as main holds it: its latest progress and what it was started with. */
export const replayRunSchema = replayProgressSchema.extend({ startedWith: replayRunOptionsSchema });
export type ReplayRun = z.infer<typeof replayRunSchema>;

/** What of a request a run keeps to be shown with it (replayRunOptionsSchema). */
export function replayRunOptionsOf(request: ReplayPlanRequest): ReplayRunOptions {
  const { ids, filter, target, tokenMode, preset, order, delayMs, concurrency, repeat } = request;
  return {
    ...(ids === undefined ? {} : { ids }),
    ...(filter === undefined ? {} : { filter }),
    target,
    tokenMode,
    preset,
    order,
    delayMs,
    concurrency,
    repeat,
  };
}

/** A run before its first send: what main starts from, and what a window shows until a push. */
export function startingProgress(runId: string, total: number): ReplayProgress {
  return {
    runId,
    total,
    done: 0,
    sent: 0,
    failures: 0,
    unanswered: 0,
    notSent: 0,
    rate: 0,
    finished: false,
    cancelled: false,
    lastRecordIds: [],
    causes: [],
    unansweredCauses: [],
    notSentCauses: [],
    error: null,
  };
}

/**
 * What a filter matched and a replay leaves out, as it cannot send them as they came: raw
 * requests (bytes the listener could not read as HTTP: no method, no target), and bodies stored
 * cut (over the listener's limit) when the original bodies are sent. Named by id, each is
 * refused instead, saying why.
 */
export const replayLeftOutSchema = z.object({ raw: z.number().int(), cut: z.number().int() });
export type ReplayLeftOut = z.infer<typeof replayLeftOutSchema>;

/** "1 raw request (not HTTP) and 2 stored cut": what a filter left out, counted. */
export function leftOutWords(leftOut: ReplayLeftOut): string {
  return [
    leftOut.raw === 0 ? null : `${countOf(leftOut.raw, 'raw request')} (not HTTP)`,
    leftOut.cut === 0 ? null : `${formatCount(leftOut.cut)} stored cut`,
  ]
    .filter((words) => words !== null)
    .join(' and ');
}

/**
 * What a filter matched and a replay leaves out as the console's own doing, counted by what it
 * is: the listener's records of replays the console sent (they carry its replay marker; their
 * provenance replay, or crafted for an edited or re-signed one) and webhooks signed with a token
 * the console made (JWT inspector, `jwt sign`: provenance crafted). Taken by a filter, each run
 * would replay the last run's arrivals too (1, 2, 4… webhooks), and send again bytes the service
 * never sent. Named by id, each is replayed as asked.
 */
export const replayConsoleOwnSchema = z.object({
  replays: z.number().int(),
  craftedTokens: z.number().int(),
});
export type ReplayConsoleOwn = z.infer<typeof replayConsoleOwnSchema>;

/** "1 arrival of a replay the console sent and 3 webhooks signed with a token the console made". */
export function consoleOwnWords(own: ReplayConsoleOwn): string {
  return [
    own.replays === 0
      ? null
      : `${countOf(own.replays, 'arrival of a replay', 'arrivals of replays')} the console sent`,
    own.craftedTokens === 0
      ? null
      : `${countOf(own.craftedTokens, 'webhook')} signed with a token the console made`,
  ]
    .filter((words) => words !== null)
    .join(' and ');
}

/**
 * What a replay chosen without ids (a filter, or every stored webhook) leaves out of the
 * console's own, counted once the plan has counted them: each run would otherwise also replay
 * the last run's arrivals.
 */
export function consoleOwnLeftOut(own: ReplayConsoleOwn | null): string {
  const counted = own === null ? '' : consoleOwnWords(own);
  return counted === ''
    ? "The listener's records of replays the console sent are left out, as are webhooks signed with a token the console made; tick one on the timeline to replay it again."
    : `Left out, the console's own: ${counted}; tick one on the timeline to replay it again.`;
}
