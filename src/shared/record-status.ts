import type { TimelineSummary } from './events';
import { notSentFailure, sentUnanswered } from './merchant-api';

/**
 * A record's status in words, the one reading for every list: the Timeline's rows and detail,
 * the command palette and `history`. A dropped notification read "failed" on the Timeline and
 * in `history`, "no answer, so no arrival" on its row, and "never sent" in `orders show`: it was
 * never sent, so it has no answer and no failure to report.
 */

export type NotSent = NonNullable<TimelineSummary['notSent']>;

/**
 * Whether a delivery's details say it never went out (webhook-dispatcher.ts writes them): the
 * stored flag the summary's `notSent` is read from, in SQL and here alike.
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
 * Whether a request's record says nothing of it left (merchant-api.ts NOT_SENT_KINDS: refused
 * by the console, as a CONNECT is, or cancelled before it was written whole, in
 * `details.failure`). Its record reads `failed`; a replay run counts it `not sent`.
 */
export function refusedBeforeSending(
  status: number | null,
  error: string | null,
  details: Readonly<Record<string, unknown>> | undefined,
): boolean {
  if (status !== null || error === null) return false;
  const failure = details?.['failure'];
  return typeof failure === 'object' && failure !== null && notSentFailure(failure);
}

export type RecordStatus =
  | { kind: 'answered'; status: number }
  /** Sent, its answer still awaited. */
  | { kind: 'waiting' }
  /** Sent, and no answer came (a network error, a timeout). */
  | { kind: 'failed' }
  /** Sent whole, then no answer (cancelled, timed out, cut off): the service may have carried it out. */
  | { kind: 'unanswered' }
  /** Never sent (an emulator delivery it dropped or had nowhere to send). */
  | { kind: 'not_sent'; why: NotSent };

type StatusFields = Pick<TimelineSummary, 'status' | 'error'> &
  Partial<Pick<TimelineSummary, 'notSent' | 'unanswered'>>;

export function recordStatus(summary: StatusFields): RecordStatus {
  if (summary.notSent !== undefined && summary.notSent !== null)
    return { kind: 'not_sent', why: summary.notSent };
  if (summary.status !== null) return { kind: 'answered', status: summary.status };
  if (summary.error === null) return { kind: 'waiting' };
  return summary.unanswered === true ? { kind: 'unanswered' } : { kind: 'failed' };
}

/** The word of a record never sent, and of a replay run's count of sends of which nothing left. */
export const NOT_SENT_WORD = 'not sent';

/** The status column's word: `200`, `…` (waiting), `failed`, `unanswered`, `not sent`. */
export function recordStatusWord(summary: StatusFields, waiting = '…'): string {
  const read = recordStatus(summary);
  switch (read.kind) {
    case 'answered':
      return String(read.status);
    case 'waiting':
      return waiting;
    case 'failed':
      return 'failed';
    case 'unanswered':
      return 'unanswered';
    case 'not_sent':
      return NOT_SENT_WORD;
  }
}

/** Why a delivery never went out, in a sentence's words: `never sent (dropped)`. */
export const NOT_SENT_WORDS: Record<NotSent, string> = {
  dropped: 'never sent (dropped)',
  unsent: 'never sent (nowhere to send it)',
};
