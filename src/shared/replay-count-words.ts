import { formatCount } from './count-format';
import { NOT_SENT_WORD, recordStatusWord } from './record-status';
import type { ReplayProgress } from './replay';

// A replay run's counts and causes in words: one owner for the Replay view's progress and the
// `replay` command's summary, so both say the same thing the same way.

export interface ReplayCountPart {
  count: number;
  /** The word its records read (record-status.ts): `failed`, `unanswered` or `not sent`. */
  word: string;
  kind: 'failed' | 'unanswered' | 'not_sent';
}

type CountedProgress = Pick<ReplayProgress, 'failures' | 'unanswered' | 'notSent'>;

/**
 * A run's counts in the words of its records, for the Replay view and the CLI: a send cancelled
 * once sent whole read `unanswered` on its record and "1 failed" in the run's summary. Failed is
 * said when some failed or nothing else is counted (`0 failed`); unanswered and not sent only
 * when some were. Not sent is apart from failed: nothing left, no connection was tried.
 */
export function replayCountParts(progress: CountedProgress): ReplayCountPart[] {
  const failed = recordStatusWord({ status: null, error: '', unanswered: false });
  const unanswered = recordStatusWord({ status: null, error: '', unanswered: true });
  const parts: ReplayCountPart[] = [];
  if (progress.failures > 0 || (progress.unanswered === 0 && progress.notSent === 0))
    parts.push({ count: progress.failures, word: failed, kind: 'failed' });
  if (progress.unanswered > 0)
    parts.push({ count: progress.unanswered, word: unanswered, kind: 'unanswered' });
  if (progress.notSent > 0) parts.push({ count: progress.notSent, word: NOT_SENT_WORD, kind: 'not_sent' });
  return parts;
}

/** The counts as one phrase: `1 unanswered`, `2 failed, 1 unanswered`, `1 not sent`, `0 failed`. */
export function replayCountWords(progress: CountedProgress): string {
  return replayCountParts(progress)
    .map((part) => `${part.count} ${part.word}`)
    .join(', ');
}

/**
 * How far a run got, in the Replay view and the CLI alike: `3 of 5 done`. Done, not sent: a
 * send refused or cancelled before anything left is done too (its record written), and the
 * counts say which were not sent.
 */
export function replayDoneWords(progress: Pick<ReplayProgress, 'done' | 'total'>): string {
  return `${formatCount(progress.done)} of ${formatCount(progress.total)} done`;
}

/**
 * How many of the total went, the Replay view's headline: `0 of 1 sent` for a run whose one send
 * was refused before it left, beside `1 not sent`. Sent is written whole to the target, answered
 * or not: a send the network refused is counted failed and not sent.
 */
export function replaySentWords(progress: Pick<ReplayProgress, 'sent' | 'total'>): string {
  return `${formatCount(progress.sent)} of ${formatCount(progress.total)} sent`;
}

/** A count's causes (error lines of its records), by the count's kind. */
export function replayCausesOf(
  progress: Pick<ReplayProgress, 'causes' | 'unansweredCauses' | 'notSentCauses'>,
  kind: ReplayCountPart['kind'],
): string[] {
  if (kind === 'unanswered') return progress.unansweredCauses;
  if (kind === 'not_sent') return progress.notSentCauses;
  return progress.causes;
}

/**
 * The CLI's lines of causes, each under the word its count reads (`failed: …`, `not sent: …`).
 * A refusal's own line already begins "Not sent:" (network-failure.ts), so it is not said twice.
 */
export function replayCauseLines(
  progress: CountedProgress & Pick<ReplayProgress, 'causes' | 'unansweredCauses' | 'notSentCauses'>,
): string[] {
  return replayCountParts(progress).flatMap((part) =>
    replayCausesOf(progress, part.kind).map((cause) => {
      const said = `${part.word}: `;
      const rest = cause.toLowerCase().startsWith(said) ? cause.slice(said.length) : cause;
      return `${said}${rest}`;
    }),
  );
}
