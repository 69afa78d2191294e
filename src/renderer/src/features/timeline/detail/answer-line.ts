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
  return detail.imported && recordStatus(detail).kind === 'waiting';
}

/**
 * The Response tab of a record that stored no answer: why none, never "No answer yet." of an
 * import (the header said `no answer`, the tab as if this console were still waiting).
 */
export function noResponseLine(detail: NoAnswerFields): string {
  if (detail.notSent !== null) return notSentLine(detail.error, detail.notSent);
  if (detail.error !== null) return `No answer: ${detail.error}`;
  return detail.imported ? IMPORTED_NO_ANSWER_WORDS : 'No answer yet.';
}
