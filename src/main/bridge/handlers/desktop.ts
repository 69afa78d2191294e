import type { ConsoleServices } from '../../app';
import type { HandlerGroup } from './types';

export function desktopHandlers(services: ConsoleServices): HandlerGroup<'chooseKeyringFallback'> {
  return {
    chooseKeyringFallback: async ({ choice }) => {
      await services.keyringFallback.choose(choice);
      return services.appInfo().vault;
    },
  };
}
