import { z } from 'zod';
import {
  BODY_VERDICTS,
  bodyVerdictSchema,
  eventKindSchema,
  TOKEN_VERDICTS,
  tokenVerdictSchema,
  type BodyVerdict,
  type TokenVerdict,
} from './events';

/**
 * Which stored records to show: the timeline's filters, the history CLI's flags, export
 * selections and replay searches all speak this one shape. Every field narrows (AND);
 * lists match any of their values (OR).
 */
/**
 * `none`: no answer of any kind (waiting, failed, unanswered, not sent, and an import that was
 * waiting in its file, `no answer`). `unanswered`: only the requests cancelled once sent whole,
 * which the service may have carried out (record-status.ts); never such an import, which nothing
 * says was sent whole. No class means "still waiting": nothing counts an import as awaited here.
 */
export const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx', 'none', 'unanswered'] as const;
export const statusFilterSchema = z.union([
  z.enum(STATUS_CLASSES),
  z
    .number({ error: 'A status is a number such as 200, or a class such as 4xx' })
    .int('A status is a whole number')
    .min(100, 'A status is between 100 and 599')
    .max(599, 'A status is between 100 and 599'),
]);
export type StatusFilter = z.infer<typeof statusFilterSchema>;

/** The longest search text; the search box takes no more, so what is searched is what it shows. */
export const SEARCH_TEXT_MAX = 500;

const isoInstant = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 time such as 2026-11-23T10:00:00Z',
});

/**
 * Whether a record's profile name is the one a profile filter asks for: SQLite's NOCASE, as
 * events-query.ts compares them, where only the ASCII letters fold (Été and ÉTÉ are two names
 * to it). The window's filter, its reload on a rename, and what a profile's new name would take
 * (profile-name-records.ts) judge names by this.
 */
export function sameNameNocase(a: string, b: string): boolean {
  const fold = (name: string) => name.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return fold(a) === fold(b);
}

export const eventFilterSchema = z
  .object({
    kinds: z.array(eventKindSchema).max(10).optional(),
    profileId: z.number().int().positive().optional(),
    /**
     * Records that carry this profile name (NOCASE), whether or not a profile has it now: a
     * removed or renamed profile's records keep the name they were stored under (`history
     * --profile`). `profileId` matches the same way, by the profile's current name.
     */
    profileName: z.string().trim().min(1, 'Enter a profile name').max(200).optional(),
    orderId: z.string().trim().min(1, 'Enter an order id').max(200).optional(),
    eventType: z.string().trim().min(1, 'Enter an event type').max(100).optional(),
    tokenVerdicts: z.array(tokenVerdictSchema).max(TOKEN_VERDICTS.length).optional(),
    bodyVerdicts: z.array(bodyVerdictSchema).max(BODY_VERDICTS.length).optional(),
    statuses: z.array(statusFilterSchema).max(20).optional(),
    /** Free text: every word must appear in the record (ids, paths, event types, bodies); the last may be a prefix. */
    text: z.string().max(SEARCH_TEXT_MAX, 'The search text is at most 500 characters').optional(),
    /** Records linked to this one (its replays, its forward, the deliveries of one webhook…). */
    relatedId: z.number().int().positive().optional(),
    ids: z.array(z.number().int().positive()).max(100_000).optional(),
    /**
     * Records a stored scenario run's steps wrote themselves, by the run's number (`history
     * --run`): their details' mark (scenarios/run-record-mark.ts), never what arrived meanwhile.
     */
    scenarioRun: z.number().int().positive().optional(),
    imported: z.boolean().optional(),
    /** Inclusive lower and exclusive upper bound on the record's time. */
    from: isoInstant.optional(),
    to: isoInstant.optional(),
  })
  .strict();
export type EventFilter = z.infer<typeof eventFilterSchema>;

export const EVENT_PAGE_MAX = 1000;

export const eventPageRequestSchema = z.object({
  filter: eventFilterSchema.default({}),
  /** Keyset cursor: only records older than this id (the previous page's `nextCursor`). */
  beforeId: z.number().int().positive().optional(),
  /**
   * Keyset cursor the other way: the `limit` records just newer than this id (still newest
   * first; `nextCursor` null). A window scrolled deep takes its newer rows back with it. Not
   * with `beforeId` (main refuses both).
   */
  afterId: z.number().int().nonnegative().optional(),
  limit: z.number().int().min(1).max(EVENT_PAGE_MAX).default(200),
});
export type EventPageRequest = z.input<typeof eventPageRequestSchema>;

/** A single verdict word (as typed on a command line or in a URL) as the filter field it belongs to. */
export function verdictFilter(word: string): Pick<EventFilter, 'tokenVerdicts' | 'bodyVerdicts'> | null {
  if ((TOKEN_VERDICTS as readonly string[]).includes(word)) return { tokenVerdicts: [word as TokenVerdict] };
  if ((BODY_VERDICTS as readonly string[]).includes(word)) return { bodyVerdicts: [word as BodyVerdict] };
  return null;
}

/** A word the text index holds: the tokenizer (unicode61) keeps letters and digits, and splits on the rest. */
const SEARCHABLE = /[\p{L}\p{N}]/u;

/**
 * The words of a search text as the index can read them: `searched`, and `leftOut`, the words
 * with no letter or digit (an emoji, `*`, `-`), which nothing in the index can match. A view
 * says which were left out (searchWordsLeftOut): dropped without a word, "🎉" read as
 * "nothing stored matches" beside a body that holds it.
 */
export function searchWords(text: string): { searched: string[]; leftOut: string[] } {
  const words = text.split(/\s+/).filter((word) => word !== '');
  return {
    searched: words.filter((word) => SEARCHABLE.test(word)),
    leftOut: words.filter((word) => !SEARCHABLE.test(word)),
  };
}

/** What a search leaves out, in a sentence for the views and the CLI; null when every word is searched. */
export function searchWordsLeftOut(text: string): string | null {
  const { searched, leftOut } = searchWords(text);
  if (leftOut.length === 0) return null;
  const named = [...new Set(leftOut)].map((word) => JSON.stringify(word)).join(', ');
  return searched.length === 0
    ? `Nothing to search for: ${named} has no letter or digit, and the search matches words of letters and digits only (emoji, symbols and punctuation are not indexed).`
    : `Not searched: ${named} (no letter or digit; the search matches words of letters and digits only).`;
}

/**
 * Free text as an FTS5 query: each word becomes a quoted phrase (so `order_captured` or a
 * UUID is matched as the token sequence it is, and FTS syntax typed by a person is never
 * interpreted), all words must match, and the last one matches as a prefix while typing.
 * Words with no letter or digit cannot match anything in the index and are dropped.
 * Returns null when nothing searchable is left. Every other word is kept: the text's 500
 * characters bound them, and a word past a cap, dropped, let records without it match. A
 * word typed twice is asked once.
 */
export function toFtsQuery(text: string): string | null {
  const { searched } = searchWords(text);
  const last = searched.at(-1);
  if (last === undefined) return null;
  const phrase = (word: string) => `"${word.replace(/"/g, '""')}"`;
  const before = [...new Set(searched.slice(0, -1))];
  return [...before.map(phrase), `${phrase(last)}*`].join(' ');
}

/** Whether a filter narrows anything (the timeline's "clear filters" shows only then). */
export function isEmptyFilter(filter: EventFilter): boolean {
  return Object.values(filter).every(
    (value) => value === undefined || (Array.isArray(value) && value.length === 0) || value === '',
  );
}
