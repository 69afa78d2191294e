import { randomUUID } from 'node:crypto';
import { validateCheckout, LIMITS, type Finding } from '../../shared/checkout';
import { parseAmount } from '../../shared/checkout/money';
import type { EmulatorOrderRow } from '../store/emulator-repository';
import { EmulatorError } from './emulator-errors';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const stringAt = (object: Record<string, unknown>, key: string): string | null =>
  typeof object[key] === 'string' ? object[key] : null;

/**
 * The emulator cannot know which form a merchant integrated; it takes the education form when
 * the request carries `risk_assessment.education`, the general form otherwise (README).
 */
export function formOf(payload: unknown): 'general' | 'education' {
  if (!isObject(payload)) return 'general';
  const risk = payload['risk_assessment'];
  return isObject(risk) && risk['education'] !== undefined ? 'education' : 'general';
}

/** 400 with one `errors` entry per error finding, as the service answers (with the field path). */
function validationError(errors: readonly Finding[]): EmulatorError {
  const onlyPair = errors.every((finding) => finding.code === 'not_supported_country_currency');
  const message = onlyPair
    ? 'Country and currency combination is not supported.'
    : `The checkout request is not valid: ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}.`;
  return new EmulatorError(
    400,
    errors[0]?.code ?? 'invalid_request',
    message,
    errors.map((finding) => ({ error_code: finding.code, path: finding.path, message: finding.message })),
  );
}

export interface NewOrderOptions {
  /** Where the checkout page is served (the emulator's own URL). */
  pageBaseUrl: string;
  /** The request field that carries the notification URL (the Local profile's setting). */
  notificationField: string;
  legacyApproved: boolean;
  nowMs: number;
}

function valueAtPath(payload: Record<string, unknown>, path: string): unknown {
  let value: unknown = payload;
  for (const key of path.split('.')) value = isObject(value) ? value[key] : undefined;
  return value;
}

/** Validates a create-checkout body with the shared model and makes the `new` order it describes. */
export function newOrderFrom(payload: unknown, options: NewOrderOptions): EmulatorOrderRow {
  const errors = validateCheckout(payload, {
    form: formOf(payload),
    notificationField: options.notificationField,
  }).filter((finding) => finding.severity === 'error');
  if (errors.length > 0 || !isObject(payload)) throw validationError(errors);
  const total = isObject(payload['total_amount']) ? payload['total_amount'] : {};
  const currency = stringAt(total, 'currency') ?? 'SAR';
  const amount = parseAmount(total['amount']);
  const minutes =
    typeof payload['expires_in_minutes'] === 'number'
      ? payload['expires_in_minutes']
      : typeof payload['expire_in_minutes'] === 'number'
        ? payload['expire_in_minutes']
        : LIMITS.defaultExpiryMinutes;
  // The spec: without a locale a new customer gets ar_SA.
  const locale = stringAt(payload, 'locale') ?? 'ar_SA';
  const notification = valueAtPath(payload, options.notificationField);
  const orderId = randomUUID();
  const reference = stringAt(payload, 'order_reference_id');
  return {
    orderId,
    checkoutId: randomUUID(),
    state: 'new',
    payload: JSON.stringify(payload),
    referenceId: reference,
    orderNumber: stringAt(payload, 'order_number') ?? reference,
    locale,
    currency,
    totalAmount: amount === undefined ? '0' : String(total['amount']),
    capturedAmount: '0',
    refundedAmount: '0',
    notificationUrl: typeof notification === 'string' && notification !== '' ? notification : null,
    legacyApproved: options.legacyApproved,
    faults: null,
    createdAtMs: options.nowMs,
    expiresAtMs: options.nowMs + minutes * 60_000,
    updatedAtMs: options.nowMs,
  };
}

export function checkoutUrlOf(
  order: Pick<EmulatorOrderRow, 'orderId' | 'locale'>,
  pageBaseUrl: string,
): string {
  const url = new URL('/checkout-page', pageBaseUrl);
  url.searchParams.set('order_id', order.orderId);
  url.searchParams.set('locale', order.locale);
  return url.toString();
}
