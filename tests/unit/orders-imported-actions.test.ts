import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { noStateActionsNote } from '../../src/shared/orders/order-known-from';
import { initialOperationProfileId } from '../../src/renderer/src/features/orders/operation-profile';
import { created, importedCopy, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

// An order known only from imported records offered Capture, Refund, Cancel… like any order of
// unknown state, and the editor opened on whichever profile was active here, as if it were the
// order's: the file names a profile of the console that exported it, by name only.

const PROFILES = [{ id: 1 }, { id: 2 }];
const ACTIVE = 2;

/** The records as a colleague's export carries them: a profile name, no id of this console's. */
const importedOrder = () =>
  deriveLifecycle(
    ORDER_ID,
    [created({ amount: '100.00' }), webhook('order_approved'), webhook('order_authorised')].map((record) => ({
      ...importedCopy(record),
      profileId: null,
      profileName: 'Sandbox',
    })),
  );

describe('an order known only from imported records', () => {
  beforeEach(() => resetRecords());

  it('has no state, and its actions say why every operation is still offered, naming the file’s profile', () => {
    const lifecycle = importedOrder();
    expect(lifecycle.state).toBeNull();
    expect(lifecycle.knownFrom).toBe('import');
    const note = noStateActionsNote(lifecycle.knownFrom, lifecycle.facts.profileName);
    expect(note).toContain('Known only from imported records');
    expect(note).toContain('every operation is offered');
    expect(note).toContain('"Sandbox"');
    expect(note).toContain('not necessarily a profile of this one');
  });

  it('opens the operation editor with no profile picked, not the active one', () => {
    expect(initialOperationProfileId(importedOrder(), PROFILES, ACTIVE)).toBeNull();
  });

  it('still opens the editor on the order’s own profile, or the active one, for the service’s orders', () => {
    const own = deriveLifecycle(ORDER_ID, [created(), webhook('order_approved')]);
    expect(own.knownFrom).toBe('service');
    expect(initialOperationProfileId(own, PROFILES, ACTIVE)).toBe(1);
    const gone = { ...own, facts: { ...own.facts, profileId: 9 } };
    expect(initialOperationProfileId(gone, PROFILES, ACTIVE)).toBe(ACTIVE);
  });
});
