import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for production, orange for a risky but local action. */
  color: 'red' | 'orange' | 'blue';
  /**
   * Closes the dialog, answered as closed, when it aborts: the question no longer stands (the
   * view it was asked for has been left), and left open it would sit over another view.
   */
  withdrawn?: AbortSignal;
}

/** Which way a confirmation went: its confirm button, its cancel button, or closed (Escape, ×). */
export type ConfirmChoice = 'confirm' | 'cancel' | 'closed';

/** How many confirmations are on screen (one may be asked over another's editor). */
let openConfirmations = 0;

/**
 * Whether a confirmation is on screen: what it asks names a profile and an address, so what
 * would change them underneath (Ctrl/Cmd+1…9 switching the active profile) waits for its answer.
 */
export function confirmationIsOpen(): boolean {
  return openConfirmations > 0;
}

/**
 * The console's one confirmation dialog, with the three ways out told apart, for a cancel
 * button that does something of its own ("Set the token" opens the profile).
 */
export function chooseAction(options: ConfirmOptions): Promise<ConfirmChoice> {
  const { withdrawn } = options;
  if (withdrawn?.aborted === true) return Promise.resolve('closed');
  return new Promise((resolve) => {
    let choice: ConfirmChoice = 'closed';
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      withdrawn?.removeEventListener('abort', withdraw);
      openConfirmations -= 1;
      resolve(choice);
    };
    // Settled here too: withdrawn before the provider has drawn it, close finds no dialog to call onClose of.
    const withdraw = () => {
      modals.close(id);
      settle();
    };
    openConfirmations += 1;
    const id = modals.openConfirmModal({
      title: options.title,
      children: options.children,
      labels: { confirm: options.confirmLabel, cancel: options.cancelLabel ?? 'Cancel' },
      confirmProps: { color: options.color },
      onConfirm: () => {
        choice = 'confirm';
      },
      onCancel: () => {
        choice = 'cancel';
      },
      // Called after either button too, so the choice is settled once, here.
      onClose: settle,
    });
    withdrawn?.addEventListener('abort', withdraw, { once: true });
  });
}

/**
 * The console's one confirmation dialog (live calls, live replays, deletions, sends with
 * errors, overwrites). Resolves true only on an explicit click of the confirm button; Cancel,
 * closing the dialog or Escape are a no.
 */
export async function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return (await chooseAction(options)) === 'confirm';
}
