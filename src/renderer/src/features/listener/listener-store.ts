import { create } from 'zustand';
import type { ListenerSettings, ListenerStatus } from '@shared/listener';
import { bridge } from '@bridge';

interface ListenerState {
  status: ListenerStatus | null;
  settings: ListenerSettings | null;
  load: () => Promise<void>;
  restart: () => Promise<void>;
  /** With `expected` (those fields as read), refused where one was changed elsewhere since. */
  saveSettings: (
    patch: Partial<ListenerSettings>,
    expected?: Partial<ListenerSettings>,
  ) => Promise<ListenerSettings>;
}

/** The listener as main reports it; `listener.status` pushes keep it current. */
export const useListenerStore = create<ListenerState>((set) => ({
  status: null,
  settings: null,
  async load() {
    const [status, settings] = await Promise.all([
      bridge.getListenerStatus({}),
      bridge.getListenerSettings({}),
    ]);
    set({ status, settings });
  },
  async restart() {
    set({ status: await bridge.restartListener({}) });
  },
  async saveSettings(patch, expected) {
    const settings = await bridge.updateListenerSettings({
      ...patch,
      ...(expected === undefined ? {} : { expected }),
    });
    set({ settings });
    return settings;
  },
}));

bridge.subscribe((event) => {
  if (event.name === 'listener.status') useListenerStore.setState({ status: event.payload });
  if (event.name === 'listener.settings') useListenerStore.setState({ settings: event.payload });
});
