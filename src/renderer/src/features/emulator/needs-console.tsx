import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { useAppStore } from '@ui/app-store';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';
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
 * cannot be sent (ui/unavailable-with-reason.tsx, the one owner of that pattern).
 */
export function NeedsConsole({ reason, children }: { reason: string | null; children: ReactNode }) {
  return <UnavailableWithReason reason={reason}>{children}</UnavailableWithReason>;
}

export { blockedButton };

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
