import { isCurrency } from './currencies';
import { isPlainObject, ownValue } from './findings';
import { parseAmount } from './money';

/**
 * The discount the official client sends on every order that has no coupon: an empty name and
 * a zero amount in the order's currency (`{"name": "", "amount": {"amount": 0.0, "currency":
 * "KWD"}}`). The spec says a discount is only for a coupon, with a name, in SAR or AED; this one
 * is no discount at all, so it is accepted with a warning rather than refused
 * (docs/emulator-fidelity.md), whatever currency the order is in.
 */
export function isNoCouponDiscount(value: unknown): boolean {
  if (!isPlainObject(value) || ownValue(value, 'name') !== '') return false;
  const amount = ownValue(value, 'amount');
  if (!isPlainObject(amount)) return false;
  const parsed = parseAmount(ownValue(amount, 'amount'));
  const currency = ownValue(amount, 'currency');
  return (
    parsed !== undefined &&
    parsed.integerDigits === '' &&
    parsed.fractionDigits === '' &&
    (currency === undefined || isCurrency(currency) || isCurrencyCodeShaped(currency))
  );
}

/**
 * A code written as ISO 4217 writes one (`USD`): the client writes the order's currency into
 * its no-coupon discount, so one the service does not take is the order's mistake, said once
 * at the order (not_supported_country_currency, total_amount.currency), never again here.
 */
const isCurrencyCodeShaped = (value: unknown): boolean =>
  typeof value === 'string' && /^[A-Z]{3}$/.test(value);
