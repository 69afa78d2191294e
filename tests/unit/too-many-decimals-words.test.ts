import { describe, expect, it } from 'vitest';
import { tooManyDecimalsWords } from '../../src/shared/checkout/money';
import { EmulatorError } from '../../src/main/emulator/emulator-errors';
import { requestedAmount } from '../../src/main/emulator/operation-amounts';
import type { EmulatorOrderRow } from '../../src/main/store/emulator-orders-repository';

const omrOrder = {
  orderId: 'order-1',
  checkoutId: 'checkout-1',
  state: 'authorised',
  payload: '{}',
  referenceId: 'aed1',
  orderNumber: null,
  locale: 'en',
  currency: 'OMR',
  totalAmount: '401.62',
  capturedAmount: '0',
  refundedAmount: '0',
  notificationUrl: null,
  legacyApproved: false,
  faults: null,
  pageToken: 'token',
  createdAtMs: 0,
  expiresAtMs: 0,
  updatedAtMs: 0,
} satisfies EmulatorOrderRow;

const refusal = (amount: string): EmulatorError => {
  try {
    requestedAmount({ amount, currency: 'OMR' }, omrOrder, 0n);
  } catch (error) {
    if (error instanceof EmulatorError) return error;
    throw error;
  }
  throw new Error(`${amount} OMR was not refused`);
};

describe('an amount with more decimals than its currency takes is said in one sentence', () => {
  it('as the checkout is judged: its decimals, the currency’s, and the smallest amount it has', () => {
    expect(tooManyDecimalsWords('401.625', 3, 'OMR', 2)).toBe(
      'amount 401.625 has 3 decimals; OMR has 2, so its smallest amount is 0.01.',
    );
    expect(tooManyDecimalsWords(10.0001, 4, 'KWD', 3)).toBe(
      'amount 10.0001 has 4 decimals; KWD has 3, so its smallest amount is 0.001.',
    );
  });

  it('as the emulator refuses a capture or refund: the same sentence after its field path', () => {
    const error = refusal('40.105');
    expect(error.status).toBe(400);
    expect(error.code).toBe('too_many_decimals');
    expect(error.entries).toEqual([{ error_code: 'too_many_decimals', path: 'total_amount.amount' }]);
    expect(error.message).toBe(
      'total_amount.amount 40.105 has 3 decimals; OMR has 2, so its smallest amount is 0.01. It is refused, not rounded.',
    );
    expect(error.message).toBe(
      `total_amount.${tooManyDecimalsWords('40.105', 3, 'OMR', 2)} It is refused, not rounded.`,
    );
  });
});
