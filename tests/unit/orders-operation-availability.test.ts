import { describe, expect, it } from 'vitest';
import { operationBlockedReason, ORDER_STATE_WORDS } from '../../src/shared/orders/operation-availability';
import { ORDER_STATES, type OrderState } from '../../src/shared/orders/order-states';
import { OPERATION_NAMES, type OperationName } from '../../src/shared/profile';

/** The rule as the README states it, written out: every (operation, state) pair is checked. */
const ALLOWED: Record<OperationName, readonly OrderState[]> = {
  authorise: ['approved'],
  // A partly captured order keeps its rest authorised, refunded or not: capture or cancel it.
  capture: ['authorised', 'partially_captured', 'partially_refunded'],
  refund: ['partially_captured', 'fully_captured', 'partially_refunded'],
  cancel: ['new', 'approved', 'authorised', 'partially_captured', 'partially_refunded'],
  getOrder: ORDER_STATES,
  updateReferenceId: ORDER_STATES,
};

describe('operationBlockedReason', () => {
  const pairs = OPERATION_NAMES.flatMap((operation) => ORDER_STATES.map((state) => ({ operation, state })));

  it.each(pairs)('$operation in $state', ({ operation, state }) => {
    const reason = operationBlockedReason(operation, state);
    if (ALLOWED[operation].includes(state)) expect(reason).toBeNull();
    else expect(reason).toMatch(/needs the order to be .+; it is .+\.$/);
  });

  it('says what is needed and what the order is, in words', () => {
    expect(operationBlockedReason('capture', 'approved')).toBe(
      'Capture needs the order to be authorised, partially captured or partially refunded; it is approved.',
    );
    expect(operationBlockedReason('refund', 'fully_refunded')).toBe(
      'Refund needs the order to be partially captured, fully captured or partially refunded; it is fully refunded.',
    );
  });

  it('names each state as the service does (data.status), not by a second name', () => {
    // A 409 said "…it is captured." beside data.status "fully_captured", the badge CAPTURED.
    for (const state of ORDER_STATES) expect(ORDER_STATE_WORDS[state]).toBe(state.replaceAll('_', ' '));
  });

  it('blocks nothing when the state is not known', () => {
    for (const operation of OPERATION_NAMES) expect(operationBlockedReason(operation, null)).toBeNull();
  });
});
