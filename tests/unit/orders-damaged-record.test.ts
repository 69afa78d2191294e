import { beforeEach, describe, expect, it } from 'vitest';
import { UNREADABLE_AT } from '../../src/shared/damaged-record-words';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { findingsWords, isCountedFinding } from '../../src/shared/orders/order-lifecycle';
import { created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

// A tester damaged webhook #4's details by hand ('{not json') after `emulator pay`: orders show
// called it "not counted" in its findings while the same report said "Approved current … by
// webhook #4" and listed it as "moved approved". A verified notification counts as the listener
// judged its body, and that judgement is kept in the details: unreadable, it is no judgement
// (docs/data-safety.md), so the notification moves nothing. A record damaged only where its
// judgement is not kept (its time) still counts, and its finding says so.
describe('a record whose stored row is damaged in part', () => {
  beforeEach(resetRecords);

  it("a webhook whose details (the listener's judgement) cannot be read moves nothing", () => {
    const create = created();
    const damaged = { ...webhook('order_approved'), damaged: ['details' as const] };
    const lifecycle = deriveLifecycle(ORDER_ID, [create, damaged]);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.stateRecordId).toBe(create.id);
    const entry = lifecycle.entries.find((candidate) => candidate.recordId === damaged.id);
    expect(entry?.effect).toBe('unknown');
    expect(entry?.evidence).toContain("the listener's judgement of its body cannot be read");
    expect(lifecycle.strip.find((step) => step.step === 'approved')?.recordId).toBeNull();
    const finding = lifecycle.findings.find((candidate) => candidate.recordId === damaged.id);
    expect(finding).toMatchObject({ code: 'damaged_record' });
    expect(isCountedFinding(finding ?? { code: '' })).toBe(false);
  });

  it('a webhook damaged only in its time still counts, and its finding does not say "not counted"', () => {
    const create = created();
    const damaged = { ...webhook('order_approved'), at: UNREADABLE_AT, damaged: ['at' as const] };
    const lifecycle = deriveLifecycle(ORDER_ID, [create, damaged]);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.stateRecordId).toBe(damaged.id);
    const finding = lifecycle.findings.find((candidate) => candidate.recordId === damaged.id);
    expect(finding).toMatchObject({ code: 'damaged_record_read' });
    expect(finding?.message).toContain("Record #2's stored time is damaged");
    expect(finding?.message).toContain('read from the parts that can be read, and counted');
    expect(isCountedFinding(finding ?? { code: '' })).toBe(true);
    expect(findingsWords(lifecycle.findings)).toBe(
      'a damaged record read from the parts that can be read, counted',
    );
  });
});
