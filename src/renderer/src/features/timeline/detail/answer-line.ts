import type { TimelineDetail } from '@shared/events';
import { IMPORTED_NO_ANSWER_WORDS } from '@shared/record-status';

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
