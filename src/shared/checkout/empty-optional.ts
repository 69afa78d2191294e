import type { FieldKind } from './catalogue-types';
import type { FormField } from './field-catalogue';
import type { RawFinding } from './findings';
import type { JsonPath } from './money-paths';

/**
 * One rule for an optional field given as "". The spec does not show how the service reads an
 * empty value, so the console does not guess silently:
 * - a field the spec types as a string (text, e-mail, date, URI, a closed list) is read as not
 *   given. Where the official client (tamara-solution/php-sdk) sends "" for the field whenever
 *   the merchant set none, that is the service's own usage and passes without a word, whatever
 *   the setting below (the official client must run unchanged against the emulator); anywhere
 *   else it is one `empty_optional` finding, and no other finding on the field (the leaves in
 *   field-rules.ts let an optional "" through). Its weight is a setting, `EmptyOptionalChoice`:
 *   a warning by default, an error (`refuse`), or nothing (`accept`);
 * - a field of another type (integer, number, boolean, Money, object) given "" is `wrong_type`,
 *   as any string would be: the spec shows its type;
 * - the extra risk fields, whose types are not shown, take any value, "" included.
 * A required field given "" is an error, as before. The builder, `validate` and the emulator all
 * judge through `validateCheckout`, so all three say the same.
 */

/**
 * The optional fields the official client sends as "" when the merchant set none, read from its
 * models (2.0.6): `Order::getLocale()`, `getPlatform()`; `OrderItem::getType()`,
 * `getItemUrl()`, `getImageUrl()`; `Address::getLine2()`, `getRegion()`, `getPhoneNumber()`, each
 * `?? ''` and always in `toArray()`. Its other unset values are null (`billing_address`,
 * `unit_price`, `discount_amount`) or left out (`instalments`, `expires_in_minutes`).
 */
export const OFFICIAL_CLIENT_EMPTY_FIELDS = [
  'locale',
  'platform',
  'items[].type',
  'items[].item_url',
  'items[].image_url',
  'shipping_address.line2',
  'shipping_address.region',
  'shipping_address.phone_number',
  'billing_address.line2',
  'billing_address.region',
  'billing_address.phone_number',
] as const;

/**
 * How an optional text field given "" is judged (outside the official client's own ""):
 * `warn` (the default) one `empty_optional` warning; `refuse` the same finding as an error, so
 * the emulator answers 400 and `validate` fails; `accept` read as not given without a word.
 */
export const EMPTY_OPTIONAL_CHOICES = ['warn', 'refuse', 'accept'] as const;
export type EmptyOptionalChoice = (typeof EMPTY_OPTIONAL_CHOICES)[number];
export const DEFAULT_EMPTY_OPTIONAL: EmptyOptionalChoice = 'warn';

/** The kinds the spec types as a string: "" is a value of the right type, its meaning not shown. */
const TEXT_KINDS: readonly FieldKind[] = ['string', 'email', 'date', 'uri', 'enum'];

const EMPTY_VALUE_NOT_SHOWN = 'an empty value: not shown';

export const NOTIFICATION_URL_FIELD = 'Events: the notification URL given in the checkout request';

/**
 * Where the official client always puts the notification URL: `MerchantUrl::getNotificationUrl()`
 * is typed `string` under strict_types, so a merchant without a notification endpoint can only
 * give "" there. That "" is the client's own, as the fields above are: it passes without a word
 * under every choice (a profile whose notification field is elsewhere is judged as before).
 */
export const OFFICIAL_CLIENT_NOTIFICATION_FIELD = 'merchant_url.notification';

/**
 * The finding for an optional field given "" at `path` (a warning, or under `refuse` an error);
 * `rule` names the field as the spec does.
 */
export function emptyOptionalFinding(
  path: JsonPath,
  rule: string,
  choice: Exclude<EmptyOptionalChoice, 'accept'> = 'warn',
  given: '""' | 'null' = '""',
): RawFinding {
  const key = String(path[path.length - 1] ?? '');
  const reading =
    choice === 'refuse'
      ? 'the console is set to refuse it (empty optional values: refuse)'
      : 'the console reads it as not given';
  return {
    severity: choice === 'refuse' ? 'error' : 'warning',
    path,
    code: 'empty_optional',
    rule: `${rule} — optional; ${EMPTY_VALUE_NOT_SHOWN}`,
    message:
      `${key} is given as ${given === 'null' ? 'null' : '"" (empty)'}. How the service reads ${given === 'null' ? 'null' : 'an empty value'} is not shown in ` +
      `the spec; ${reading}. Leave ${key} out, or give it a value.`,
  };
}

const officialEmpty: ReadonlySet<string> = new Set(OFFICIAL_CLIENT_EMPTY_FIELDS);
const textKinds: ReadonlySet<FieldKind> = new Set(TEXT_KINDS);
/** Whether a field given "" is judged here (request-walk.ts finds them; the notification URL's field is judged too). */
export const isEmptyJudged = (field: FormField) =>
  !field.required && textKinds.has(field.kind) && !officialEmpty.has(field.path);
