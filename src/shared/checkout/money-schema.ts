import { type z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY, isCurrency, precisionOf, type Currency } from './currencies';
import { addRuleIssue, gate, objectOf, oneOf, ruleName, type FieldRef } from './field-rules';
import { describeValue, isPlainObject, ownValue } from './findings';
import { decimalsOf, parseAmount, tooManyDecimalsWords } from './money';

export const DECIMALS_RULE = 'Money: amount — two decimals by default, three for BHD and KWD';

export interface MoneyRules {
  /** The Money field itself: `{ table: 'Item', key: 'tax_amount' }`. */
  field: FieldRef;
  /** A minimum for `amount`, with the spec's wording: `{ value: 0.1, rule: 'amount minimum 0.1' }`. */
  minimum?: { value: number; rule: string };
  /** `discount.amount`: currency required and only SAR or AED. */
  discount?: boolean;
}

/** The currency a Money object is in: its own when valid, else the spec's default SAR. */
export function effectiveCurrency(money: unknown): Currency {
  const currency = ownValue(money, 'currency');
  return isCurrency(currency) ? currency : DEFAULT_CURRENCY;
}

const amountField = (money: FieldRef): FieldRef => ({
  table: 'Money',
  key: 'amount',
  requiredRule: `${ruleName(money)} — Money, its amount required`,
});

export const DISCOUNT_CURRENCY_RULE = 'Money: currency — for discount.amount only SAR and AED are allowed';

export const discountCurrencyMessage = (input: unknown) =>
  `A discount can only be in SAR or AED; got ${describeValue(input)}. ` +
  'So an order in BHD, KWD or OMR cannot carry a discount in its own currency.';

function currencySchema(rules: MoneyRules) {
  if (rules.discount !== true) return oneOf({ table: 'Money', key: 'currency' }, CURRENCIES).optional();
  const field: FieldRef = {
    table: 'discount',
    key: 'currency',
    requiredRule: 'discount: amount — Money, both its fields required',
  };
  // Only its presence and type here: which currencies a discount may use is decided with the
  // whole discount in view (a zero, nameless "no coupon" discount is judged apart; discountSchema).
  return gate<string>(field, (value) => typeof value === 'string', 'SAR or AED', {
    code: 'discount_currency_not_allowed',
    rule: DISCOUNT_CURRENCY_RULE,
    message: discountCurrencyMessage,
  });
}

/** Money: `{ amount, currency }` with the amount's decimals checked against its own currency. */
export function money(rules: MoneyRules) {
  const amount = gate<number | string>(
    amountField(rules.field),
    (value) => typeof value === 'number' || typeof value === 'string',
    'a number or a numeric string',
  );
  return objectOf(rules.field, { amount, currency: currencySchema(rules) }, (value, ctx) =>
    checkAmount(value, rules, ctx),
  );
}

function checkAmount(value: unknown, rules: MoneyRules, ctx: z.core.ParsePayload<unknown>): void {
  if (!isPlainObject(value)) return;
  const raw = ownValue(value, 'amount');
  if (typeof raw !== 'number' && typeof raw !== 'string') return;
  const field = amountField(rules.field);
  const parsed = parseAmount(raw);
  if (parsed === undefined) {
    addRuleIssue(
      ctx,
      field,
      'not_numeric',
      'Money: amount — numeric (a number, or a numeric string)',
      `amount must be numeric, like 12.50 or "12.50"; got ${describeValue(raw)}.`,
      ['amount'],
    );
    return;
  }
  const currency = effectiveCurrency(value);
  const precision = precisionOf(currency);
  if (decimalsOf(parsed) > precision)
    addRuleIssue(
      ctx,
      field,
      'too_many_decimals',
      DECIMALS_RULE,
      tooManyDecimalsWords(raw, decimalsOf(parsed), currency, precision),
      ['amount'],
    );
  const minimum = rules.minimum;
  if (minimum !== undefined && parsed.value < minimum.value)
    addRuleIssue(
      ctx,
      field,
      'below_minimum',
      `${ruleName(rules.field)} — ${minimum.rule}`,
      `${rules.field.key}.amount is ${String(raw)}; the minimum is ${minimum.value}.`,
      ['amount'],
    );
}
