import { Text } from '@mantine/core';
import { useEffect } from 'react';
import { confirmAction } from './confirm-dialog';

/**
 * Unsent work that leaving the view would throw away: an open request editor whose text was
 * edited registers what it is ("the capture editor") while that holds, and so does a settings
 * form not yet saved ("the profile editor", whose selection change asks too; the settings forms
 * register through UnsavedChanges, which also says it beside their Save); closing or
 * reloading the tab asks too. Every change of view
 * (navigate() in navigation.ts: the shortcuts' and the menu's app-wide defaults, the palette's
 * "Go to" and order entries; and the browser's Back, Forward or a typed address, through the
 * hash's change) goes through leaveViewThen(), which asks first while any is
 * registered, with the console's one confirmation dialog. One owner, so no shortcut or palette
 * entry can close an editor silently, whichever way it was reached.
 */
/** What keeps the edits: a request editor's are sent, a form's saved. */
export type KeptBy = 'sent' | 'saved';
const unsent: { what: string; keptBy: KeptBy }[] = [];
/** True while a confirmed leave runs: the navigation it makes is not asked about again. */
let leaving = false;

/** Registers `what` (e.g. "the capture editor") as unsent work; returns its remover. */
export function registerUnsentWork(what: string, keptBy: KeptBy = 'sent'): () => void {
  // An entry per registration, so two editors naming the same thing are removed one by one.
  const entry = { what, keptBy };
  unsent.push(entry);
  return () => {
    const index = unsent.indexOf(entry);
    if (index !== -1) unsent.splice(index, 1);
  };
}

/**
 * Work that only closing the tab would lose, not leaving the view (the builder's working copy not
 * yet saved lives on in memory across views): each check says whether it holds now.
 */
const lostOnClose: (() => boolean)[] = [];

/** Registers a check of work a closed tab would lose; returns its remover. */
export function registerLostOnClose(holds: () => boolean): () => void {
  lostOnClose.push(holds);
  return () => {
    const index = lostOnClose.indexOf(holds);
    if (index !== -1) lostOnClose.splice(index, 1);
  };
}

// The one listener of closing or reloading the tab (the window, in the desktop app): unsent work
// is lost as leaving the view would lose it, and so is whatever a check above says. The browser
// asks first (the desktop app's main process asks in its place).
window.addEventListener('beforeunload', (event) => {
  if (unsent.length > 0 || lostOnClose.some((holds) => holds())) event.preventDefault();
});

/** While `what` is not null, leaving the view asks first ("Leave <what>?"). */
export function useUnsentWork(what: string | null, keptBy: KeptBy = 'sent'): void {
  useEffect(() => (what === null ? undefined : registerUnsentWork(what, keptBy)), [what, keptBy]);
}

/** True while the question is on screen: a second way out asked meanwhile is not asked again. */
let asking = false;

/** Whether leaving now would ask first (unsent work is registered and no confirmed leave runs). */
export function leavingWouldAsk(): boolean {
  return !leaving && unsent.length > 0;
}

/** Runs `go` (which changes the view) now, or after the user agreed to leave unsent work. */
export function leaveViewThen(go: () => void): void {
  const work = leaving ? undefined : unsent.at(-1);
  if (work === undefined) {
    go();
    return;
  }
  if (asking) return;
  asking = true;
  const { what, keptBy } = work;
  void confirmAction({
    title: `Leave ${what}?`,
    children: (
      <Text size="sm">
        Your edits in {what} are not {keptBy}. Leaving closes it and they are lost; stay to{' '}
        {keptBy === 'sent' ? 'send or copy them' : 'save them'} first.
      </Text>
    ),
    confirmLabel: 'Leave and lose the edits',
    cancelLabel: 'Stay',
    color: 'orange',
  }).then((confirmed) => {
    asking = false;
    if (!confirmed) return;
    leaving = true;
    try {
      go();
    } finally {
      leaving = false;
    }
  });
}
