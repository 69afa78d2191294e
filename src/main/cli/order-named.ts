import { canonicalOrderId } from '../emulator/order-id';

/**
 * How a command's <order> argument names an order: an order_id, or an order_reference_id (what a
 * person wrote on the order, and what `orders --search` finds it by). The emulator's customer
 * commands and `orders show` read it this one way; each says where it looks (the emulator's
 * orders, the console's derived ones) and what several orders with one reference mean.
 */

/** What a refusal says it tried, so "no order aed1" does not read as if references were not. */
export const LOOKED_FOR_AS = 'looked for it as an order_id and as an order_reference_id';

export interface OrderLookUps<T> {
  byId: (orderId: string) => T | undefined | Promise<T | undefined>;
  byReference: (reference: string) => T | undefined | Promise<T | undefined>;
}

/**
 * The order as written first (a reference may have spaces around it), then trimmed (an id pasted
 * with a line end); each time by id first, then by reference. With the name that found it.
 */
export async function findNamedOrder<T>(
  written: string,
  { byId, byReference }: OrderLookUps<T>,
): Promise<{ order: T; named: string } | undefined> {
  for (const named of new Set([written, written.trim()])) {
    // An id in capitals names the order too (RFC 4122 reads a UUID's hex in either case, and the
    // emulator's routes take it so): tried as written, then as the emulator writes ids. `emulator
    // pay <ID IN CAPITALS>` said there was no such order while its HTTP routes found it.
    const ids = new Set([named, canonicalOrderId(named)]);
    for (const id of ids) {
      const order = await byId(id);
      if (order !== undefined) return { order, named: id };
    }
    const order = await byReference(named);
    if (order !== undefined) return { order, named };
  }
  return undefined;
}
