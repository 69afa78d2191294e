/**
 * When an order was created, as every place says it (the Orders list, the order's details):
 * the service's creation (its create-checkout answer) when this console holds that record; else
 * only when this console first saw the order (its first notification, of an order created
 * elsewhere; an import, a failed create call, a Get order answer, a replay), which is no
 * creation time. A notification says the order moved, not when it was made.
 */
export function createdOrFirstSeen(order: { createdAt: string | null; firstSeenAt: string }): {
  word: 'created' | 'first seen';
  at: string;
} {
  return order.createdAt === null
    ? { word: 'first seen', at: order.firstSeenAt }
    : { word: 'created', at: order.createdAt };
}
