import type { ConsoleServices } from '../../app';
import type { HandlerGroup } from './types';

type MerchantApiCommand =
  'prepareCheckout' | 'sendCheckout' | 'prepareOperation' | 'sendOperation' | 'cancelExchange';

export function merchantApiHandlers({ merchantApi }: ConsoleServices): HandlerGroup<MerchantApiCommand> {
  return {
    prepareCheckout: (input) => merchantApi.prepareCheckout(input),
    sendCheckout: (input) => merchantApi.sendCheckout(input),
    prepareOperation: (input) => merchantApi.prepareOperation(input),
    sendOperation: (input) => merchantApi.sendOperation(input),
    cancelExchange: ({ requestKey }) => ({ cancelled: merchantApi.cancel(requestKey) }),
  };
}
