import type { TimelineSummary } from '../../../shared/events';
import { IMPORTED_NO_ANSWER_WORD, NOT_SENT_WORDS, recordStatus } from '../../../shared/record-status';
import { listenField } from './listen-field';

/**
 * Why a forward never left, said once: a refused forward's stored error is the whole sentence
 * `Not forwarded to <url>: <reason>` (forward-webhook.ts), and the line names the URL already.
 * Whether it left is the record's own status, never read from these words.
 */
function notForwardedReason(summary: TimelineSummary, why: keyof typeof NOT_SENT_WORDS): string {
  if (summary.error === null) return NOT_SENT_WORDS[why];
  const said = `Not forwarded to ${summary.url ?? ''}: `;
  return summary.error.startsWith(said) ? summary.error.slice(said.length) : summary.error;
}

/**
 * A forward's line under its webhook's, by what its record says became of it (record-status.ts):
 * `forwarded` only for one that went out (answered, or sent whole and unanswered); one that
 * failed on the way says `failed`, and one refused by its guard, held or cancelled before it
 * left says `not forwarded`.
 */
export function forwardLine(summary: TimelineSummary): string {
  const webhook = `#${summary.relatedId ?? '?'}`;
  const target = listenField(summary.url);
  const read = recordStatus(summary);
  switch (read.kind) {
    case 'not_sent':
      return `  not forwarded ${webhook} to ${target}: ${listenField(notForwardedReason(summary, read.why))}\n`;
    case 'failed':
      return `  forward ${webhook} to ${target} failed: ${listenField(summary.error)}\n`;
    case 'waiting':
      return `  forwarded ${webhook} to ${target}: no answer yet\n`;
    case 'no_answer_imported':
      return `  forwarded ${webhook} to ${target}: ${IMPORTED_NO_ANSWER_WORD} in the imported file\n`;
    case 'unanswered':
      return `  forwarded ${webhook} to ${target}: ${listenField(summary.error)}\n`;
    case 'answered':
      return `  forwarded ${webhook} to ${target}: ${
        // A 500 or a redirect is a forward its target did not take: its error says so.
        summary.error === null
          ? `${read.status} in ${Math.round(summary.durationMs ?? 0)} ms`
          : listenField(summary.error)
      }\n`;
  }
}
