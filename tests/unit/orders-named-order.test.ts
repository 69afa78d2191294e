import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { findingsWords } from '../../src/shared/orders/order-lifecycle';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import { call, captured, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

/** Another order than ORDER_ID, the one the edited requests name. */
const OTHER = '4c1d7e2f-9b8a-4f3e-8d2c-1a0b9c8d7e6f';

/** A call as the client stores it, at `path`, filed under `orderId` (ORDER_ID unless told). */
function sent(
  operation: Parameters<typeof call>[0],
  path: string,
  outcome: Parameters<typeof call>[1],
  orderId = ORDER_ID,
): OrderRecord {
  return { ...call(operation, outcome), path, orderId };
}

const money = (amount: string, currency = 'SAR') => ({ amount, currency });

describe('a call filed under one order that names another', () => {
  beforeEach(() => resetRecords());

  // Records stored before the client filed calls by what they name: the editor opened from
  // ORDER_ID sent them with OTHER in the URL or body, and the answer was about OTHER.
  const approved = () => [created(), webhook('order_approved')];

  it('a get-order answer about another order does not move this one', () => {
    const records = [
      ...approved(),
      sent('getOrder', `/merchants/orders/${OTHER}`, {
        response: { order_id: OTHER, status: 'partially_refunded' },
      }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.entries.at(-1)).toMatchObject({ effect: 'contradicts', source: 'get_order' });
    expect(lifecycle.findings).toEqual([
      {
        recordId: 3,
        severity: 'error',
        code: 'names_another_order',
        message: `Names order ${OTHER} (its URL and the answer): not evidence about this order`,
      },
    ]);
  });

  it('nor does an authorise, a capture or a refund whose URL, body or answer names another order', () => {
    const records = [
      ...approved(),
      sent('authorise', `/api/v1/orders/${OTHER}/authorise`, {
        request: { order_id: OTHER },
        response: { order_id: OTHER, status: 'authorised' },
      }),
      // The body alone names it: capture's path carries no order id.
      sent('capture', '/payments/capture', {
        request: { order_id: OTHER, total_amount: money('0.50') },
        response: { ok: true },
      }),
      sent('refund', `/payments/simplified-refund/${OTHER}`, {
        request: { total_amount: money('10.00') },
        response: { order_id: OTHER, refund_id: 'r-1', refunded_amount: money('10.00') },
      }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.facts.refundedAmount).toBeNull();
    // No over_refund: the refund was never this order's.
    expect(lifecycle.findings.map((finding) => [finding.recordId, finding.code])).toEqual([
      [3, 'names_another_order'],
      [4, 'names_another_order'],
      [5, 'names_another_order'],
    ]);
    expect(lifecycle.findings[1]?.message).toBe(
      `Names order ${OTHER} (its body): not evidence about this order`,
    );
  });

  it('a URL and a body naming two orders, with no order in the answer, moves neither', () => {
    const records = [
      ...approved(),
      sent('authorise', `/orders/${ORDER_ID}/authorise`, {
        request: { order_id: OTHER },
        response: { status: 'authorised' },
        details: { sentForOrder: ORDER_ID },
      }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.findings[0]?.message).toBe(
      `Sent for this order; it names this order (its URL) and order ${OTHER} (its body): not evidence about this order`,
    );
  });

  it('the order the answer names is moved, with a finding that says whose editor sent it', () => {
    const records = [
      created(),
      webhook('order_approved'),
      sent('authorise', `/orders/${ORDER_ID}/authorise`, {
        request: { order_id: ORDER_ID },
        response: { order_id: ORDER_ID, status: 'authorised' },
        details: { sentForOrder: OTHER, pathTemplate: '/orders/{order_id}/authorise' },
      }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.findings).toEqual([
      {
        recordId: 3,
        severity: 'warning',
        code: 'order_names_disagree',
        message: `Sent for order ${OTHER}, but names this order (its URL, its body and the answer); counted for this order, the order the service answered for`,
      },
    ]);
  });

  it('the answer is the service’s word over the URL: an answer naming this order counts here', () => {
    const records = [
      created(),
      webhook('order_approved'),
      sent('authorise', `/orders/${OTHER}/authorise`, { response: { order_id: ORDER_ID } }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['order_names_disagree']);
  });

  it('reads the path template the call was made from, and counts calls that name this order or none', () => {
    const records = [
      created(),
      webhook('order_approved'),
      sent('authorise', `/v2/o/${encodeURIComponent(ORDER_ID)}/auth`, {
        details: { pathTemplate: '/v2/o/{order_id}/auth', sentForOrder: ORDER_ID },
      }),
      webhook('order_authorised'),
      captured('6f1c9b57-2c7e-4f0e-9a53-8a1f0c9d2b11', '40.00'),
      // A custom template the record does not keep, and no order id in the body: nothing says another.
      sent('getOrder', `/custom/${OTHER}/read`, { response: { status: 'partially_captured' } }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual([
      'moved',
      'moved',
      'moved',
      'confirmed',
      'moved',
      'confirmed',
    ]);
    // Another order in a URL of the template the record keeps is named, the same as the default's.
    resetRecords();
    const other = deriveLifecycle(ORDER_ID, [
      created(),
      sent('getOrder', `/v2/o/${OTHER}`, {
        response: { status: 'declined' },
        details: { pathTemplate: '/v2/o/{order_id}' },
      }),
    ]);
    expect(other.state).toBe('new');
    expect(other.findings.map((finding) => finding.code)).toEqual(['names_another_order']);
  });
});

describe('the findings’ headline', () => {
  it('calls a counted call sent from another order’s editor no contradiction', () => {
    expect(findingsWords([{ code: 'order_names_disagree' }])).toBe(
      'a call sent for another order that names this one, counted',
    );
    expect(findingsWords([{ code: 'names_another_order' }, { code: 'order_names_disagree' }])).toBe(
      'evidence that contradicts the order or cannot be read, not counted; a call sent for another order that names this one, counted',
    );
    expect(findingsWords([{ code: 'currency_mismatch' }])).toBe(
      'evidence that contradicts the order or cannot be read, not counted',
    );
  });
});
