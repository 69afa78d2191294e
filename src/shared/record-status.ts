import type { TimelineSummary } from './events';
import { sentUnanswered, type ForwardRefusalKind, type NotSentKind } from './merchant-api';

/**
 * A record's status in words, the one reading for every list: the Timeline's rows and detail,
 * the command palette and `history`. A dropped notification read "failed" on the Timeline and
 * in `history`, "no answer, so no arrival" on its row, and "never sent" in `orders show`: it was
 * never sent, so it has no answer and no failure to report.
 */

export type NotSent = NonNullable<TimelineSummary['notSent']>;

/**
 * Whether a delivery's details say it never went out (webhook-dispatcher.ts writes them): the
 * stored flag a delivery's `notSent` is read from, in SQL and here alike (recordNotSentOf).
 */
export function notSentOf(details: Readonly<Record<string, unknown>> | undefined): NotSent | null {
  if (details?.['dropped'] === true) return 'dropped';
  if (details?.['unsent'] === true) return 'unsent';
  return null;
}

/**
 * Whether a request was written whole and then got no answer (network-failure.ts's
 * cancelled_after_sending, timeout_after_sending or reset_after_sending, in `details.failure`;
 * merchant-api.ts SENT_UNANSWERED_KINDS): the service may have carried it out, so it is
 * `unanswered`, never `failed`. Migration 042's column reads the same fields in SQL.
 */
export function unansweredOf(
  status: number | null,
  error: string | null,
  details: Readonly<Record<string, unknown>> | undefined,
): boolean {
  if (status !== null || error === null) return false;
  const failure = details?.['failure'];
  return typeof failure === 'object' && failure !== null && sentUnanswered(failure);
}

/**
 * Why a request of which nothing left was not sent, by its failure's kind (merchant-api.ts
 * NOT_SENT_KINDS, and FORWARD_REFUSAL_KINDS: a forward its guard refused is refused by the
 * console as a CONNECT replay is). The summary's SELECT (event-column-sql.ts) is written from this
 * table, so the SQL and this file read the same kinds as the same whys. Read, never stored: a
 * forward refused before this table named its kinds reads so too, its record as it was written.
 */
export const NOT_SENT_WHY_OF_FAILURE = {
  not_sent: 'refused_by_console',
  cancelled: 'cancelled',
  self: 'refused_by_console',
  loop: 'refused_by_console',
  live: 'refused_by_console',
} as const satisfies Record<NotSentKind | ForwardRefusalKind, NotSent>;

/** The why NOT_SENT_WHY_OF_FAILURE gives a stored failure's kind, or null for any other kind. */
function notSentWhyOfKind(kind: unknown): NotSent | null {
  for (const [known, why] of Object.entries(NOT_SENT_WHY_OF_FAILURE)) if (known === kind) return why;
  return null;
}

/**
 * Why a request's record says nothing of it left (refused by the console, as a CONNECT is, or
 * cancelled before it was written whole, in `details.failure`), or null: it may have gone.
 */
export function notSentFailureOf(
  status: number | null,
  error: string | null,
  details: Readonly<Record<string, unknown>> | undefined,
): NotSent | null {
  if (status !== null || error === null) return null;
  const failure = details?.['failure'];
  if (typeof failure !== 'object' || failure === null) return null;
  return notSentWhyOfKind((failure as { kind?: unknown }).kind);
}

/** Whether nothing of a request left: its record reads `not sent`, and a replay run counts it so. */
export function refusedBeforeSending(
  status: number | null,
  error: string | null,
  details: Readonly<Record<string, unknown>> | undefined,
): boolean {
  return notSentFailureOf(status, error, details) !== null;
}

/**
 * Whether a record never went out, and why: a delivery by its emulator's flags (notSentOf), then
 * any record by its failure (notSentFailureOf: a delivery's attempt cancelled by a stop before it
 * was written is not sent, as any request so cancelled is). The summary's `not_sent` column reads
 * the same.
 */
export function recordNotSentOf(record: {
  kind: string;
  status: number | null;
  error: string | null;
  details: Readonly<Record<string, unknown>> | undefined;
}): NotSent | null {
  const flagged = record.kind === 'delivery' ? notSentOf(record.details) : null;
  return flagged ?? notSentFailureOf(record.status, record.error, record.details);
}

export type RecordStatus =
  | { kind: 'answered'; status: number }
  /** Sent, its answer still awaited. */
  | { kind: 'waiting' }
  /**
   * Imported while its exporting console still waited: this console waits for nothing (the
   * interrupted sweep leaves imports alone), so it is never read as a wait anywhere.
   */
  | { kind: 'no_answer_imported' }
  /** Sent, and no answer came (a network error, a timeout). */
  | { kind: 'failed' }
  /** Sent whole, then no answer (cancelled, timed out, cut off): the service may have carried it out. */
  | { kind: 'unanswered' }
  /**
   * Never sent: an emulator delivery it dropped or had nowhere to send, or a request (a forward,
   * a delivery's attempt) refused by the console or cancelled before it was written whole.
   */
  | { kind: 'not_sent'; why: NotSent };

type StatusFields = Pick<TimelineSummary, 'status' | 'error'> &
  Partial<Pick<TimelineSummary, 'notSent' | 'unanswered' | 'imported'>>;

export function recordStatus(summary: StatusFields): RecordStatus {
  if (summary.notSent !== undefined && summary.notSent !== null)
    return { kind: 'not_sent', why: summary.notSent };
  if (summary.status !== null) return { kind: 'answered', status: summary.status };
  if (summary.error === null)
    return summary.imported === true ? { kind: 'no_answer_imported' } : { kind: 'waiting' };
  return summary.unanswered === true ? { kind: 'unanswered' } : { kind: 'failed' };
}

/** The word of a record never sent, and of a replay run's count of sends of which nothing left. */
export const NOT_SENT_WORD = 'not sent';

/**
 * The word of an imported record that was still waiting for its answer when its file was
 * exported: this console waits for nothing (the interrupted sweep leaves imports alone), so it
 * is never said as a wait (`…`, `-`, `waiting`). The Timeline's row, `history`'s table and
 * `--json`'s `status_word`, and an export's, say it.
 */
export const IMPORTED_NO_ANSWER_WORD = 'no answer';

/** Why, in a sentence: the Timeline row's tooltip and its detail's answer line. */
export const IMPORTED_NO_ANSWER_WORDS =
  'No answer in the imported file: the console that recorded it had none yet when it exported.';

/**
 * The status column's word: `200`, `…` (waiting; each view its own blank), `failed`,
 * `unanswered`, `not sent`, and `no answer` for an import still waiting in its file.
 */
export function recordStatusWord(summary: StatusFields, waiting = '…'): string {
  const read = recordStatus(summary);
  switch (read.kind) {
    case 'answered':
      return String(read.status);
    case 'waiting':
      return waiting;
    case 'no_answer_imported':
      return IMPORTED_NO_ANSWER_WORD;
    case 'failed':
      return 'failed';
    case 'unanswered':
      return 'unanswered';
    case 'not_sent':
      return NOT_SENT_WORD;
  }
}

/** Why a record never went out, in a sentence's words: `never sent (dropped)`. */
export const NOT_SENT_WORDS: Record<NotSent, string> = {
  dropped: 'never sent (dropped)',
  unsent: 'never sent (nowhere to send it)',
  refused_by_console: 'never sent (refused by the console)',
  cancelled: 'never sent (cancelled before it was sent whole)',
};

/**
 * A record never sent, in its detail's one line: its error as stored, said `Not sent:` once (a
 * refused CONNECT's error already begins so, a refused forward's `Not forwarded`), or its why
 * when it stored no error.
 */
export function notSentLine(error: string | null, why: NotSent): string {
  const reason = error ?? NOT_SENT_WORDS[why];
  // A refused forward's error begins `Not forwarded to …`: it says so already.
  return /^not (sent|forwarded)\b/i.test(reason) ? reason : `Not sent: ${reason}`;
}
