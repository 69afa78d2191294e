import type { ReactNode } from 'react';
import { confirmAction } from './confirm-dialog';

/**
 * Asks before edits not saved are thrown away (the builder's working copy replaced, the Save as
 * scenario dialog closed): one wording for every discard, with the console's one confirmation
 * dialog. True only on the confirm button; Keep editing, Escape or × are a no.
 */
export function confirmDiscardChanges(whatIsLost: ReactNode, confirmLabel: string): Promise<boolean> {
  return confirmAction({
    title: 'Discard unsaved changes?',
    children: whatIsLost,
    confirmLabel,
    cancelLabel: 'Keep editing',
    color: 'red',
  });
}
