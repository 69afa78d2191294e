import type { ClientOperation } from '../../../src/shared/merchant-api';
import type { OrderRecord } from '../../../src/shared/orders/order-record';

export const ORDER_ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
export const CAPTURE_1 = '6f1c9b57-2c7e-4f0e-9a53-8a1f0c9d2b11';
export const CAPTURE_2 = '9a7c2e41-0b3d-4c55-8e6f-1d2c3b4a5f66';

let nextId = 1;
let clock = Date.parse('2026-03-01T10:00:00Z');

/** Restarts ids and the clock so each case reads the same. */
export function resetRecords(): void {
  nextId = 1;
  clock = Date.parse('2026-03-01T10:00:00Z');
}

function base(kind: OrderRecord['kind']): OrderRecord {
  clock += 60_000;
  return {
    id: nextId++,
    uid: `uid-${nextId}`,
    kind,
    at: new Date(clock).toISOString(),
    profileId: 1,
    profileName: 'Local',
    method: 'POST',
    path: '/',
    url: null,
    status: 200,
    durationMs: 5,
    orderId: ORDER_ID,
    firstNamedOrderId: null,
    orderReferenceId: null,
    eventType: null,
    tokenVerdict: null,
    bodyVerdict: null,
    error: null,
    relatedId: null,
    imported: false,
    provenance: 'service',
    originalProvenance: null,
    bodyFindings: null,
    tokenFindings: null,
    operation: null,
    notSent: null,
    unanswered: false,
    requestJson: null,
    responseJson: null,
    details: {},
  };
}

export interface CreateOptions {
  amount?: string | number;
  currency?: string;
  reference?: string;
  status?: number;
}

export function created(options: CreateOptions = {}): OrderRecord {
  const ok = (options.status ?? 200) < 300;
  return {
    ...base('request'),
    path: '/checkout',
    status: options.status ?? 200,
    orderReferenceId: options.reference ?? 'REF-1',
    requestJson: {
      order_reference_id: options.reference ?? 'REF-1',
      order_number: 'N-1',
      total_amount: { amount: options.amount ?? '100.00', currency: options.currency ?? 'SAR' },
    },
    responseJson: ok
      ? {
          order_id: ORDER_ID,
          checkout_id: 'c0ffee00-0000-4000-8000-000000000001',
          status: 'new',
          checkout_url: `https://pay.example/checkout?order_id=${ORDER_ID}&locale=en_US`,
        }
      : { message: 'Bad request', errors: [{ error_code: 'not_supported_country_currency' }] },
    operation: 'createCheckout',
    details: { operation: 'createCheckout' },
  };
}

export function webhook(
  eventType: string,
  data: unknown = [],
  extra: Partial<OrderRecord> = {},
): OrderRecord {
  return {
    ...base('webhook'),
    eventType,
    tokenVerdict: 'valid',
    bodyVerdict: 'event',
    orderReferenceId: 'REF-1',
    requestJson: {
      order_id: ORDER_ID,
      order_reference_id: 'REF-1',
      order_number: 'N-1',
      event_type: eventType,
      data,
    },
    ...extra,
  };
}

export function captured(captureId: string, amount: string, currency = 'SAR'): OrderRecord {
  return webhook('order_captured', { capture_id: captureId, captured_amount: { amount, currency } });
}

export function call(
  operation: ClientOperation,
  outcome: {
    status?: number | null;
    request?: unknown;
    response?: unknown;
    details?: Record<string, unknown>;
  } = {},
): OrderRecord {
  const status = outcome.status === undefined ? 200 : outcome.status;
  return {
    ...base('request'),
    status,
    requestJson: outcome.request ?? null,
    responseJson: outcome.response ?? null,
    operation,
    details: { operation, ...(outcome.details ?? {}) },
  };
}

export function money(amount: string, currency = 'SAR') {
  return { order_id: ORDER_ID, total_amount: { amount, currency } };
}

/** A replay the console sent of `original` (exact unless told), with the data it carried. */
export function replayOf(
  original: OrderRecord,
  options: { tokenMode?: string; bodyEdited?: boolean; data?: unknown; preset?: string } = {},
): OrderRecord {
  const tokenMode = options.tokenMode ?? 'original';
  const bodyEdited = options.bodyEdited ?? false;
  const payload = { ...(original.requestJson as Record<string, unknown>) };
  if (options.data !== undefined) payload['data'] = options.data;
  return {
    ...base('replay'),
    eventType: original.eventType,
    relatedId: original.id,
    provenance: bodyEdited || tokenMode !== 'original' ? 'crafted' : 'replay',
    requestJson: payload,
    details: { tokenMode, bodyEdited, ...(options.preset === undefined ? {} : { preset: options.preset }) },
  };
}

/** The listener's record of `replay` (same body), linked to it as the listener links it. */
export function arrivalOf(
  replay: OrderRecord,
  tokenVerdict: OrderRecord['tokenVerdict'] = 'valid',
): OrderRecord {
  return {
    ...base('webhook'),
    eventType: replay.eventType,
    tokenVerdict,
    bodyVerdict: 'event',
    orderReferenceId: 'REF-1',
    relatedId: replay.id,
    provenance: replay.provenance,
    requestJson: replay.requestJson,
  };
}

export function forwardOf(original: OrderRecord): OrderRecord {
  return { ...base('forward'), eventType: original.eventType, relatedId: original.id, provenance: 'forward' };
}

export function deliveryOf(eventType: string): OrderRecord {
  return { ...base('delivery'), eventType };
}

/** The emulator's delivery that this console's listener recorded as `arrival`, linked as delivery-arrival.ts links it. */
export function deliveryArrivedAs(arrival: OrderRecord): OrderRecord {
  return { ...deliveryOf(arrival.eventType ?? ''), url: 'http://127.0.0.1:4310/', relatedId: arrival.id };
}

/** `record` as imported from a file (a copy of it with its own id). */
export function importedCopy(record: OrderRecord): OrderRecord {
  const fresh = base(record.kind);
  return { ...record, id: fresh.id, uid: fresh.uid, at: fresh.at, imported: true, provenance: 'import' };
}
