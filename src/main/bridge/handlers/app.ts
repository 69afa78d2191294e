import type { ConsoleServices } from '../../app';
import type { HandlerGroup } from './types';

export function appHandlers(services: ConsoleServices): HandlerGroup<'getAppInfo'> {
  return {
    getAppInfo: () => services.appInfo(),
  };
}
