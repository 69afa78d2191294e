import type { ConsoleServices } from '../../console-services';
import { ConsoleError } from '../../console-error';
import type { HandlerGroup } from './types';

export function desktopHandlers(
  services: Pick<ConsoleServices, 'keyringFallback' | 'appInfo' | 'desktopOpenExternal'>,
): HandlerGroup<'chooseKeyringFallback' | 'openExternal'> {
  return {
    chooseKeyringFallback: async ({ choice }) => {
      await services.keyringFallback.choose(choice);
      return services.appInfo().vault;
    },
    openExternal: async ({ url }, context) => {
      // Only the desktop window's own calls reach the system browser this way; a browser tab
      // opens the page itself.
      if (services.desktopOpenExternal === null || context.transport !== 'ipc')
        throw new ConsoleError('unavailable', 'Opening the system browser is a desktop-app action.');
      await services.desktopOpenExternal(url);
      return { opened: true };
    },
  };
}
