import { DEFAULT_CURRENCY } from '../checkout/currencies';
import { formatMinorMoney } from '../money-format';
import type { AmountProblem, Walk } from './lifecycle-walk';
import { readMoneyField } from './order-amounts';
import { stringField, type OrderRecord } from './order-record';
import { heldOtherwiseReader } from '../written-number-reader';

/**
 * A create-checkout answer for an order another create-checkout already made, with another
 * checkout: its checkout_id, reference, or total (amount or currency) differ. A service that
 * answered every checkout with one order_id merged them; the first one's total then judged
 * every capture, the others' left no mark. The same checkout answered again is no contradiction.
 */
export function anotherCheckoutProblem(walk: Walk, record: OrderRecord): AmountProblem | null {
  const first = walk.facts.create;
  if (first === null || first.recordId === record.id) return null;
  const total = readMoneyField(
    record.requestJson,
    ['total_amount'],
    DEFAULT_CURRENCY,
    heldOtherwiseReader(record.requestText),
  );
  const money = (minor: bigint | null, currency: string | null) =>
    minor === null ? 'none that reads' : formatMinorMoney(minor, currency);
  const differs = [
    ['checkout_id', stringField(record.responseJson, 'checkout_id'), first.checkoutId],
    ['reference', stringField(record.requestJson, 'order_reference_id'), first.referenceId],
    ['total', money(total?.minor ?? null, total?.currency ?? null), money(first.totalMinor, first.currency)],
  ].filter(([, now, before]) => now !== before);
  if (differs.length === 0) return null;
  const said = differs.map(
    ([name, now, before]) => `${name} ${now ?? 'none'} (record #${first.recordId}: ${before ?? 'none'})`,
  );
  return {
    code: 'another_checkout',
    message: `A second create-checkout was answered with this order id, for another checkout than record #${first.recordId}: ${said.join(', ')}`,
  };
}
