import {
  DRAFT_TEXT_MAX,
  type BuilderState,
  type FollowedOrderRef,
  type LastSend,
  type UnansweredSend,
} from '@shared/drafts';
import { BridgeError, errorMessage } from '@bridge/bridge-error';
import type { ConnectionState } from '@bridge/ws-client';
import { builderCalls } from './builder-calls-store';
import { restoredState, savedOf, useBuilderStore, type BuilderStore, type SavedDraft } from './builder-store';
import { builderStateOf, workingCopyOf } from './working-copy-state';
import {
  awaitsWorkingCopyChoice,
  offerKeptApart,
  offerToKeepApart,
  useWorkingCopyOffer,
} from './working-copy-offer';
import { isLargeDocument } from './large-document';
import { useFollowedOrder } from './followed-order';
import { showNotKeptCopy, useNotKeptCopy } from './not-kept-copy';
import { flushRawEdits } from './raw-editor-sync';
import { useSendStore } from './send-store';
import { registerLostOnClose } from '@ui/leave-guard';
import { utf8ByteLength } from '@shared/byte-size';

export { builderStateOf } from './working-copy-state';

export { dismissNotKeptCopy, useNotKeptCopy, type NotKeptCopy } from './not-kept-copy';

/** The placeholder's state when the offer was made: a change from it is the person writing. */
let placeholderState: BuilderState | null = null;

/**
 * Loads the working copy saved last time. One that would take seconds to open (above the large
 * document size) is offered instead: the builder starts empty and says what is waiting, so a
 * document that froze the page once cannot freeze every reload after it.
 */
export async function loadWorkingCopy(): Promise<void> {
  if (useBuilderStore.getState().loaded) return;
  const [state, waiting] = await Promise.all([
    builderCalls.getWorkingCopy(),
    // Not read, it stays where it is in main (no save here touches it): offered at the next load.
    builderCalls.getWaitingCopy().catch(() => null),
  ]);
  // A copy kept apart that is the working copy too (both saved from one document) is no second
  // document: the working copy is offered as it would be alone.
  const apart = waiting !== null && waiting.state.text !== state?.text ? waiting : null;
  // Left, it would come back as a second copy once the working copy moves on.
  if (waiting !== null && apart === null) builderCalls.discardWaitingCopy().catch(() => undefined);
  if (apart !== null) {
    const { saved: waitingSaved } = await draftOfWorkingCopy(apart.state.draftId);
    useWorkingCopyOffer.setState({
      offered: { ...apart.state, saved: waitingSaved },
      kind: apart.kind,
      placeholder: false,
      keptApart: true,
    });
  }
  if (state === null) {
    useBuilderStore.setState({ loaded: true });
    return;
  }
  const { saved, draftUnread } = await draftOfWorkingCopy(state.draftId);
  const options = {
    form: state.form,
    singleCheckout: state.singleCheckout,
    freshReferenceOnSend: state.freshReferenceOnSend,
    lastSend: state.lastSend,
    unansweredSend: state.unansweredSend,
    followedOrder: state.followedOrder,
    guidedOrder: state.guidedOrder,
    // An untouched sample or a request as sent stays replaceable without asking after a reload.
    replaceableText: state.replaceable ? state.text : null,
  };
  restoreLastSend(state.lastSend, state.unansweredSend, state.followedOrder);
  if (state.notKept !== null) showNotKeptCopy(state.notKept, state.text);
  // Its mark stays with it while the notice does (workingCopyOf), so a reload says it again.
  kept = state;
  // With a copy kept apart, the working copy is what was written after it: opened, whatever its
  // size, as it was on screen when the tab went (only one question waits at a time).
  if (apart === null && isLargeDocument(state.text.length)) {
    placeholderState = null;
    useWorkingCopyOffer.setState({ offered: { ...state, saved }, kind: 'from-last-time', placeholder: true });
    useBuilderStore.setState({ ...options, loaded: true });
    placeholderState = builderStateOf(useBuilderStore.getState());
    return;
  }
  useBuilderStore.setState({ ...restoredState(state.text), ...options, saved, draftUnread, loaded: true });
}

/**
 * The draft a restored working copy belongs to. One deleted since (not_found) leaves the document
 * unsaved; any other failure is said, not read as deleted: the copy keeps its draft's id.
 */
async function draftOfWorkingCopy(
  id: number | null,
): Promise<{ saved: SavedDraft | null; draftUnread: { id: number; error: string } | null }> {
  if (id === null) return { saved: null, draftUnread: null };
  try {
    return { saved: savedOf(await builderCalls.getDraft(id)), draftUnread: null };
  } catch (error) {
    if (error instanceof BridgeError && error.code === 'not_found') return { saved: null, draftUnread: null };
    return { saved: null, draftUnread: { id, error: errorMessage(error) } };
  }
}

/**
 * A send made before this page was opened: the response panel says where its answer is, and
 * the order it created is followed again (its lifecycle, the first-run guide), instead of
 * "Nothing sent yet" beside an order that exists.
 */
function restoreLastSend(
  lastSend: LastSend | null,
  unansweredSend: UnansweredSend | null,
  followedOrder: FollowedOrderRef | null,
): void {
  if (lastSend !== null) useSendStore.setState({ restored: lastSend });
  // Made after lastSend, by a page that closed before its answer came.
  if (unansweredSend !== null) useSendStore.setState({ restoredUnanswered: unansweredSend });
  if (followedOrder !== null && useFollowedOrder.getState().order === null)
    useFollowedOrder.getState().follow(followedOrder);
}

const SAVE_DELAY_MS = 300;
/**
 * A long text is written less often: each save serialises and sends the whole text to main
 * (some 80 ms of the page's time for a megabyte), so it waits for a real pause in typing.
 */
const LONG_TEXT_CHARS = 200_000;
const LONG_SAVE_DELAY_MS = 2000;
let saveTimer: ReturnType<typeof setTimeout> | null = null;
let lastSaved: BuilderState | null = null;
/** What the running timer will save: changes that leave it the same (findings) do not postpone it. */
let waiting: BuilderState | null = null;
/**
 * The latest copy under the limit, sent to be kept: what a reopened tab finds while the document
 * is over it, and so what the mark of the newer one is saved beside.
 */
let kept: BuilderState | null = null;
/** The text over the limit whose mark is saved or waiting: other changes (findings) do not redo it. */
let notKeptText: string | null = null;

const sameState = (a: BuilderState | null, b: BuilderState) =>
  a !== null &&
  a.text === b.text &&
  a.form === b.form &&
  a.singleCheckout === b.singleCheckout &&
  a.draftId === b.draftId &&
  a.dirty === b.dirty &&
  a.freshReferenceOnSend === b.freshReferenceOnSend &&
  a.lastSend === b.lastSend &&
  a.unansweredSend === b.unansweredSend &&
  a.followedOrder === b.followedOrder &&
  a.guidedOrder === b.guidedOrder &&
  a.replaceable === b.replaceable &&
  a.notKept === b.notKept;

/**
 * Browser mode: while the tab is disconnected a save cannot reach main, so none is tried; the
 * builder says its edits are not being saved (`unsaved`), and saves the latest copy when the
 * same console answers again. A console that no longer knows the tab (`refused`) never will.
 */
let connection: ConnectionState['status'] = 'open';
const notSavedStatus = () => (connection === 'refused' ? 'signed-out' : 'unsaved');
const disconnected = () => connection === 'closed' || connection === 'refused';

function saveWorkingCopy(snapshot: BuilderState): void {
  saveTimer = null;
  waiting = null;
  lastSaved = snapshot;
  // Over the limit, the older copy stands in, with the newer one's mark: the document on screen
  // stays 'too-large', not saved. (A copy under it may carry a mark too: its notice's.)
  const standIn = notKeptText !== null;
  if (!standIn) kept = snapshot;
  const apart = offerToKeepApart();
  builderCalls
    .saveWorkingCopy(snapshot, apart)
    .then(() => {
      if (apart !== undefined) offerKeptApart(apart);
      if (lastSaved === snapshot && saveTimer === null && !standIn)
        useBuilderStore.setState({ workingCopy: 'saved' });
    })
    .catch(() => {
      // Said, not swallowed: saved again with the next change, or when the connection returns.
      if (lastSaved !== snapshot) return;
      lastSaved = null;
      if (standIn) return;
      if (saveTimer === null) useBuilderStore.setState({ workingCopy: notSavedStatus() });
    });
}

/** Saves the working copy shortly after it changes (one write per pause in typing). */
function saveAfterChange(state: BuilderStore): void {
  if (!state.loaded) return;
  const snapshot = workingCopyOf(state);
  if (awaitsWorkingCopyChoice()) {
    // The placeholder is not saved over the copy offered; what is written over it is, the
    // offered copy kept apart first (a reload lost both the sample taken and the question).
    if (placeholderState === null || sameState(placeholderState, snapshot)) return;
    useWorkingCopyOffer.setState({ placeholder: false });
  }
  if (sameState(lastSaved, snapshot) || (saveTimer !== null && sameState(waiting, snapshot))) return;
  const tooLarge = snapshot.text.length > DRAFT_TEXT_MAX;
  // Set before the timer: the store calls this again from inside setState.
  const status = tooLarge ? 'too-large' : disconnected() ? notSavedStatus() : 'pending';
  if (state.workingCopy !== status) useBuilderStore.setState({ workingCopy: status });
  if (tooLarge) {
    markNotKept(snapshot.text);
    return;
  }
  notKeptText = null;
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = null;
  // Disconnected: nothing can be saved; the connection's return saves the latest copy.
  if (disconnected()) return;
  const delay = snapshot.text.length > LONG_TEXT_CHARS ? LONG_SAVE_DELAY_MS : SAVE_DELAY_MS;
  waiting = snapshot;
  saveTimer = setTimeout(() => saveWorkingCopy(snapshot), delay);
}
useBuilderStore.subscribe(saveAfterChange);

/**
 * The older-copy notice's ×: the copy it describes is saved again without its mark, which a
 * reload would say again otherwise. Over the placeholder, that copy is the one offered, as loaded.
 * A notice that goes with its copy (replaced, or let go) leaves that to the save of what follows.
 */
useNotKeptCopy.subscribe(({ notKept }, previous) => {
  const state = useBuilderStore.getState();
  if (notKept !== null || previous.notKept === null || !state.loaded) return;
  if (!awaitsWorkingCopyChoice()) {
    if (state.text === previous.copyText) saveAfterChange(state);
  } else if (kept !== null && kept.notKept !== null) saveWorkingCopy({ ...kept, notKept: null });
});

/**
 * Main refuses a text that large (drafts hold at most 4 MiB), so the copy a reload or a new tab
 * opens stays the one kept before: saved again with a mark of when the newer one was left and
 * its size, so that tab says the copy it shows is older (a reopened builder showed
 * "SMALL-BEFORE-BIG" as the latest, and the 4.2 MB document typed after it was gone unsaid).
 */
function markNotKept(text: string): void {
  if (notKeptText === text) return;
  // The document under the limit still waiting its delay is the last one to keep: sent now, or the
  // mark went beside the copy before it (a 1.5 MB document pasted over within its 2 s was lost).
  if (saveTimer !== null && waiting !== null && notKeptText === null) {
    clearTimeout(saveTimer);
    saveWorkingCopy(waiting);
  }
  notKeptText = text;
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = null;
  waiting = null;
  if (kept === null || disconnected()) return;
  const marked: BuilderState = {
    ...kept,
    notKept: { at: new Date().toISOString(), bytes: utf8ByteLength(text), characters: text.length },
  };
  waiting = marked;
  saveTimer = setTimeout(() => saveWorkingCopy(marked), LONG_SAVE_DELAY_MS);
}

builderCalls.onConnection((next) => {
  const was = connection;
  connection = next.status;
  const { workingCopy, loaded } = useBuilderStore.getState();
  if (disconnected()) {
    // A save waiting to go would fail: say so now rather than after the next edit.
    if (saveTimer !== null) {
      clearTimeout(saveTimer);
      saveTimer = null;
      waiting = null;
    }
    if (workingCopy === 'pending' || workingCopy === 'unsaved')
      useBuilderStore.setState({ workingCopy: notSavedStatus() });
    return;
  }
  // Back on the same console: after a drop, or a lost sign-in that a new link gave back.
  if (
    next.status === 'open' &&
    (was === 'closed' || was === 'refused') &&
    loaded &&
    (workingCopy === 'unsaved' || workingCopy === 'signed-out')
  )
    saveWorkingCopy(workingCopyOf(useBuilderStore.getState()));
});

// Closing a tab whose edits are not saved: the browser asks first (it cannot save them now). A
// document over the limit is never saved: the tab reopened finds the older copy kept before it.
registerLostOnClose(() => {
  const { workingCopy } = useBuilderStore.getState();
  return workingCopy === 'unsaved' || workingCopy === 'signed-out' || workingCopy === 'too-large';
});

/** Sends the save that waits for its moment now, the raw editor's last keys in it. */
function flushPendingSave(): void {
  flushRawEdits();
  if (saveTimer === null || waiting === null) return;
  clearTimeout(saveTimer);
  // What the timer would save (the raw editor's last keys are in it: the store's change set it),
  // which, over the limit, is the older copy and its mark, not the text main would refuse.
  saveWorkingCopy(waiting);
}

// Closing or reloading right after typing: send what is pending now rather than lose it.
window.addEventListener('pagehide', flushPendingSave);
// Hidden comes first and more surely: a tab switched away from may be discarded, and a browser
// quitting or a window minimised before it ends may never unload the page (typed "-LAST", then
// the browser went: "BASE" after a restart). The document's event reaches the window too.
window.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') flushPendingSave();
});

builderCalls.onPush((event) => {
  if (event.name !== 'drafts.changed') return;
  const { saved, draftUnread } = useBuilderStore.getState();
  // A draft that could not be read, and is now gone: the document is unsaved after all.
  if (draftUnread !== null && !event.payload.drafts.some((draft) => draft.id === draftUnread.id))
    useBuilderStore.setState({ draftUnread: null });
  if (saved === null) return;
  const summary = event.payload.drafts.find((draft) => draft.id === saved.id);
  if (summary === undefined) useBuilderStore.setState({ saved: null });
  else if (summary.name !== saved.name) useBuilderStore.setState({ saved: { ...saved, name: summary.name } });
});
