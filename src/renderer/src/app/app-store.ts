import { create } from 'zustand';
import type { AppInfo } from '../../../shared/contract';
import { bridge } from '../bridge';
import type { ConnectionState } from '../bridge/ws-client';
import { errorMessage } from '../bridge/bridge-error';

interface AppState {
  info: AppInfo | null;
  connection: ConnectionState;
  startupError: string | null;
  loadInfo: () => Promise<void>;
}

export const useAppStore = create<AppState>((set) => ({
  info: null,
  connection: 'open',
  startupError: null,
  async loadInfo() {
    try {
      set({ info: await bridge.getAppInfo({}), startupError: null });
    } catch (error) {
      set({ startupError: errorMessage(error) });
    }
  },
}));

bridge.onConnectionState((connection) => useAppStore.setState({ connection }));
