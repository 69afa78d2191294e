import type { ConsoleServices } from '../../console-services';
import type { HandlerGroup } from './types';

export function appHandlers(services: Pick<ConsoleServices, 'appInfo'>): HandlerGroup<'getAppInfo'> {
  return {
    getAppInfo: () => services.appInfo(),
  };
}
