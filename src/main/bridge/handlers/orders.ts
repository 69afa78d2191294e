import type { ConsoleServices } from '../../console-services';
import type { HandlerGroup } from './types';

export function orderHandlers({
  orders,
}: Pick<ConsoleServices, 'orders'>): HandlerGroup<'listOrders' | 'getOrderLifecycle'> {
  return {
    listOrders: (request) => orders.list(request),
    getOrderLifecycle: ({ orderId }) => orders.detail(orderId),
  };
}
