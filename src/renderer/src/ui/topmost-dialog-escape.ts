import { useEffect } from 'react';

/**
 * Escape closes the dialog on top, and only it. Mantine gives each open modal a listener of its
 * own on the window, so Escape on a dialog opened from another one (Send to LIVE over an order's
 * editor, a deletion asked from Drafts, the palette over either) closed both, and what was typed
 * beneath was lost, where Cancel closed the top one alone. Every modal is made with Mantine's
 * Escape off (theme.ts) and this one listener closes the dialog the key was pressed in (focus
 * is trapped in the newest), as a click on its × does: the dialog's own onClose runs, so a
 * confirmation still reads Escape as "closed".
 */
const OPEN_DIALOG = '[role="dialog"][aria-modal="true"]';
const CLOSE_BUTTON = '.mantine-Modal-close';

/** The dialog holding `target`; with the focus in none, the one opened last. */
export function topmostDialog(target: Element | null): Element | null {
  const holding = target?.closest(OPEN_DIALOG);
  if (holding !== null && holding !== undefined) return holding;
  const open = document.querySelectorAll(OPEN_DIALOG);
  return open[open.length - 1] ?? null;
}

function closeTopmostDialog(event: KeyboardEvent): void {
  if (event.key !== 'Escape' || event.isComposing) return;
  const target = event.target instanceof Element ? event.target : null;
  // An open dropdown or menu inside the dialog takes this Escape: Mantine marks its target so,
  // and is read before the dropdown closes (hence the capture phase, as Mantine's own listener).
  if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
  const close = topmostDialog(target)?.querySelector<HTMLElement>(CLOSE_BUTTON);
  if (close === null || close === undefined) return;
  event.preventDefault();
  close.click();
}

/** Mounted once, by the app, beside the modals' provider. */
export function useTopmostDialogEscape(): void {
  useEffect(() => {
    window.addEventListener('keydown', closeTopmostDialog, { capture: true });
    return () => window.removeEventListener('keydown', closeTopmostDialog, { capture: true });
  }, []);
}
