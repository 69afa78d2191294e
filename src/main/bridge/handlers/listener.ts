import type { ConsoleServices } from '../../console-services';
import type { HandlerGroup } from './types';

type ListenerCommand =
  'getListenerStatus' | 'restartListener' | 'getListenerSettings' | 'updateListenerSettings';

export function listenerHandlers({
  listener,
}: Pick<ConsoleServices, 'listener'>): HandlerGroup<ListenerCommand> {
  return {
    getListenerStatus: () => listener.status(),
    restartListener: () => listener.restart(),
    getListenerSettings: () => listener.settingsAsRead(),
    updateListenerSettings: ({ expected, ...patch }) => listener.updateSettings(patch, expected),
  };
}
