import { formatJsonPath } from '../json-path';
import { describeValue, ownValue, type RawFinding } from './findings';
import { parseAmount } from './money';
import type { CheckoutForm } from './request-parts';

/**
 * What is judged of each order line across its fields, in one walk of `items` (the emulator
 * judges every request so): a reference_id given twice, and a line of no units or one that takes
 * money off. Each is a warning: the spec does not show how the service takes them.
 */

const UNIQUE_ITEM_REFERENCE_RULE =
  "Item: reference_id — Merchant's unique item id (how the service takes one given twice is not shown)";
const QUANTITY_RULE = 'Item: quantity — a number of units (no minimum shown)';
/**
 * The spec shows no minimum for an item's total_amount or unit_price, but "minimum 0" for the
 * amounts beside them (item tax_amount, discount_amount), and a discount "only for a
 * customer-specific voucher or coupon code, not site-wide discounts".
 */
const NEGATIVE_LINE_RULE =
  'Item: total_amount, unit_price — no minimum shown; item tax_amount and discount_amount minimum 0, and discount: "only for a customer-specific voucher or coupon code, not site-wide discounts"';

/** The amounts of a line that may not go below 0 unsaid (tax_amount and discount_amount are the schema's errors). */
const LINE_AMOUNTS = ['total_amount', 'unit_price'] as const;

function duplicateReference(reference: string, index: number, first: number): RawFinding {
  const path = ['items', index, 'reference_id'];
  return {
    severity: 'warning',
    path,
    code: 'duplicate_reference_id',
    rule: UNIQUE_ITEM_REFERENCE_RULE,
    message:
      `${formatJsonPath(path)} is ${describeValue(reference)}, as ${formatJsonPath(['items', first, 'reference_id'])} is: ` +
      "the spec calls reference_id the merchant's unique item id, and how the service takes one given twice is not shown. " +
      'Give each item its own.',
  };
}

/** A quantity of 0 or below; in the education form any quantity but 1 is already its error (quantity_must_be_one). */
function quantityFinding(item: unknown, index: number, form: CheckoutForm): RawFinding[] {
  const quantity = ownValue(item, 'quantity');
  if (form === 'education' || typeof quantity !== 'number' || quantity > 0) return [];
  const path = ['items', index, 'quantity'];
  return [
    {
      severity: 'warning',
      path,
      code: 'not_positive_quantity',
      rule: QUANTITY_RULE,
      message:
        `${formatJsonPath(path)} is ${quantity}: a line of no units (or fewer) is no order line. ` +
        'The spec shows no minimum, so the console takes it, but a line that takes money off is a discount, which the spec has only for a coupon.',
    },
  ];
}

function negativeAmounts(item: unknown, index: number): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const key of LINE_AMOUNTS) {
    const raw = ownValue(ownValue(item, key), 'amount');
    // A number or numeric string below 0; anything else is the schema's to word.
    if (!(typeof raw === 'number' ? raw < 0 : parseAmount(raw)?.negative === true)) continue;
    const path = ['items', index, key, 'amount'];
    findings.push({
      severity: 'warning',
      path,
      code: 'negative_amount',
      rule: NEGATIVE_LINE_RULE,
      message:
        `${formatJsonPath(path)} is ${String(raw)}: a line below 0 takes money off the order, a site-wide discount in ` +
        'disguise. The spec has a discount only for a customer-specific voucher or coupon code (discount), and ' +
        "minimum 0 for a line's tax_amount and discount_amount.",
    });
  }
  return findings;
}

/**
 * Two items of one order with the same reference_id (on each later item, naming the first that
 * has it; blank ids are left to the blank-text rule), a quantity of 0 or below, and a negative
 * item total_amount or unit_price.
 */
export function checkItemLines(payload: unknown, form: CheckoutForm): RawFinding[] {
  const items = ownValue(payload, 'items');
  if (!Array.isArray(items)) return [];
  const firstWith = new Map<string, number>();
  const findings: RawFinding[] = [];
  items.forEach((item: unknown, index) => {
    findings.push(...quantityFinding(item, index, form), ...negativeAmounts(item, index));
    const reference = ownValue(item, 'reference_id');
    if (typeof reference !== 'string' || reference.trim() === '') return;
    const first = firstWith.get(reference);
    if (first === undefined) firstWith.set(reference, index);
    else findings.push(duplicateReference(reference, index, first));
  });
  return findings;
}
