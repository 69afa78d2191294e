import { randomUUID } from 'node:crypto';
import {
  judgeCheckout,
  LIMITS,
  type CheckoutForm,
  type EmptyOptionalChoice,
  type InstalmentsRequiredChoice,
  type MissingCountryCodeChoice,
  type Finding,
} from '../../shared/checkout';
import type { CountryCurrencyPair } from '../../shared/checkout/country-currency-pairs';
import { parseAmount } from '../../shared/checkout/money';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import { EmulatorError } from './emulator-errors';
import type { EmulatorWarning } from './emulator-warning';
import { randomHex } from '../random-hex';
import { newOrderId } from './order-id';
import { orderLocale } from './customer-locale';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringAt = (object: Record<string, unknown>, key: string): string | null =>
  typeof object[key] === 'string' ? object[key] : null;

/**
 * 400 with one `errors` entry per error finding, as the service answers (with the field path).
 * The spec's own code leads when the country/currency pair is not supported.
 */
function validationError(errors: readonly Finding[]): EmulatorError {
  const pair = errors.filter((finding) => finding.code === 'not_supported_country_currency');
  const ordered = [...pair, ...errors.filter((finding) => finding.code !== 'not_supported_country_currency')];
  const message =
    pair.length > 0
      ? 'Country and currency combination is not supported.'
      : `The checkout request is not valid: ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}.`;
  return new EmulatorError(
    400,
    ordered[0]?.code ?? 'invalid_request',
    message,
    ordered.map((finding) => ({ error_code: finding.code, path: finding.path, message: finding.message })),
  );
}

/** How the emulator judges a create-checkout request: its settings, or what the request names. */
export interface CheckoutRules {
  form: CheckoutForm;
  singleCheckout: boolean;
  pairs: readonly CountryCurrencyPair[];
  /** `expires_in_minutes` is taken only when support enabled it for the merchant (setting). */
  honourExpiresInMinutes: boolean;
  /** An optional field given "" (not shown): warned of, refused or taken (setting). */
  emptyOptional: EmptyOptionalChoice;
  /** Where instalments may be left out: with other than PAY_BY_INSTALMENTS, or never (setting). */
  instalmentsRequired: InstalmentsRequiredChoice;
  /** A request without the top-level country_code: refused as required or taken as SA (setting). */
  missingCountryCode: MissingCountryCodeChoice;
}

export interface NewOrderOptions {
  rules: CheckoutRules;
  /** The request field that carries the notification URL (the Local profile's setting). */
  notificationField: string;
  legacyApproved: boolean;
  nowMs: number;
  /**
   * The body as received, the text `payload` was parsed from: what only the text shows (a name
   * given twice) is judged too, and the text is stored as the payload where it is what
   * JSON.stringify writes of it.
   */
  sourceText?: string;
  /** A returning customer's stored locale, asked only when the request names none (customer-locale.ts). */
  storedLocaleOf?: (customer: string) => string | undefined;
}

/** The new order, and the warnings the request earned (answered in X-Emulator-Warnings). */
export interface NewOrder {
  order: EmulatorOrderRow;
  warnings: EmulatorWarning[];
  /** The customer whose locale preference the order names, stored with it (null: none). */
  localeCustomer: string | null;
}

function valueAtPath(payload: Record<string, unknown>, path: string): unknown {
  let value: unknown = payload;
  for (const key of path.split('.')) value = isObject(value) ? value[key] : undefined;
  return value;
}

/** The order's lifetime: the default 30 minutes unless the request's own is honoured. */
function expiryMinutes(payload: Record<string, unknown>, honour: boolean): number {
  if (!honour) return LIMITS.defaultExpiryMinutes;
  const given = payload['expires_in_minutes'] ?? payload['expire_in_minutes'];
  return typeof given === 'number' ? given : LIMITS.defaultExpiryMinutes;
}

/** Validates a create-checkout body with the shared model and makes the `new` order it describes. */
export function newOrderFrom(payload: unknown, options: NewOrderOptions): NewOrder {
  const { findings, textScan } = judgeCheckout(payload, {
    form: options.rules.form,
    singleCheckout: options.rules.singleCheckout,
    pairs: options.rules.pairs,
    emptyOptional: options.rules.emptyOptional,
    instalmentsRequired: options.rules.instalmentsRequired,
    missingCountryCode: options.rules.missingCountryCode,
    honourExpiresInMinutes: options.rules.honourExpiresInMinutes,
    notificationField: options.notificationField,
    ...(options.sourceText === undefined ? {} : { sourceText: options.sourceText }),
  });
  const errors = findings.filter((finding) => finding.severity === 'error');
  if (errors.length > 0 || !isObject(payload)) throw validationError(errors);
  const total = isObject(payload['total_amount']) ? payload['total_amount'] : {};
  const currency = stringAt(total, 'currency') ?? 'SAR';
  const amount = parseAmount(total['amount']);
  // The spec: without a locale a new customer gets ar_SA, a returning one their stored preference.
  const { locale, localeCustomer } = orderLocale(payload, options.storedLocaleOf);
  const notification = valueAtPath(payload, options.notificationField);
  // Shaped as the service's (version 4) but counting up, so each insert lands at the right edge of
  // the primary key; its first 8 digits, which the timeline shows, still differ (order-id.ts).
  const orderId = newOrderId(options.nowMs);
  const reference = stringAt(payload, 'order_reference_id');
  const order: EmulatorOrderRow = {
    orderId,
    checkoutId: randomUUID(),
    state: 'new',
    // The text as it came where it is what JSON.stringify writes of the payload (the bench's
    // body, a client's JSON.stringify): the same bytes, without writing them again (issue 20).
    payload:
      textScan?.writtenAsStringifyWrites === true && options.sourceText !== undefined
        ? options.sourceText
        : JSON.stringify(payload),
    referenceId: reference,
    orderNumber: stringAt(payload, 'order_number') || reference,
    locale,
    currency,
    totalAmount: amount === undefined ? '0' : String(total['amount']),
    capturedAmount: '0',
    refundedAmount: '0',
    notificationUrl: typeof notification === 'string' && notification !== '' ? notification : null,
    legacyApproved: options.legacyApproved,
    faults: null,
    pageToken: randomHex(16),
    createdAtMs: options.nowMs,
    expiresAtMs: options.nowMs + expiryMinutes(payload, options.rules.honourExpiresInMinutes) * 60_000,
    updatedAtMs: options.nowMs,
  };
  return { order, warnings: findings.filter((finding) => finding.severity === 'warning'), localeCustomer };
}

/**
 * A page of the emulator under its page base, the base's path kept: behind a tunnel that serves
 * it at `https://tunnel.example/emu`, the hosted page is `https://tunnel.example/emu/checkout-page`
 * (an absolute `/checkout-page` would drop the `/emu` and send the customer nowhere).
 */
export function underPageBase(path: string, pageBaseUrl: string): URL {
  const base = new URL(pageBaseUrl);
  base.search = '';
  base.hash = '';
  if (!base.pathname.endsWith('/')) base.pathname = `${base.pathname}/`;
  return new URL(path.replace(/^\/+/, ''), base);
}

/** `<page base>/checkout-page` for each page base seen (a handful: the settings' public URL, its own). */
const pagePrefixes = new Map<string, string>();

function checkoutPagePrefix(pageBaseUrl: string): string {
  let prefix = pagePrefixes.get(pageBaseUrl);
  if (prefix === undefined) {
    prefix = underPageBase('checkout-page', pageBaseUrl).href;
    if (pagePrefixes.size > 16) pagePrefixes.clear();
    pagePrefixes.set(pageBaseUrl, prefix);
  }
  return prefix;
}

/** The hosted page of an order: locale and order id as the spec says, and the order's page token. */
export function checkoutUrlOf(
  order: Pick<EmulatorOrderRow, 'orderId' | 'locale' | 'pageToken'>,
  pageBaseUrl: string,
): string {
  // The same text as setting each on a new URL's searchParams, without parsing the base per order.
  const query = new URLSearchParams({
    order_id: order.orderId,
    locale: order.locale,
    token: order.pageToken,
  });
  return `${checkoutPagePrefix(pageBaseUrl)}?${query.toString()}`;
}
