import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { defaultOperationAmount } from '../../src/shared/orders/operation-amount';
import {
  operationBlockedByAmounts,
  operationBlockedReason,
} from '../../src/shared/orders/operation-availability';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import {
  CAPTURE_1,
  CAPTURE_2,
  call,
  captured,
  created,
  money,
  ORDER_ID,
  resetRecords,
  webhook,
} from './helpers/order-records';

/**
 * The Orders view reads the emulator's notifications as the emulator's order reads
 * (emulator-capture-after-refund.test.ts): an order partly captured and refunded keeps its rest,
 * which can still be captured or cancelled, and is fully refunded only when nothing is left to
 * capture.
 */

beforeEach(resetRecords);

const refunded = (refundId: string, amount: string) =>
  webhook('order_refunded', { refund_id: refundId, refunded_amount: { amount, currency: 'SAR' } });
const authorised = () => [
  created({ amount: '100.00' }),
  webhook('order_approved'),
  webhook('order_authorised'),
];
const derive = (records: OrderRecord[]) => deriveLifecycle(ORDER_ID, records);
const effects = (records: OrderRecord[]) => derive(records).entries.map((entry) => entry.effect);

describe('the rest of a partly captured order, after a refund', () => {
  it('captured after a refund: the capture counts and moves nothing back; fully refunded once all is', () => {
    const records = [
      ...authorised(),
      captured(CAPTURE_1, '30.00'),
      refunded('r-1', '10.00'),
      captured(CAPTURE_2, '70.00'),
    ];
    const lifecycle = derive(records);
    expect(lifecycle.state).toBe('partially_refunded');
    expect(lifecycle.facts.capturedAmount).toBe('100.00');
    expect(effects(records).at(-1)).toBe('moved');
    expect(lifecycle.outOfOrder).toBe(0);
    expect(derive([...records, refunded('r-2', '90.00')]).state).toBe('fully_refunded');
  });

  it('all that was captured refunded, the rest uncaptured: partially refunded, as the emulator says', () => {
    const records = [
      ...authorised(),
      captured(CAPTURE_1, '30.00'),
      refunded('r-1', '10.00'),
      refunded('r-2', '20.00'),
    ];
    expect(derive(records).state).toBe('partially_refunded');
  });

  it('the rest cancelled after a partial capture: still partially captured, then fully refunded', () => {
    const records = [...authorised(), captured(CAPTURE_1, '30.00'), webhook('order_canceled')];
    const lifecycle = derive(records);
    expect(lifecycle.state).toBe('partially_captured');
    expect(lifecycle.outOfOrder).toBe(0);
    expect(lifecycle.facts.remainingToCapture).toBe('0.00');
    expect(derive([...records, refunded('r-1', '30.00')]).state).toBe('fully_refunded');
  });

  // All captured was refunded, then the rest cancelled: the emulator answers the cancel with
  // fully_refunded and sends order_canceled, while Orders stayed partially refunded and offered
  // Refund, which the emulator refused (409).
  it('all captured refunded, then the rest cancelled: fully refunded, and nothing left to refund', () => {
    const records = [
      ...authorised(),
      captured(CAPTURE_1, '20.00'),
      refunded('r-1', '20.00'),
      webhook('order_canceled'),
    ];
    const lifecycle = derive(records);
    expect(lifecycle.state).toBe('fully_refunded');
    expect(lifecycle.entries.at(-1)?.evidence).toMatch(
      /the uncaptured rest is cancelled, and all that was captured is refunded: the order is fully refunded$/,
    );
    expect(lifecycle.facts.canceledAmount).toBe('80.00');
    expect(lifecycle.outOfOrder).toBe(0);
    expect(operationBlockedReason('refund', lifecycle.state)).toMatch(/it is fully refunded\.$/);
    // The cancel's answer, then its notification (or the other way round): the second confirms
    // the first, it is not "out of order" after a fully refunded it brought about itself.
    for (const both of [
      [call('cancel', { request: money('80.00') }), webhook('order_canceled')],
      [webhook('order_canceled'), call('cancel', { request: money('80.00') })],
    ]) {
      const answered = derive([...records.slice(0, -1), ...both]);
      expect(answered.state).toBe('fully_refunded');
      expect(answered.outOfOrder).toBe(0);
      expect(effects([...records.slice(0, -1), ...both]).slice(-2)).not.toContain('out_of_order');
    }
    // Part of the captured still refundable: the cancel leaves it partially refunded.
    const partly = [
      ...authorised(),
      captured(CAPTURE_1, '20.00'),
      refunded('r-1', '5.00'),
      webhook('order_canceled'),
    ];
    expect(derive(partly).state).toBe('partially_refunded');
  });

  // A scenario's default cancel (and the Orders view's editor) sent the whole 500.33 after a
  // capture of 200, which the emulator refused (400 amount_exceeds_remaining); once the rest was
  // cancelled, the view still offered Capture and Cancel and never said what was canceled.
  it('a cancel takes the uncaptured rest by default; once it is canceled, the view says so and offers neither', () => {
    const partly = [...authorised(), captured(CAPTURE_1, '30.00'), refunded('r-1', '10.00')];
    const before = derive(partly);
    expect(defaultOperationAmount('cancel', before.facts)).toBe('70.00');
    expect(defaultOperationAmount('capture', before.facts)).toBe('70.00');
    expect(before.facts.canceledAmount).toBeNull();
    expect(operationBlockedByAmounts('cancel', before.facts)).toBeNull();
    const after = derive([...partly, webhook('order_canceled')]);
    expect(after.facts.canceledAmount).toBe('70.00');
    expect(operationBlockedByAmounts('capture', after.facts)).toBe(
      'Nothing is left to capture: of the 100.00 SAR order, 30.00 SAR is captured and 70.00 SAR canceled.',
    );
    expect(operationBlockedByAmounts('cancel', after.facts)).toMatch(/^Nothing is left to cancel: /);
    expect(operationBlockedByAmounts('refund', after.facts)).toBeNull();
    // A cancel before any capture cancels the whole total.
    expect(derive([...authorised(), webhook('order_canceled')]).facts.canceledAmount).toBe('100.00');
  });
});
