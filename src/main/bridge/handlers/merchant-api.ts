import type { ConsoleServices } from '../../console-services';
import type { HandlerGroup } from './types';

type MerchantApiCommand =
  'prepareCheckout' | 'sendCheckout' | 'prepareOperation' | 'sendOperation' | 'cancelExchange';

export function merchantApiHandlers({
  merchantApi,
}: Pick<ConsoleServices, 'merchantApi'>): HandlerGroup<MerchantApiCommand> {
  return {
    prepareCheckout: (input) => merchantApi.prepareCheckout(input),
    sendCheckout: (input) => merchantApi.sendCheckout(input),
    prepareOperation: (input) => merchantApi.prepareOperation(input),
    sendOperation: (input) => merchantApi.sendOperation(input),
    cancelExchange: ({ requestKey }) => ({ cancelled: merchantApi.cancel(requestKey) }),
  };
}
