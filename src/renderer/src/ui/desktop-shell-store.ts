import type { PushEvent } from '@shared/contract';
import { bridge } from '@bridge';

/**
 * The shell's bridge calls: main's pushes (the desktop menu's commands, links that would leave
 * the window) and opening an address in the system browser after the user confirmed it.
 */
export const desktopShell = {
  openExternal: (url: string) => bridge.openExternal({ url }),
  /** Every push from main; returns the unsubscribe. */
  onPush: (listener: (event: PushEvent) => void) => bridge.subscribe(listener),
};
