import { create } from 'zustand';
import type { BuilderState, WaitingWorkingCopy } from '@shared/drafts';
import { builderCalls } from './builder-calls-store';
import { restoredState, useBuilderStore, type SavedDraft } from './builder-store';
import { dismissNotKeptCopy } from './not-kept-copy';
import { flushRawEdits } from './raw-editor-sync';
import { builderStateOf } from './working-copy-state';

/**
 * A working copy waiting for the person to open it or let it go: the large one left from last
 * time, or the document the editor held when that one was opened in its place.
 */
export interface OfferState {
  offered: (BuilderState & { saved: SavedDraft | null }) | null;
  kind: WaitingWorkingCopy['kind'];
  /** The editor holds the placeholder (`{}`) put there while the offer waits, nothing written since. */
  placeholder: boolean;
  /**
   * Main has acknowledged a save of the working copy that kept the offered copy under its own
   * key. Until then, each save carries it (offerToKeepApart): a save alone would replace it
   * where it was stored.
   */
  keptApart: boolean;
}
export const useWorkingCopyOffer = create<OfferState>(() => ({
  offered: null,
  kind: 'from-last-time',
  placeholder: false,
  keptApart: false,
}));

/**
 * While the offer waits over the placeholder, the builder holds `{}`, not the person's document:
 * nothing that judges the document (Findings, its counts, the raw editor's marks) says a verdict
 * on it until they choose or write something of their own there.
 */
export const awaitsWorkingCopyChoice = (state: OfferState = useWorkingCopyOffer.getState()): boolean =>
  state.offered !== null && state.placeholder;

/**
 * Opens the offered working copy after all. Over the placeholder it simply takes its place; over
 * a document written since (or opened before), that document is offered back in its stead and
 * kept apart as the offered one was: opening one copy never drops the other.
 */
export function openOfferedWorkingCopy(): void {
  // The raw editor's last keys belong to the document offered back, not to the one opened.
  flushRawEdits();
  const { offered, kind, placeholder, keptApart } = useWorkingCopyOffer.getState();
  if (offered === null) return;
  if (placeholder) {
    useWorkingCopyOffer.setState({ offered: null, placeholder: false, keptApart: false });
    if (keptApart) forgetKeptApart();
  } else {
    const current = useBuilderStore.getState();
    useWorkingCopyOffer.setState({
      offered: { ...builderStateOf(current), saved: current.saved },
      kind: kind === 'from-last-time' ? 'held-instead' : 'from-last-time',
      placeholder: false,
      keptApart: false,
    });
  }
  // The store's change saves the opened copy as the working copy, the one offered apart first.
  useBuilderStore.setState({
    ...restoredState(offered.text),
    form: offered.form,
    singleCheckout: offered.singleCheckout,
    saved: offered.saved,
  });
}

/**
 * Leaves the offered working copy closed. Over the placeholder, the next save replaces it; one
 * kept apart (something was written since) is removed: the person said to discard it.
 */
export function declineOfferedWorkingCopy(): void {
  const { placeholder } = useWorkingCopyOffer.getState();
  useWorkingCopyOffer.setState({ offered: null, placeholder: false, keptApart: false });
  // Over the placeholder, the copy declined is the older copy the notice speaks of, if any.
  if (placeholder) dismissNotKeptCopy();
  // Over a written document, a save may have carried it, acknowledged or not yet.
  if (!placeholder) forgetKeptApart();
}

function forgetKeptApart(): void {
  // Left in main, it is offered again after a reload: not lost, asked about once more.
  builderCalls.discardWaitingCopy().catch(() => undefined);
}

/**
 * The offered copy, for the working copy's save to carry until main has acknowledged one that
 * did: main keeps it in the same transaction as that save. Kept apart by a call of its own, it
 * was lost under load: as a large input it went as an upload in parts, and the working copy's
 * small save reached main first (or alone, the page reloaded meanwhile) and replaced it.
 */
export function offerToKeepApart(): WaitingWorkingCopy | undefined {
  const { offered, kind, keptApart } = useWorkingCopyOffer.getState();
  if (offered === null || keptApart) return undefined;
  const { saved: _saved, ...state } = offered;
  return { kind, state };
}

/** A save carrying `waiting` was acknowledged: the saves after it need not carry it again. */
export function offerKeptApart(waiting: WaitingWorkingCopy): void {
  const { offered, kind } = useWorkingCopyOffer.getState();
  if (offered !== null && kind === waiting.kind && offered.text === waiting.state.text)
    useWorkingCopyOffer.setState({ keptApart: true });
}
