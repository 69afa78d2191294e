/**
 * When an order was created, as every place says it (the Orders list, the order's details):
 * the service's creation (its create-checkout answer, else its first verified notification)
 * when this console has evidence of it; else only when this console first saw the order (an
 * import, a failed create call, a Get order answer, a replay), which is no creation time.
 */
export function createdOrFirstSeen(order: { createdAt: string | null; firstSeenAt: string }): {
  word: 'created' | 'first seen';
  at: string;
} {
  return order.createdAt === null
    ? { word: 'first seen', at: order.firstSeenAt }
    : { word: 'created', at: order.createdAt };
}
