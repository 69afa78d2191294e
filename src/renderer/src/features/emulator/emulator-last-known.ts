import type { EmulatorStatus } from '@shared/emulator';
import type { ConnectionState } from '@bridge/ws-client';

/**
 * What the Emulator view says while the tab is cut off from the console (browser mode, the
 * connection lost): only what it last heard, as that, and nothing offered that could not reach
 * the emulator from here. The console may have stopped, and the emulator with it.
 */
const LOST = 'This tab lost its connection to the console.';

/** The status card's line: what was last heard of the emulator. */
export function lastKnownWords(status: EmulatorStatus): string {
  const was = status.running && status.url !== null ? `running at ${status.url}` : 'stopped';
  const profile = status.profileName === null ? '' : ` for profile ${status.profileName}`;
  return `${LOST} Last known: ${was}${profile}.`;
}

/**
 * An empty list's words while cut off: that it was empty when last heard, not that it is now,
 * and not an action (start it, send to it) that this tab cannot take until the console answers.
 */
export function emptyWhileDisconnectedWords(what: 'orders' | 'notifications'): string {
  // The status card above already says the connection was lost: not said a third time here.
  return `No ${what} when this tab last heard from the console. Nothing is known of them right now; the list is read again once the console answers.`;
}

/**
 * Why a control that sends to the console is not offered while the tab is cut off: the call
 * would fail at once (ws-client sends nothing made while the socket is down, now or later).
 */
export function unsendableWords(connection: ConnectionState['status']): string | null {
  if (connection === 'open') return null;
  return connection === 'refused'
    ? 'Not available: this tab is signed out of the console (the banner above says how to get back), so nothing can be sent from here.'
    : 'Not available while this tab is cut off from the console: nothing can be sent from here until it answers again.';
}
