import type { NewEvent } from '../../../src/main/store/events-repository';

/** Stored records as the console writes them, for tests of what is derived from them. */
export const body = (value: unknown) => Buffer.from(JSON.stringify(value));

/** A createCheckout call answered 200 (profile 1 is Local, any other Sandbox). */
export function createCheckout(
  orderId: string,
  reference: string,
  atMs: number,
  profileId = 1,
  total: { amount: string; currency: string } = { amount: '120.5', currency: 'SAR' },
): NewEvent {
  return {
    kind: 'request',
    atMs,
    profileId,
    profileName: profileId === 1 ? 'Local' : 'Sandbox',
    method: 'POST',
    path: '/checkout',
    status: 200,
    orderId,
    orderReferenceId: reference,
    requestBody: body({ order_reference_id: reference, total_amount: total }),
    responseBody: body({
      order_id: orderId,
      checkout_id: 'c1',
      status: 'new',
      checkout_url: 'https://pay.example/c',
    }),
    details: { operation: 'createCheckout' },
  };
}

/**
 * A notification the listener received and judged valid, with `data` as its payload's. It names
 * no order_reference_id: the service's newest word on the reference is the order's reference,
 * and these cases keep the create request's.
 */
export function notification(orderId: string, eventType: string, atMs: number, data: unknown = []): NewEvent {
  return {
    kind: 'webhook',
    atMs,
    profileId: 1,
    profileName: 'Local',
    method: 'POST',
    path: '/',
    status: 200,
    orderId,
    eventType,
    tokenVerdict: 'valid',
    bodyVerdict: 'event',
    requestBody: body({
      order_id: orderId,
      order_number: 'x',
      event_type: eventType,
      data,
    }),
  };
}
