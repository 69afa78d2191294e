import type { ConsoleServices } from '../../console-services';
import { FORWARDING_WEBHOOKS } from '../../listener/forward-guard';
import { assertLiveAddressConfirmed } from '../../profiles/live-guard';
import type { HandlerGroup } from './types';

type ListenerCommand =
  'getListenerStatus' | 'restartListener' | 'getListenerSettings' | 'updateListenerSettings';

export function listenerHandlers({
  listener,
  profiles,
}: Pick<ConsoleServices, 'listener' | 'profiles'>): HandlerGroup<ListenerCommand> {
  return {
    getListenerStatus: () => listener.status(),
    restartListener: () => listener.restart(),
    getListenerSettings: () => listener.settingsAsRead(),
    updateListenerSettings: ({ expected, confirmLive, ...patch }) => {
      // Every webhook sent on to a live profile's address needs the yes a replay there needs;
      // asked when the forward-to is given, not again for each forward.
      if (typeof patch.forwardTo === 'string')
        assertLiveAddressConfirmed(
          patch.forwardTo,
          confirmLive,
          FORWARDING_WEBHOOKS,
          profiles.snapshot().profiles,
        );
      return listener.updateSettings(patch, expected, confirmLive);
    },
  };
}
