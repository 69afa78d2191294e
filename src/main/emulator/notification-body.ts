import type { EmulatorOrderRow } from '../store/emulator-orders-repository';

/**
 * The notification payload as the spec defines it: `{ order_id, order_reference_id, order_number,
 * event_type, data }`; or, for an approval of an order that asked for it, the older form with
 * `order_status: "approved"` in place of `event_type` and no `order_number`.
 */
export function notificationBody(
  order: Pick<EmulatorOrderRow, 'orderId' | 'referenceId' | 'orderNumber' | 'legacyApproved'>,
  eventType: string,
  data: unknown,
): Record<string, unknown> {
  if (eventType === 'order_approved' && order.legacyApproved)
    return { order_id: order.orderId, order_reference_id: order.referenceId, order_status: 'approved', data };
  return {
    order_id: order.orderId,
    order_reference_id: order.referenceId,
    order_number: order.orderNumber,
    event_type: eventType,
    data,
  };
}
