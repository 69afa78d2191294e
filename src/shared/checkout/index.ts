/**
 * The checkout model: everything the spec says about a checkout session request, as code.
 *
 * Validation
 * - `validateCheckout(payload, { form, singleCheckout?, notificationField? })` → `Finding[]`, in
 *   document order, never throws (null, arrays, strings, deep nesting, `__proto__` keys…). A
 *   finding is `{ severity: 'error' | 'warning', path: 'items[2].sku', message, rule, code }`:
 *   `message` names the value and the limit, `rule` quotes the spec ("Item: sku — maximum 128
 *   characters"), `code` is stable (`FINDING_CODES`: 'too_long', 'required',
 *   'not_supported_country_currency', 'unknown_key', …). A payload is valid when it has no
 *   error finding; warnings (unknown keys, date order, the discount-currency conflict…) never
 *   make it invalid. The emulator answers one error entry per error finding.
 * - `checkoutSchemaFor(form, options)` → the zod schema for react-hook-form's `zodResolver`
 *   (field rules + cross-field errors, no warnings; `GeneralCheckoutRequest` /
 *   `EducationCheckoutRequest` are its types). `findingSchema` for contracts.
 * - `singleCheckout` (education form, default true): when false, payment_type and instalments
 *   are required. `notificationField` (default `merchant_url.notification`): the request field
 *   that carries the notification URL, checked as a URI and not flagged as unknown.
 *   `instalmentsRequired` (default `pay_by_instalments`, as the official client sends it; `always`
 *   is the spec's letter): where instalments may be left out (instalments.ts).
 *   `missingCountryCode` (default `refuse`, the required column's "yes"; `take_sa`, its
 *   "Default SA"): how a request without the top-level country_code is read (missing-country.ts).
 *
 * The builder
 * - `fieldGroupsFor(form, options)` / `fieldsFor(form, options)`: every field, grouped as the spec
 *   groups them (order, amounts, items, consumer, addresses, merchant URLs, risk assessment,
 *   account security, education, extra risk fields, additional data, expiry), with label, kind,
 *   `required` for that form, the spec's words, limits, enum values and suggestions.
 * - `computeTotals(payload)` → the breakdown (items, tax, shipping, discount, computed and stated
 *   total, currency, precision, unreadable parts); `withComputedTotal(payload)` sets total_amount.
 * - `changeCurrency(payload, currency, { setCountry })`: every Money to the currency, amounts
 *   re-rounded to its precision, a total that added up re-derived from them; the discount stays
 *   SAR/AED for BHD/KWD/OMR (the spec allows no other); a request with no total_amount gets one
 *   holding the currency, so the choice is kept; `country_code`, and each address's that
 *   was the order's, follow unless `setCountry: false`. `currencyForNewMoney` is the currency a
 *   Money made later takes. `changeCurrencyOf` also says what it
 *   rounded, and `currencyChangeWords` says it in words. `countryForCurrency`,
 *   `currencyForCountry`, `precisionOf`.
 * - `generateSample(form, { country?, seed?, now? })`: a complete, valid payload with realistic
 *   Gulf data; `freshOrderReferenceId()` for "a fresh order_reference_id on every send".
 *
 * All of it is pure TypeScript (no Node, no DOM), safe in main, the renderer and tests.
 */
export { judgeCheckout, validateCheckout, type CheckoutJudgement, type ValidateOptions } from './validate';
export { DEFAULT_EMPTY_OPTIONAL, EMPTY_OPTIONAL_CHOICES, type EmptyOptionalChoice } from './empty-optional';
export {
  checkInstalments,
  DEFAULT_INSTALMENTS_REQUIRED,
  INSTALMENTS_REQUIRED_CHOICES,
  type InstalmentsRequiredChoice,
} from './instalments';
export {
  DEFAULT_MISSING_COUNTRY_CODE,
  MISSING_COUNTRY_CODE_CHOICES,
  type MissingCountryCodeChoice,
} from './missing-country';
export { checkoutSchemaFor, type CheckoutSchema, type SchemaOptions } from './checkout-schema';
export {
  FINDING_CODES,
  findingSchema,
  findingSeveritySchema,
  type Finding,
  type FindingCode,
  type FindingSeverity,
} from './findings';
export type { CheckoutForm } from './request-parts';
export type {
  CheckoutItem,
  CheckoutRequest,
  EducationCheckoutRequest,
  GeneralCheckoutRequest,
  Money,
  RiskAssessment,
} from './request-types';
export { CATALOGUE, catalogueField, fieldGroupsFor, fieldsFor, patternOf } from './field-catalogue';
export type { CatalogueOptions, FormField, FormFieldGroup } from './field-catalogue';
export {
  FIELD_GROUPS,
  type CatalogueField,
  type FieldGroupId,
  type FieldKind,
  type Requirement,
} from './catalogue-types';
export {
  COUNTRIES,
  COUNTRY_NAMES,
  CURRENCIES,
  DEFAULT_COUNTRY,
  DEFAULT_CURRENCY,
  DISCOUNT_CURRENCIES,
  LOCALES,
  countryForCurrency,
  decimalsWords,
  currencyForCountry,
  isCountryCode,
  isCurrency,
  precisionOf,
  type CountryCode,
  type Currency,
  type Locale,
} from './currencies';
export {
  DEFAULT_NOTIFICATION_FIELD,
  EDUCATION_SUGGESTIONS,
  EDUCATION_VALUES,
  EXTRA_RISK_FIELDS,
  LIMITS,
  PAYMENT_TYPE_SUGGESTIONS,
} from './limits';
export { computeTotals, withComputedTotal, type TotalsBreakdown } from './totals';
export {
  changeCurrency,
  changeCurrencyOf,
  currencyForNewMoney,
  discountCurrencyFor,
  type ChangeCurrencyOptions,
  type CurrencyChange,
  type RoundedAmount,
} from './currency-change';
export { currencyChangeWords } from './currency-change-words';
export { formatAmount, parseAmount, roundAmount } from './money';
export { parseSpecDate, formatSpecDate, specDateFromDate } from './dates';
export { freshItemReferenceId, freshOrderReferenceId } from './order-reference';
