import type { BuilderState } from '@shared/drafts';
import { selectDirty, selectReplaceable, type useBuilderStore } from './builder-store';
import { notKeptMarkOf } from './not-kept-copy';

/** What is saved for a restart: the working copy and the draft it belongs to. */
export function builderStateOf(state: ReturnType<typeof useBuilderStore.getState>): BuilderState {
  return {
    form: state.form,
    singleCheckout: state.singleCheckout,
    text: state.text,
    // A draft that could not be read is still the one this copy belongs to: a reload tries again.
    draftId: state.saved?.id ?? state.draftUnread?.id ?? null,
    dirty: selectDirty(state),
    freshReferenceOnSend: state.freshReferenceOnSend,
    lastSend: state.lastSend,
    unansweredSend: state.unansweredSend,
    followedOrder: state.followedOrder,
    guidedOrder: state.guidedOrder,
    replaceable: selectReplaceable(state),
    notKept: null,
  };
}

/**
 * The document on screen as its working copy is saved: with the older-copy notice's mark while
 * that notice describes it, so that a reload says it again (not-kept-copy.ts).
 */
export function workingCopyOf(state: ReturnType<typeof useBuilderStore.getState>): BuilderState {
  const snapshot = builderStateOf(state);
  const notKept = notKeptMarkOf(snapshot.text);
  return notKept === null ? snapshot : { ...snapshot, notKept };
}
