import type { OutboxRow } from '../store/emulator-outbox-repository';

/** What became of the notification of a customer's move, as the outbox says now. */
export interface NotificationState {
  /** `order_approved queued for http://…`, `order_approved not sent: …`, `… delivered to …`. */
  words: string;
  /** Whether an attempt is still to come (queued, held, or retrying). */
  pending: boolean;
  /** The first row's status, or null when the outbox has none for it. */
  status: OutboxRow['status'] | null;
}

/** The answer an attempt got, in words: `answered 403`, or the network failure's own words. */
const answerOf = (row: OutboxRow): string =>
  row.lastStatus !== null ? `answered ${row.lastStatus}` : (row.lastError ?? 'no answer');

/** One outbox row's state, after its event type. */
function rowWords(row: OutboxRow): string {
  const to = row.url ?? '';
  const tries = `${row.attempts}/${row.maxAttempts}`;
  switch (row.status) {
    case 'unsent':
      // The dispatcher's own reason ("Not sent: the notification URL … is not an http:// …").
      return `not sent: ${(row.lastError ?? 'it had nowhere to go').replace(/^Not sent: /, '')}`;
    case 'dropped':
      return `dropped by the Drop fault: never sent to ${to}`;
    case 'delivered':
      return `delivered to ${to} (${answerOf(row)}, attempt ${tries})`;
    case 'failed':
      return row.attempts === 0
        ? `not delivered to ${to}: ${row.lastError ?? 'given up before its first attempt'}`
        : `not delivered to ${to}: gave up after attempt ${tries} (${answerOf(row)})`;
    case 'pending':
      if (row.attempts > 0) return `to ${to}: attempt ${tries} ${answerOf(row)}; it is tried again`;
      return row.heldForNext
        ? `queued for ${to}, held by the Out of order fault until the order's next notification`
        : `queued for ${to}`;
  }
}

/**
 * The one wording of where a customer's notification stands (the merchant landing page and
 * `emulator pay|decline|expire` alike), read from its outbox rows as they are when asked: a
 * notification dropped by a fault, never sendable, delivered or given up is said so, never
 * "queued". `eventType`'s rows oldest first; a second is the Duplicate fault's copy.
 */
export function notificationState(eventType: string, rows: readonly OutboxRow[]): NotificationState {
  const [first, ...copies] = rows;
  if (first === undefined)
    return {
      words: `${eventType} has nowhere to go (no notification URL, no registered webhook for it): recorded as not sent`,
      pending: false,
      status: null,
    };
  const duplicate = copies.map((copy) => `; its duplicate (Duplicate fault) ${rowWords(copy)}`).join('');
  return {
    words: `${eventType} ${rowWords(first)}${duplicate}`,
    pending: rows.some((row) => row.status === 'pending'),
    status: first.status,
  };
}
