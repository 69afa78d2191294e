import type { EmulatorWarning } from './emulator-warning';

/**
 * An order_reference_id another order already has. The spec calls it the "Merchant's unique
 * order id", and how the service takes one given again is not shown, so the emulator takes it,
 * as it always has, with a warning naming the other order: a merchant whose references repeat
 * learns it here, not when a lookup by reference answers another order. The lookup is one probe
 * of the reference index (emulator-orders-repository.ts), on create-checkout's hot path.
 */

const UNIQUE_ORDER_REFERENCE_RULE =
  "order_reference_id — Merchant's unique order id (how the service takes one given again is not shown)";

/** Finds the newest order other than `orderId` with the reference (the repository's lookup). */
export type OtherWithReference = (referenceId: string, orderId: string) => string | undefined;

/** The warning for `orderId` taking `reference`, or null when no other order has it. */
export function repeatedOrderReference(
  reference: string | null,
  orderId: string,
  otherWithReference: OtherWithReference,
): EmulatorWarning | null {
  if (reference === null) return null;
  const other = otherWithReference(reference, orderId);
  if (other === undefined) return null;
  return {
    severity: 'warning',
    path: 'order_reference_id',
    code: 'duplicate_order_reference_id',
    rule: UNIQUE_ORDER_REFERENCE_RULE,
    message:
      `order_reference_id is ${JSON.stringify(reference)}, as order ${other}'s is: the spec calls it the merchant's ` +
      'unique order id, and how the service takes one given again is not shown. The emulator takes it; a lookup ' +
      'by reference answers the newest order created with it.',
    about: `as order ${other}`,
  };
}
