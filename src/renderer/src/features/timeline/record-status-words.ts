import type { TimelineSummary } from '@shared/events';
import { IMPORTED_NO_ANSWER_WORDS, recordStatus, recordStatusWord } from '@shared/record-status';
import { readableText, statusHue, type SignalHue } from '@ui/readable-colors';

export type StatusFields = Pick<TimelineSummary, 'status' | 'error'> &
  Partial<Pick<TimelineSummary, 'notSent' | 'unanswered' | 'imported'>>;

/**
 * A record's status in words, the same in every view (record-status.ts): the HTTP status, or
 * why there is none (still waiting: `…`; a network error: `failed`; cancelled once sent whole:
 * `unanswered`; a delivery the emulator never sent, or a request the console refused or cancelled
 * before it was written whole: `not sent`), with its colour as CSS
 * (readable-colors.ts). Apart from the badges (record-badges.tsx) so a test can read it. An
 * imported record with no answer in its file reads `no answer`, never `…`: nothing is coming.
 * `why`: a sentence for a tooltip, where the word alone would mislead; null otherwise.
 */
export function statusWords(summary: StatusFields): {
  text: string;
  color: string;
  answered: boolean;
  why: string | null;
} {
  const colored = (text: string, hue: SignalHue, answered: boolean) => ({
    text,
    color: readableText(hue),
    answered,
    why: null,
  });
  const status = recordStatus(summary);
  const text = recordStatusWord(summary);
  switch (status.kind) {
    case 'answered':
      return colored(text, statusHue(status.status), true);
    case 'failed':
      return colored(text, 'red', false);
    // No failure of the network, and maybe carried out: a warning's colour, not an error's.
    case 'unanswered':
      return colored(text, 'orange', false);
    case 'waiting':
      return dimmed(text);
    // An import with no answer in its file: recordStatusWord's `no answer`, the shared sentence
    // (record-status.ts) as its why, as `history` and the detail's answer line say them.
    case 'no_answer_imported':
      return { ...dimmed(text), why: IMPORTED_NO_ANSWER_WORDS };
    // An outcome, not a hint: dimmed, it read faint beside the statuses in their hues (History in
    // the dark, t74). The page's text colour, and no hue: nothing went, so nothing failed.
    case 'not_sent':
      return { text, color: 'var(--mantine-color-text)', answered: false, why: null };
  }
}

const dimmed = (text: string) => ({
  text,
  color: 'var(--mantine-color-dimmed)',
  answered: false,
  why: null,
});
