import type { ConsoleServices } from '../../console-services';
import { screenMask } from '../../timeline/screen-summaries';
import type { HandlerGroup } from './types';

export function orderHandlers({
  orders,
  profiles,
}: Pick<ConsoleServices, 'orders' | 'profiles'>): HandlerGroup<'listOrders' | 'getOrderLifecycle'> {
  return {
    listOrders: (request) => orders.list(request),
    // Its records, and the lifecycle derived from them (a request's entry names its path), as
    // every screen gets them: a profile secret echoed in a path or URL masked.
    getOrderLifecycle: ({ orderId }) => orders.detail(orderId, screenMask(profiles)),
  };
}
