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
 * A settings form's Save: offered while the console answers and the form is valid; otherwise
 * said unavailable with the reason on hover (cut off from the console, the edits stay in the
 * form; `invalid`: what must be corrected first).
 */
export function SaveSettingsButton({ invalid, onSave }: { invalid: string | null; onSave: () => void }) {
  const reason = useUnsendable() ?? invalid;
  return (
    <NeedsConsole reason={reason}>
      <Button
        size="xs"
        onClick={() => {
          if (reason === null) onSave();
        }}
        {...blockedButton(reason)}
      >
        Save settings
      </Button>
    </NeedsConsole>
  );
}
