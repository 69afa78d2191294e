import type { TimelineSummary } from '../../../shared/events';
import { bodyVerdictLabel, tokenVerdictLabel } from '../../../shared/jwt/token-verdict-meaning';
import { namedOrdersWords } from '../../../shared/named-orders-words';
import { whoseWord } from '../../../shared/provenance';
import { isUnreadRequest, NOT_JUDGED } from '../../../shared/raw-request';
import { recordStatus } from '../../../shared/record-status';
import { listenField } from './listen-field';

/**
 * One line per webhook: time, method, path, token verdict, body verdict, event type, order id,
 * status answered, and whose it was (history's WHOSE) unless the service's, verified.
 */
export function formatWebhookLine(summary: TimelineSummary): string {
  // Bytes the listener could not read as HTTP: not judged, said so (never `token=-  body=-`).
  const unread = isUnreadRequest(summary);
  return [
    summary.at,
    listenField(summary.method),
    listenField(summary.path),
    // With its warnings, as the window labels it: a token sent in one place only is not clean.
    `token=${unread ? NOT_JUDGED : summary.tokenVerdict === null ? '-' : tokenVerdictLabel(summary.tokenVerdict, summary.tokenFindings?.length ?? null)}`,
    // With its findings, as the window labels it: an empty body or an event with errors
    // must not read as clean here either.
    `body=${unread ? NOT_JUDGED : summary.bodyVerdict === null ? '-' : bodyVerdictLabel(summary.bodyVerdict, summary.bodyFindings)}`,
    listenField(summary.eventType),
    // As history's ORDER says it: the order filed under, then `+1` and the first a body giving
    // order_id twice names (shown as the last alone, the order a first-keeping parser acts on
    // was dropped).
    [listenField(summary.orderId), namedOrdersWords(summary).mark, summary.firstNamedOrderId]
      .filter((part) => part !== null)
      .map(listenField)
      .join(' '),
    // The status answered, only once it went out: an answer waiting out the response delay is
    // said waiting, and its own line follows (answerLine).
    ...answerMark(summary),
    // history's WHOSE word: a replay, a crafted token or a forwarded copy is the console's doing,
    // and a webhook whose token did not verify is `unverified` (anyone can post to the port).
    // Only the service's verified own goes unmarked: a line has no column to fill.
    ...whoseMark(summary),
  ].join('  ');
}

function answerMark(summary: TimelineSummary): string[] {
  if (summary.status !== null) return [`-> ${summary.status}`];
  return recordStatus(summary).kind === 'waiting' ? [`-> waiting #${summary.id}`] : [];
}

/** How a webhook's answer that waited out the delay ended: the status that went out, or why none did. */
export function answerLine(summary: TimelineSummary): string {
  const outcome =
    summary.status === null
      ? `not answered: ${listenField(summary.error)}`
      : `-> ${summary.status} after ${Math.round(summary.durationMs ?? 0)} ms`;
  return `  #${summary.id} ${outcome}\n`;
}

function whoseMark(summary: TimelineSummary): string[] {
  const word = whoseWord(summary);
  return word === 'service' ? [] : [word];
}
