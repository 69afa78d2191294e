import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { operationBlockedReason } from '../../src/shared/orders/operation-availability';
import { created, ORDER_ID, resetRecords } from './helpers/order-records';

// A create-checkout answer with "status":"fully_captured" put a new order straight into FULLY
// CAPTURED, nothing captured, no finding, Refund enabled. The spec: status is `new` on creation.

describe('a create-checkout answer with another status than new', () => {
  beforeEach(() => resetRecords());

  it('creates the order as new, with a finding naming the record and the status it said', () => {
    const record = created();
    const lifecycle = deriveLifecycle(ORDER_ID, [
      { ...record, responseJson: { ...(record.responseJson as object), status: 'fully_captured' } },
    ]);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.findings).toEqual([
      {
        recordId: 1,
        severity: 'error',
        code: 'create_status',
        message:
          'The create-checkout answer says status "fully_captured", but a checkout is new on creation (the spec): the order is new, not fully captured',
      },
    ]);
    expect(lifecycle.entries[0]).toMatchObject({ effect: 'moved', stateAfter: 'new' });
    expect(operationBlockedReason('refund', lifecycle.state)).toMatch(/it is new/);
  });

  it('new says nothing more', () => {
    expect(deriveLifecycle(ORDER_ID, [created()]).findings).toEqual([]);
  });
});
