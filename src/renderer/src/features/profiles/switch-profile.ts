import { notifications } from '@mantine/notifications';
import type { ProfileSlot } from '@shared/app-commands';
import { errorMessage } from '@bridge/bridge-error';
import { confirmationIsOpen } from '@ui/confirm-dialog';
import { useProfilesStore } from './profiles-store';

/**
 * Makes a profile active (top bar, palette, Ctrl/Cmd+1…9); a failure is shown, not thrown. Not
 * while a confirmation is open: under "Send to LIVE profile "Live"?" the top bar turned Local
 * (Ctrl/Cmd+2, then the palette) while the question still named Live.
 */
export function switchProfile(id: number): void {
  if (confirmationIsOpen()) return;
  const { activeProfileId, activate } = useProfilesStore.getState();
  if (id === activeProfileId) return;
  activate(id).catch((error: unknown) =>
    notifications.show({ color: 'red', title: 'Could not switch profile', message: errorMessage(error) }),
  );
}

/**
 * Slot N is the N-th profile in switcher order; an empty slot does nothing, and so does any
 * while a confirmation is open (switchProfile). An open editor does not stop it: it keeps its
 * own profile.
 */
export function switchProfileSlot(slot: ProfileSlot): void {
  const profile = useProfilesStore.getState().profiles[slot - 1];
  if (profile !== undefined) switchProfile(profile.id);
}
