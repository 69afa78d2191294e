import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import {
  call,
  CAPTURE_1,
  captured,
  created,
  money,
  ORDER_ID,
  resetRecords,
  webhook,
} from './helpers/order-records';

// A capture or refund of nothing is not a step: it moved an authorised order to "partially
// captured" while the order said nothing was captured.
const authorised = () => [
  created({ amount: '10.125', currency: 'KWD' }),
  webhook('order_approved'),
  webhook('order_authorised'),
];

describe('a capture or refund of zero', () => {
  beforeEach(() => resetRecords());

  it('order_captured of 0.000 is a finding and leaves the order authorised', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [...authorised(), captured(CAPTURE_1, '0.000', 'KWD')]);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['zero_amount']);
    expect(lifecycle.facts.capturedAmount).toBeNull();
  });

  it('a 2xx answer to a capture of 0 is a finding and moves nothing', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...authorised(),
      call('capture', { request: money('0', 'KWD') }),
    ]);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['zero_amount']);
  });

  it('order_refunded of 0 is a finding and leaves the capture as it was', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...authorised(),
      captured(CAPTURE_1, '5.000', 'KWD'),
      webhook('order_refunded', { refunded_amount: { amount: '0', currency: 'KWD' } }),
    ]);
    expect(lifecycle.state).toBe('partially_captured');
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['zero_amount']);
    expect(lifecycle.facts.refundedAmount).toBeNull();
  });
});
