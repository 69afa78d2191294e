import type { ConsoleServices } from '../../app';
import type { HandlerGroup } from './types';

export function orderHandlers({ orders }: ConsoleServices): HandlerGroup<'listOrders' | 'getOrderLifecycle'> {
  return {
    listOrders: (request) => orders.list(request),
    getOrderLifecycle: ({ orderId }) => orders.detail(orderId),
  };
}
