import { ownValue, type RawFinding } from './findings';
import { parseAmount } from './money';

/**
 * The spec's discount is "only for a customer-specific voucher or coupon code" and is taken off
 * the total (items + tax + shipping − discount); it shows no minimum for its amount. One below 0
 * adds money to the order instead: a surcharge in a voucher's name. Said as a negative order line
 * is (item-lines.ts), a warning, in the builder, `validate` and the emulator alike.
 */
const NEGATIVE_DISCOUNT_RULE =
  'Checkout request: discount — "only for a customer-specific voucher or coupon code"; total_amount = items + tax + shipping - discount (no minimum shown)';

export function checkNegativeDiscount(payload: unknown): RawFinding[] {
  const raw = ownValue(ownValue(ownValue(payload, 'discount'), 'amount'), 'amount');
  // A number or numeric string below 0; anything else is the schema's to word.
  if (!(typeof raw === 'number' ? raw < 0 : parseAmount(raw)?.negative === true)) return [];
  return [
    {
      severity: 'warning',
      path: ['discount', 'amount', 'amount'],
      code: 'negative_amount',
      rule: NEGATIVE_DISCOUNT_RULE,
      message:
        `discount.amount.amount is ${String(raw)}: a discount below 0 adds to the total instead of taking off it, ` +
        "a surcharge in a voucher's name. The spec has a discount only for a customer-specific voucher or coupon code.",
    },
  ];
}
