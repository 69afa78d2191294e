import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { orderLifecycleSchema } from '../../src/shared/orders/order-lifecycle';
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

/** A 2xx capture answer as the service gives it: the capture it made, and its amount. */
function captureCall(asked: string, answered: string) {
  return call('capture', {
    request: money(asked),
    response: {
      order_id: ORDER_ID,
      capture_id: CAPTURE_1,
      captured_amount: { amount: answered, currency: 'SAR' },
    },
  });
}

const authorised = () => [
  created({ amount: '100.00' }),
  webhook('order_approved'),
  webhook('order_authorised'),
];

describe('a capture the service answered and notified', () => {
  beforeEach(() => resetRecords());

  it('confirms the answer when order_captured names the same capture and amount', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...authorised(),
      captureCall('60.00', '60.00'),
      captured(CAPTURE_1, '60.00'),
    ]);
    expect(lifecycle.entries.map((entry) => entry.effect)).toEqual([
      'moved',
      'moved',
      'moved',
      'moved',
      'confirmed',
    ]);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.facts.capturedAmount).toBe('60.00');
  });

  it('is a finding when order_captured gives the answered capture another amount', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...authorised(),
      captureCall('60.00', '60.00'),
      captured(CAPTURE_1, '40.00'),
    ]);
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings.map((finding) => [finding.recordId, finding.code])).toEqual([
      [5, 'capture_amount_changed'],
    ]);
    expect(lifecycle.findings[0]?.message).toContain('60.00 SAR');
    expect(lifecycle.findings[0]?.message).toContain('40.00 SAR');
    expect(lifecycle.facts.capturedAmount).toBe('60.00');
  });

  it('is a finding when the answer comes after order_captured and disagrees with it', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...authorised(),
      captured(CAPTURE_1, '40.00'),
      captureCall('60.00', '60.00'),
    ]);
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.findings.map((finding) => [finding.recordId, finding.code])).toEqual([
      [5, 'capture_amount_changed'],
    ]);
    expect(lifecycle.facts.capturedAmount).toBe('40.00');
    expect(lifecycle.state).toBe('partially_captured');
  });

  it('counts a capture answered twice (the call sent again) once', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...authorised(),
      captureCall('60.00', '60.00'),
      captureCall('60.00', '60.00'),
      captured(CAPTURE_1, '60.00'),
    ]);
    expect(orderLifecycleSchema.parse(lifecycle)).toEqual(lifecycle);
    expect(lifecycle.entries.slice(3).map((entry) => entry.effect)).toEqual([
      'moved',
      'duplicate',
      'confirmed',
    ]);
    expect(lifecycle.facts.capturedAmount).toBe('60.00');
    expect(lifecycle.state).toBe('partially_captured');
  });

  it('counts what the answer says was captured, not what the call asked for', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [...authorised(), captureCall('60.00', '40.00')]);
    expect(lifecycle.findings).toEqual([]);
    expect(lifecycle.facts.capturedAmount).toBe('40.00');
    expect(lifecycle.entries.at(-1)?.evidence).toContain('captured 40.00 SAR');
    expect(lifecycle.entries.at(-1)?.evidence).toContain('asked for 60.00 SAR');
  });
  it("names the answer's amount, not the call's, when the answer's is in another currency or zero", () => {
    // The call asked for 40.00 SAR; the finding said "The capture call's amount is in AED".
    const inAed = call('capture', {
      request: money('40.00'),
      response: {
        order_id: ORDER_ID,
        capture_id: CAPTURE_1,
        captured_amount: { amount: '40.00', currency: 'AED' },
      },
    });
    const other = deriveLifecycle(ORDER_ID, [...authorised(), inAed]);
    expect(other.findings.map((finding) => finding.code)).toEqual(['currency_mismatch']);
    expect(other.findings[0]?.message).toContain("The capture answer's captured_amount is in AED");
    resetRecords();
    const zero = deriveLifecycle(ORDER_ID, [...authorised(), captureCall('60.00', '0.00')]);
    expect(zero.findings.map((finding) => finding.code)).toEqual(['zero_amount']);
    expect(zero.findings[0]?.message).toContain("The capture answer's captured_amount is 0.00 SAR");
  });
  it('says what the call asked for in its own currency', () => {
    // Asked 60.00 AED, answered 40.00 SAR: the record said "the call asked for 60.00 SAR".
    const asked = (amount: string) =>
      call('capture', {
        request: { order_id: ORDER_ID, total_amount: { amount, currency: 'AED' } },
        response: {
          order_id: ORDER_ID,
          capture_id: CAPTURE_1,
          captured_amount: { amount: '40.00', currency: 'SAR' },
        },
      });
    const sixty = deriveLifecycle(ORDER_ID, [...authorised(), asked('60.00')]);
    expect(sixty.facts.capturedAmount).toBe('40.00');
    expect(sixty.entries.at(-1)?.evidence).toContain('the call asked for 60.00 AED');
    resetRecords();
    // The same number in another currency is another amount: said too.
    const forty = deriveLifecycle(ORDER_ID, [...authorised(), asked('40.00')]);
    expect(forty.entries.at(-1)?.evidence).toContain('the call asked for 40.00 AED');
  });
});

// A Money object without its currency is SAR ("Default SAR", as the emulator and the webhook
// judge read it): a KWD order counted order_captured {"amount":"100.000"} as 100 KWD captured,
// where the same body saying "SAR" was a currency_mismatch.
describe('a captured_amount that leaves its currency out', () => {
  beforeEach(() => resetRecords());

  const kwdAuthorised = () => [
    created({ amount: '401.625', currency: 'KWD' }),
    webhook('order_approved'),
    webhook('order_authorised'),
  ];

  it('is SAR: on a KWD order, a currency mismatch, nothing counted', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...kwdAuthorised(),
      webhook('order_captured', { capture_id: CAPTURE_1, captured_amount: { amount: '100.000' } }),
    ]);
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['currency_mismatch']);
    expect(lifecycle.findings[0]?.message).toMatch(
      /gives no currency, which the spec's Money reads as SAR, but the order is in KWD/,
    );
  });

  it('is SAR: on a SAR order, counted', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...authorised(),
      webhook('order_captured', { capture_id: CAPTURE_1, captured_amount: { amount: '60.00' } }),
    ]);
    expect(lifecycle.facts.capturedAmount).toBe('60.00');
    expect(lifecycle.findings).toEqual([]);
  });
});
