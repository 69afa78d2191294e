import { create } from 'zustand';
import type { BuilderState } from '@shared/drafts';
import { useBuilderStore } from './builder-store';

/** A newer, larger document that the tab held and did not keep: when, and its size in bytes. */
export type NotKeptCopy = NonNullable<BuilderState['notKept']>;

interface NotKeptState {
  notKept: NotKeptCopy | null;
  /** The older copy's text: the document the notice describes, on screen or offered. */
  copyText: string | null;
}

/**
 * Said in the tab that opens the older copy kept instead (document-notices.tsx): without it the
 * builder showed that copy as if it were the latest. It speaks of that copy, so it stays only
 * while the copy is on screen or still offered: it stayed, the same words, above a document
 * typed after it and after sends, and only its × removed it.
 */
export const useNotKeptCopy = create<NotKeptState>(() => ({ notKept: null, copyText: null }));

export function showNotKeptCopy(notKept: NotKeptCopy, copyText: string): void {
  useNotKeptCopy.setState({ notKept, copyText });
}

/**
 * The mark to save with `text` as the working copy: the notice's while it describes that copy,
 * so every reload says it again until the copy is replaced or the notice dismissed (a reload
 * after the first dropped it, and showed the older copy as the latest). Compares the texts only
 * while a notice is shown, which the first change away from its copy ends.
 */
export function notKeptMarkOf(text: string): NotKeptCopy | null {
  const { notKept, copyText } = useNotKeptCopy.getState();
  return notKept !== null && copyText === text ? notKept : null;
}

/** Its ×, and the copy it describes let go (Start with an empty document). */
export function dismissNotKeptCopy(): void {
  useNotKeptCopy.setState({ notKept: null, copyText: null });
}

// A document other than the older copy on screen (typed, pasted, a sample, a draft, a fresh
// reference written at a send) replaces it. Open it puts the copy itself there, which keeps it.
useBuilderStore.subscribe((state, previous) => {
  if (state.text === previous.text) return;
  const { notKept, copyText } = useNotKeptCopy.getState();
  if (notKept !== null && state.text !== copyText) dismissNotKeptCopy();
});
