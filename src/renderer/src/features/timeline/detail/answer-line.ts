import type { TimelineDetail } from '@shared/events';
import { IMPORTED_NO_ANSWER_WORDS, notSentLine, recordStatus } from '@shared/record-status';

/**
 * The line under a request's outcome when nothing else (a failure, the service's error, a
 * problem with the answer) says more: answered, or none yet. An imported record's "none yet" is
 * the exporting console's, as it wrote it: this console waits for nothing, and "Waiting for the
 * answer…" read as if it did.
 */
export function answerLine(detail: Pick<TimelineDetail, 'status' | 'imported'>, ok: boolean): string {
  if (detail.status !== null) return ok ? 'Answered successfully.' : `Answered ${detail.status}.`;
  return detail.imported ? IMPORTED_NO_ANSWER_WORDS : 'Waiting for the answer…';
}

type NoAnswerFields = Pick<TimelineDetail, 'status' | 'error' | 'notSent' | 'imported'>;

/**
 * Whether a record is an import its file left waiting (no answer, no failure): the header reads
 * `no answer` and the Overview of a notification says why, as a request's answer line does.
 */
export function importedWithoutAnswer(detail: NoAnswerFields): boolean {
  return recordStatus(detail).kind === 'no_answer_imported';
}

/**
 * The Response tab of a record that stored no answer: why none, never "No answer yet." of an
 * import (the header said `no answer`, the tab as if this console were still waiting).
 */
export function noResponseLine(detail: NoAnswerFields): string {
  const read = recordStatus(detail);
  switch (read.kind) {
    case 'not_sent':
      return notSentLine(detail.error, read.why);
    case 'no_answer_imported':
      return IMPORTED_NO_ANSWER_WORDS;
    case 'waiting':
      return 'No answer yet.';
    case 'answered':
    case 'failed':
    case 'unanswered':
      return `No answer: ${detail.error ?? 'none stored'}`;
  }
}
