import { create } from 'zustand';
import type { AppInfo } from '@shared/contract';
import type { KeyringFallbackChoice } from '@shared/keyring-fallback';
import { bridge } from '@bridge';
import { NOT_CONNECTED, type ConnectionState } from '@bridge/ws-client';
import { BridgeError, CONNECTION_LOST, errorMessage } from '@bridge/bridge-error';

interface AppState {
  info: AppInfo | null;
  connection: ConnectionState;
  /**
   * How many times this tab's connection came back to the same console after a loss (a drop, or
   * a lost sign-in given back by a new link). Pushes
   * sent meanwhile are missed, so the shell reloads what it shows when this changes.
   */
  resumed: number;
  /**
   * The console closed this tab's connection because the page stopped reading its pushes (see
   * ConnectionState): said until dismissed, since the reconnection that follows takes a moment
   * and an action on its way then was failed as "may have been sent".
   */
  fellBehind: boolean;
  startupError: string | null;
  loadInfo: () => Promise<void>;
  /** Linux desktop without a keyring: records the user's choice of token protection. */
  chooseKeyringFallback: (choice: KeyringFallbackChoice) => Promise<void>;
}

export const useAppStore = create<AppState>((set, get) => ({
  info: null,
  connection: { status: 'open' },
  resumed: 0,
  fellBehind: false,
  startupError: null,
  async loadInfo() {
    try {
      set({ info: await bridge.getAppInfo({}), startupError: null });
    } catch (error) {
      if (!failedForConnection(error)) set({ startupError: errorMessage(error) });
    }
  },
  async chooseKeyringFallback(choice) {
    const vault = await bridge.chooseKeyringFallback({ choice });
    const info = get().info;
    if (info !== null) set({ info: { ...info, vault } });
  },
}));

bridge.onConnectionState((connection) =>
  useAppStore.setState((state) => ({
    connection,
    resumed:
      connection.status === 'open' &&
      (state.connection.status === 'closed' || state.connection.status === 'refused')
        ? state.resumed + 1
        : state.resumed,
    fellBehind: state.fellBehind || (connection.status === 'closed' && connection.fellBehind === true),
  })),
);

export const dismissFellBehind = () => useAppStore.setState({ fellBehind: false });

/**
 * Changes each time this tab's connection comes back to its console: a view with data from main
 * lists it beside what its loading effect depends on, so a resumed view reloads as a view shown
 * again does, keeping what the person typed (docs/browser-mode.md).
 */
export const useResumed = () => useAppStore((state) => state.resumed);

/**
 * Whether a call failed for the tab's connection, not for main: the page's first attempt to
 * reach the console failed (a slow machine: its session check timed out while the bundle still
 * ran), or the socket dropped. Such a load is made again when the tab reconnects (useResumed), so
 * it is no reason to say the console could not start; the connection banner says what happens.
 */
export function failedForConnection(error: unknown): boolean {
  return (
    error instanceof BridgeError && (error.message === NOT_CONNECTED || error.message === CONNECTION_LOST)
  );
}

/** App info again after a resume, without turning a failure into "could not start". */
export async function reloadAppInfo(): Promise<void> {
  const info = await bridge.getAppInfo({});
  useAppStore.setState({ info, startupError: null });
}

/** A signed-out tab asks the console again: a new link may have signed this browser in. */
export function recheckConnection(): Promise<void> {
  return bridge.recheckConnection();
}
