import { Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A control said unavailable with the reason on hover (a console cut off, a part of a record
 * withheld): the one way every screen shows "not now, and why". The control inside is disabled
 * by its owner (a button with `blockedButton`, so it still takes the hover; a switch with
 * `disabled`, the wrapper takes it).
 */
export function UnavailableWithReason({ reason, children }: { reason: string | null; children: ReactNode }) {
  return (
    <Tooltip label={reason} disabled={reason === null} multiline w={280} withArrow>
      <span style={{ display: 'inline-flex' }} data-unavailable={reason === null ? undefined : true}>
        {children}
      </span>
    </Tooltip>
  );
}

/**
 * A button's props while it cannot act: shown disabled but not natively so (a disabled button
 * takes no hover, and the tooltip saying why would never show), its click undone by the caller.
 */
export function blockedButton(reason: string | null): { 'data-disabled'?: true; 'aria-disabled'?: true } {
  return reason === null ? {} : { 'data-disabled': true, 'aria-disabled': true };
}
