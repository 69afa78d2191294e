import { errorMessage, failureTitle, liveConfirmationChanged } from '@bridge/bridge-error';

/** Why the last send went nowhere (or may have gone), as the Response tab says it. */
export interface SendFailure {
  title: string;
  /** What went wrong in full; null when the title says it all. */
  words: string | null;
  /** Stopped by the person at the keyboard: said calmly, not in red. */
  byChoice: boolean;
}

/** A send stopped before it went, for `words`: titled "Not sent" (or "No answer" when it may have gone). */
export function failedWith(words: string): SendFailure {
  return { title: failureTitle(words), words, byChoice: false };
}

/** The live dialog answered Cancel (or closed): nothing went, as asked. */
export const LIVE_CONFIRMATION_CANCELLED: SendFailure = {
  title: 'Not sent: the live confirmation was cancelled',
  words: null,
  byChoice: true,
};

/**
 * What a failed send call says: main's refusal of a live yes that no longer stands is named as
 * such, above main's words for what changed (its address, or its token); anything else as it came.
 */
export function sendFailureOf(error: unknown): SendFailure {
  const words = errorMessage(error);
  return liveConfirmationChanged(error)
    ? {
        title: "Not sent: the profile's address or token changed since you confirmed; confirm again",
        words,
        byChoice: false,
      }
    : failedWith(words);
}
