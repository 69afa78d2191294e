import { create } from 'zustand';
import type { AppInfo } from '@shared/contract';
import type { KeyringFallbackChoice } from '@shared/keyring-fallback';
import { bridge } from '@bridge';
import type { ConnectionState } from '@bridge/ws-client';
import { errorMessage } from '@bridge/bridge-error';

interface AppState {
  info: AppInfo | null;
  connection: ConnectionState;
  startupError: string | null;
  loadInfo: () => Promise<void>;
  /** Linux desktop without a keyring: records the user's choice of token protection. */
  chooseKeyringFallback: (choice: KeyringFallbackChoice) => Promise<void>;
}

export const useAppStore = create<AppState>((set, get) => ({
  info: null,
  connection: { status: 'open' },
  startupError: null,
  async loadInfo() {
    try {
      set({ info: await bridge.getAppInfo({}), startupError: null });
    } catch (error) {
      set({ startupError: errorMessage(error) });
    }
  },
  async chooseKeyringFallback(choice) {
    const vault = await bridge.chooseKeyringFallback({ choice });
    const info = get().info;
    if (info !== null) set({ info: { ...info, vault } });
  },
}));

bridge.onConnectionState((connection) => useAppStore.setState({ connection }));
