import { Button, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAppStore } from '@ui/app-store';
import { unsendableWords } from './emulator-last-known';

/**
 * Why what a control sends cannot be sent now, or null while the console answers. The app
 * store's connection is the one owner of "is the console connected" (the banner reads it too).
 */
export function useUnsendable(): string | null {
  return unsendableWords(useAppStore((state) => state.connection.status));
}

/**
 * A control that sends to the console, said unavailable with the reason on hover while it
 * cannot be sent. The control inside is disabled by its owner (a button with `blockedButton`,
 * so it still takes the hover; a switch with `disabled`, the wrapper takes it).
 */
export function NeedsConsole({ reason, children }: { reason: string | null; children: ReactNode }) {
  return (
    <Tooltip label={reason} disabled={reason === null} multiline w={280} withArrow>
      <span style={{ display: 'inline-flex' }} data-unsendable={reason === null ? undefined : true}>
        {children}
      </span>
    </Tooltip>
  );
}

/**
 * A button's props while it cannot send: shown disabled but not natively so (a disabled button
 * takes no hover, and the tooltip saying why would never show), its click undone by the caller.
 */
export function blockedButton(reason: string | null): { 'data-disabled'?: true; 'aria-disabled'?: true } {
  return reason === null ? {} : { 'data-disabled': true, 'aria-disabled': true };
}

/**
 * A settings form's Save: offered while the console answers (and the form is valid); cut off
 * from it, the edits stay in the form and Save says why it is not offered.
 */
export function SaveSettingsButton({ invalid, onSave }: { invalid: boolean; onSave: () => void }) {
  const unsendable = useUnsendable();
  return (
    <NeedsConsole reason={unsendable}>
      <Button
        size="xs"
        onClick={() => {
          if (unsendable === null) onSave();
        }}
        disabled={unsendable === null && invalid}
        {...blockedButton(unsendable)}
      >
        Save settings
      </Button>
    </NeedsConsole>
  );
}
