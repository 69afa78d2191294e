import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

export interface ConfirmOptions {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for production, orange for a risky but local action. */
  color: 'red' | 'orange' | 'blue';
}

/**
 * The console's one confirmation dialog (live calls, live replays, addresses that leave the
 * console). Resolves true only on an explicit click of the confirm button; Cancel, closing the
 * dialog or Escape are a no.
 */
export function confirmAction(options: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      children: options.children,
      labels: { confirm: options.confirmLabel, cancel: options.cancelLabel ?? 'Cancel' },
      confirmProps: { color: options.color },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
