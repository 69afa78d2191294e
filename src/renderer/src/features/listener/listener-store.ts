import { create } from 'zustand';
import type { ListenerSettings, ListenerStatus } from '@shared/listener';
import { bridge } from '@bridge';

interface ListenerState {
  status: ListenerStatus | null;
  settings: ListenerSettings | null;
  /** What of the stored settings main could not read (the view says it); none once saved. */
  unreadable: readonly string[];
  load: () => Promise<void>;
  restart: () => Promise<void>;
  /**
   * With `expected` (those fields as read), refused where one was changed elsewhere since;
   * `confirmLive` once a forward-to on a live profile's address was confirmed.
   */
  saveSettings: (
    patch: Partial<ListenerSettings>,
    expected?: Partial<ListenerSettings>,
    confirmLive?: boolean,
  ) => Promise<ListenerSettings>;
}

/** The listener as main reports it; `listener.status` pushes keep it current. */
export const useListenerStore = create<ListenerState>((set) => ({
  status: null,
  settings: null,
  unreadable: [],
  async load() {
    const [status, { unreadable, ...settings }] = await Promise.all([
      bridge.getListenerStatus({}),
      bridge.getListenerSettings({}),
    ]);
    set({ status, settings, unreadable });
  },
  async restart() {
    set({ status: await bridge.restartListener({}) });
  },
  async saveSettings(patch, expected, confirmLive = false) {
    const settings = await bridge.updateListenerSettings({
      ...patch,
      ...(expected === undefined ? {} : { expected }),
      confirmLive,
    });
    // A save writes every field, readable: the stored value that could not be read is replaced.
    set({ settings, unreadable: [] });
    return settings;
  },
}));

bridge.subscribe((event) => {
  if (event.name === 'listener.status') useListenerStore.setState({ status: event.payload });
  // Pushed when saved (here, in another window or console): what was stored is replaced.
  if (event.name === 'listener.settings')
    useListenerStore.setState({ settings: event.payload, unreadable: [] });
});
