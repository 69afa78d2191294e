import { parseJsonPath } from '../json-path';
import { compareSpecDates, parseSpecDate } from './dates';
import { isAbsoluteUri } from './absolute-uri';
import { describeValue, isPresent, ownValue, type RawFinding } from './findings';
import { DEFAULT_NOTIFICATION_FIELD, LIMITS } from './limits';
import { valueAt, type JsonPath } from './money-paths';
import { isNoCouponDiscount } from './no-coupon-discount';
import { formatCount } from '../count-format';
import { characterCount } from './text-length';

/** Rules between fields that are not about money: expiry spellings, date order, counts, the notification URL. */

const EXPIRY_RULE =
  'Checkout request: expires_in_minutes — the education-form field list names it expire_in_minutes; both spellings are given';

/** Both spellings with different values is an error (which one wins is not shown); the same value twice is a warning. */
export function checkExpirySpellings(payload: unknown): RawFinding[] {
  if (!isPresent(payload, 'expires_in_minutes') || !isPresent(payload, 'expire_in_minutes')) return [];
  const a = ownValue(payload, 'expires_in_minutes');
  const b = ownValue(payload, 'expire_in_minutes');
  if (Object.is(a, b))
    return [
      {
        severity: 'warning',
        path: ['expire_in_minutes'],
        code: 'duplicate_expiry',
        rule: EXPIRY_RULE,
        message: `Both expires_in_minutes and expire_in_minutes are given (both ${describeValue(a)}); one spelling is enough.`,
      },
    ];
  return [
    {
      severity: 'error',
      path: ['expire_in_minutes'],
      code: 'conflicting_expiry',
      rule: EXPIRY_RULE,
      message: `expires_in_minutes is ${describeValue(a)} but expire_in_minutes is ${describeValue(b)}; the spec does not say which wins. Give one spelling, or the same value in both.`,
    },
  ];
}

const EXPIRY_IGNORED_RULE =
  'Checkout request: expires_in_minutes — ignored unless the feature is enabled for the merchant by support; the default expiry is 30 minutes';

/**
 * An expiry the service would ignore: without the feature (the emulator's "Honour
 * expires_in_minutes", off by default, as the spec's merchant is without it) the order expires
 * after the default, whatever the request says, and a request that says 10 minutes should hear
 * so rather than "valid". A value refused on its own (out of range, not a whole number) is that
 * finding's alone.
 */
export function checkExpiryIgnored(payload: unknown, honoured: boolean): RawFinding[] {
  if (honoured) return [];
  const key = isPresent(payload, 'expires_in_minutes') ? 'expires_in_minutes' : 'expire_in_minutes';
  const value = ownValue(payload, key);
  if (
    typeof value !== 'number' ||
    !Number.isInteger(value) ||
    value < LIMITS.expiryMinutesMinimum ||
    value > LIMITS.expiryMinutesMaximum
  )
    return [];
  return [
    {
      severity: 'warning',
      path: [key],
      code: 'expiry_ignored',
      rule: EXPIRY_IGNORED_RULE,
      message:
        `${key} is ${value}, but "Honour expires_in_minutes" is off (Emulator → Settings; validate ` +
        `--honour-expires-in-minutes), as for a merchant without the feature: the value is ignored and ` +
        `the order expires after the default ${LIMITS.defaultExpiryMinutes} minutes. Turn it on if support ` +
        'enabled the feature for you.',
    },
  ];
}

const RISK: JsonPath = ['risk_assessment'];
const DATES_RULE =
  'risk_assessment: account_creation_date, date_first_paid, date_last_paid — one customer history (null if this is the first order)';

function dateOrder(payload: unknown, earlier: JsonPath, later: JsonPath, rule: string): RawFinding[] {
  const first = parseSpecDate(valueAt(payload, earlier));
  const second = parseSpecDate(valueAt(payload, later));
  if (first === undefined || second === undefined || compareSpecDates(first, second) <= 0) return [];
  const name = (path: JsonPath) => String(path[path.length - 1]);
  return [
    {
      severity: 'warning',
      path: later,
      code: 'date_order',
      rule,
      message: `${name(later)} ${String(valueAt(payload, later))} is before ${name(earlier)} ${String(valueAt(payload, earlier))}.`,
    },
  ];
}

export function checkDateOrder(payload: unknown): RawFinding[] {
  const created = [...RISK, 'account_creation_date'];
  const firstPaid = [...RISK, 'date_first_paid'];
  const lastPaid = [...RISK, 'date_last_paid'];
  const findings = [
    ...dateOrder(payload, created, firstPaid, DATES_RULE),
    ...dateOrder(payload, firstPaid, lastPaid, DATES_RULE),
    ...dateOrder(
      payload,
      [...RISK, 'education', 'start_date'],
      [...RISK, 'education', 'end_date'],
      'education: start_date, end_date — the course runs from start to end',
    ),
  ];
  const first = valueAt(payload, firstPaid);
  const last = valueAt(payload, lastPaid);
  if ((first === null) !== (last === null) && first !== undefined && last !== undefined) {
    const nullPath = first === null ? firstPaid : lastPaid;
    findings.push({
      severity: 'warning',
      path: nullPath,
      code: 'date_order',
      rule: DATES_RULE,
      message: `${String(nullPath[1])} is null but the other paid date is set; both are null only for a first order.`,
    });
  }
  return findings;
}

const ORDERS_OR_DEVICES = 'a number of orders or devices';
/** Counts that cannot be negative, each with the spec line it reads; instalments' other limits are instalments.ts'. */
const COUNTS: readonly { path: JsonPath; rule: string }[] = [
  { path: ['instalments'], rule: 'Checkout request: instalments — a number of payments' },
  { path: [...RISK, 'total_order_count'], rule: `risk_assessment: total_order_count — ${ORDERS_OR_DEVICES}` },
  {
    path: [...RISK, 'order_count_last_24h'],
    rule: `risk_assessment: order_count_last_24h — ${ORDERS_OR_DEVICES}`,
  },
  {
    path: [...RISK, 'account_security', 'devices_linked'],
    rule: `account_security: devices_linked — ${ORDERS_OR_DEVICES}`,
  },
];

export function checkCounts(payload: unknown): RawFinding[] {
  return COUNTS.flatMap(({ path, rule }): RawFinding[] => {
    const value = valueAt(payload, path);
    if (typeof value !== 'number' || value >= 0) return [];
    const name = String(path[path.length - 1]);
    return [
      {
        severity: 'warning',
        path,
        code: 'negative_count',
        rule,
        message: `${name} is ${value}; a count cannot be negative.`,
      },
    ];
  });
}

export function checkItemsNotEmpty(payload: unknown): RawFinding[] {
  const items = ownValue(payload, 'items');
  if (!Array.isArray(items) || items.length > 0) return [];
  return [
    {
      severity: 'warning',
      path: ['items'],
      code: 'empty_items',
      rule: 'Checkout request: items — one object per item',
      message:
        'items is empty: the order has nothing in it, and the total is only tax + shipping − discount.',
    },
  ];
}

const notificationPaths = new Map<string, readonly (string | number)[]>();

/** The path of the request field that carries the notification URL (not shown in the spec; per profile). */
export function notificationPath(field: string | undefined): readonly (string | number)[] {
  const text = field ?? DEFAULT_NOTIFICATION_FIELD;
  // Parsed once per field: every request asks, and a profile has one.
  let path = notificationPaths.get(text);
  if (path === undefined) {
    const parsed = parseJsonPath(text);
    path = Object.freeze(parsed.length > 0 ? parsed : parseJsonPath(DEFAULT_NOTIFICATION_FIELD));
    if (notificationPaths.size > 32) notificationPaths.clear();
    notificationPaths.set(text, path);
  }
  return path;
}

const NOTIFICATION_URL_RULE =
  'Events: the notification URL given in the checkout request — a URI (its field is not shown; default merchant_url.notification)';
/**
 * The spec's 255 is the merchant portal's webhook form's (Webhook registration: "URL … At most
 * 255 characters"); it shows no limit for the notification URL of a checkout request. A longer
 * one there is a warning that says whose limit it is, never the service's 400.
 */
const WEBHOOK_URL_LENGTH_RULE = `Webhook registration: URL — at most ${LIMITS.webhookUrlMaxLength} characters (the portal's form; no limit shown for the checkout request's notification URL)`;

export function checkNotificationUrl(payload: unknown, field: string | undefined): RawFinding[] {
  const path = notificationPath(field);
  const value = valueAt(payload, path);
  if (value === undefined) return [];
  // Optional, and the official client never sends it empty: "" is read as not given, and judged
  // with the other optional fields given "" (empty-optional.ts), as the emptyOptional option says.
  if (value === '') return [];
  if (typeof value !== 'string' || !isAbsoluteUri(value))
    return [
      {
        severity: 'error',
        path,
        code: 'invalid_uri',
        rule: NOTIFICATION_URL_RULE,
        message: `The notification URL must be an absolute URI such as https://hooks.example.com/checkout; got ${describeValue(value)}.`,
      },
    ];
  const length = characterCount(value);
  if (length <= LIMITS.webhookUrlMaxLength) return [];
  return [
    {
      severity: 'warning',
      path,
      code: 'webhook_url_too_long',
      rule: WEBHOOK_URL_LENGTH_RULE,
      message:
        `The notification URL is ${formatCount(length)} characters long; the merchant portal's webhook form takes at ` +
        `most ${formatCount(LIMITS.webhookUrlMaxLength)}, so it could not be registered there. That is not a rule the ` +
        'spec shows for the checkout request, so the request is judged valid.',
    },
  ];
}

/** The official client's "no coupon" discount: accepted, and said once (docs/emulator-fidelity.md). */
export function checkNoCouponDiscount(payload: unknown): RawFinding[] {
  if (!isNoCouponDiscount(ownValue(payload, 'discount'))) return [];
  return [
    {
      severity: 'warning',
      path: ['discount'],
      code: 'no_coupon_discount',
      rule: 'Checkout request: discount — only for a customer-specific voucher or coupon code',
      message:
        'discount has an empty name and a zero amount: no coupon. The official client sends this on every ' +
        'order without one; the spec has a discount only for a coupon, so it is accepted as no discount.',
    },
  ];
}
