import { DEFAULT_CURRENCY } from './checkout/currencies';
import { isDecimalText } from './decimal-text';
import { formatAmountText } from './money-format';
import { editJsonText } from './json-text-edit';
import type { OperationName } from './profile';

/**
 * Default request bodies of the follow-up operations. The spec shows none of them; these follow
 * the official client (tamara-solution/php-sdk: AuthoriseOrderRequestHandler, Capture,
 * CancelOrderRequest, SimplifiedRefundRequestHandler, UpdateReferenceIdRequest), field for
 * field, so a request made here looks like one a merchant's backend makes. They are shown and
 * editable before every send, and the local emulator accepts them (docs/emulator-fidelity.md).
 */
export interface OperationBodyInput {
  orderId: string;
  /** The amount to capture, refund or cancel, as the order's currency writes it. */
  amount?: string | number | null;
  currency?: string | null;
  /** For update-reference-id: the new merchant reference. */
  orderReferenceId?: string | null;
  /** A capture's `shipping_info.shipped_at` (ISO 8601); the caller's clock, default the epoch. */
  shippedAt?: string;
}

/**
 * An amount as a JSON number, as the official client's Money::toArray sends it (a float) and as
 * the spec's Money declares it; the zeros beside it were numbers already, so one body no longer
 * mixes "16.000" with 0. Numeric text is decimal-text.ts's (a scenario's `amount` takes only
 * that); anything else stays as given, as an editor's body shows it.
 */
function amountValue(amount: OperationBodyInput['amount']): string | number | null {
  if (typeof amount !== 'string' || !isDecimalText(amount.trim())) return amount ?? null;
  const value = Number(amount);
  return Number.isFinite(value) ? value : amount;
}

export function defaultOperationBody(
  operation: OperationName,
  input: OperationBodyInput,
): Record<string, unknown> | null {
  // Unknown (an order known only from notifications without amounts): the spec's default, said
  // beside the body by currencyDefaultedWords, never passed off as the order's own.
  const currency = input.currency ?? DEFAULT_CURRENCY;
  const money = { amount: amountValue(input.amount), currency };
  // The client sends these on every capture and cancel; zero when the merchant has none.
  const zero = { amount: 0, currency };
  switch (operation) {
    case 'authorise':
      return { order_id: input.orderId };
    case 'capture':
      return {
        order_id: input.orderId,
        total_amount: money,
        items: [],
        shipping_amount: zero,
        tax_amount: zero,
        discount_amount: zero,
        shipping_info: {
          shipped_at: input.shippedAt ?? new Date(0).toISOString(),
          shipping_company: '',
          tracking_number: null,
          tracking_url: null,
        },
      };
    case 'cancel':
      return {
        total_amount: money,
        tax_amount: zero,
        shipping_amount: zero,
        discount_amount: zero,
        items: [],
      };
    case 'refund':
      return { total_amount: money, comment: '' };
    case 'updateReferenceId':
      return { order_reference_id: input.orderReferenceId ?? '' };
    case 'getOrder':
      return null;
  }
}

/**
 * Why a default body's Money says SAR when the order's currency is not known, or null when it is
 * known (or the operation's body carries no Money). The one place that says it, for the Orders
 * view's editor and a scenario's operation step: SAR is what the service takes for a Money
 * without one, not evidence of the order's currency (a KWD order from the merchant's own backend).
 */
export function currencyDefaultedWords(
  operation: OperationName,
  currency: string | null | undefined,
): string | null {
  const carriesMoney = operation === 'capture' || operation === 'refund' || operation === 'cancel';
  if (!carriesMoney || (currency !== null && currency !== undefined)) return null;
  return `The order's currency is not known: the body says ${DEFAULT_CURRENCY}, the service's default for a Money without one (spec)`;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A default body as the editor shows it: JSON with every Money amount written with its
 * currency's decimals (`230.00`, `12.500`, `0.00`), as the order shows its amounts and the
 * spec's Money says ("two decimals by default, three for BHD and KWD"), still a JSON number, as
 * Money declares it. JSON.stringify would write 230. An amount with more digits than its
 * currency takes keeps them: the text never rounds what it was given.
 */
export function operationBodyText(body: Record<string, unknown> | null): string | null {
  if (body === null) return null;
  let text = JSON.stringify(body, null, 2);
  for (const [name, money] of Object.entries(body)) {
    if (!isObject(money) || typeof money['amount'] !== 'number') continue;
    const currency = typeof money['currency'] === 'string' ? money['currency'] : null;
    const digits = formatAmountText(money['amount'], currency);
    if (Number(digits) !== money['amount']) continue;
    text = editJsonText(text, body, body, { path: [name, 'amount'], text: digits }) ?? text;
  }
  return text;
}

/** Fills `{order_id}` (and any `{name}` the caller knows) in a path template, URL-encoded. */
export function fillPathTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}
