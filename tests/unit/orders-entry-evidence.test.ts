import { beforeEach, describe, expect, it } from 'vitest';
import { orderDetailJson } from '../../src/main/cli/order-report';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { findingsWords, isCountedFinding } from '../../src/shared/orders/order-lifecycle';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import { call, created, money, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

/** A capture sent whole, then cancelled before its answer (record-status.ts unansweredOf). */
const unansweredCapture = (): OrderRecord => {
  const failure = {
    kind: 'cancelled_after_sending',
    message: 'Cancelled after the whole request was sent: it may have been carried out.',
  };
  return {
    ...call('capture', { status: null, request: money('100.00'), details: { failure } }),
    error: failure.message,
    unanswered: true,
  };
};

/** `orders show --json`'s records for these records, as the CLI prints them. */
const shownRecords = (records: OrderRecord[]) =>
  orderDetailJson({ lifecycle: deriveLifecycle(ORDER_ID, records), records }).records;

// A tester read `evidence: true` in `orders show --json` on a capture still waiting for its
// answer and on one cancelled once sent: nothing of the service's was read for either, and the
// order did not move on them. `evidence` is the entry's judgement (isCountedEntry), and the
// damaged-record finding takes the same one.
describe("whether an operation's record is the service's evidence", () => {
  beforeEach(resetRecords);

  it('a pending call is not evidence; the answer that moved the order is', () => {
    const records = [
      created(),
      webhook('order_approved'),
      call('authorise'),
      call('capture', { status: null }),
    ];
    const shown = shownRecords(records);
    expect(shown.map((record) => [record.effect, record.evidence])).toEqual([
      ['moved', true],
      ['moved', true],
      ['moved', true],
      ['pending', false],
    ]);
  });

  it('an unanswered call is not evidence', () => {
    const records = [created(), webhook('order_approved'), call('authorise'), unansweredCapture()];
    expect(shownRecords(records).at(-1)).toMatchObject({ effect: 'unanswered', evidence: false });
  });

  it("a refusal is the service's answer, so it is evidence", () => {
    const records = [
      created(),
      call('capture', {
        status: 409,
        details: { serviceError: { message: 'Order is not authorised', errorCodes: ['not_allowed_state'] } },
      }),
    ];
    expect(shownRecords(records).at(-1)).toMatchObject({ effect: 'failed', status: 409, evidence: true });
  });

  it('a call that failed with no answer at all is not evidence', () => {
    const before = [created(), webhook('order_approved')];
    const failure = { kind: 'refused', message: 'ECONNREFUSED', code: 'ECONNREFUSED' };
    const refused: OrderRecord = {
      ...call('authorise', { status: null, details: { failure } }),
      error: failure.message,
    };
    expect(shownRecords([...before, refused]).at(-1)).toMatchObject({
      effect: 'failed',
      status: null,
      evidence: false,
    });
  });

  it('a damaged call record that reads as pending is listed, not counted', () => {
    const before = [created(), webhook('order_approved')];
    // Its stored status is damaged: read as no status, no error, no failure, so still waiting.
    const damaged: OrderRecord = {
      ...call('capture', { request: money('100.00') }),
      status: null,
      damaged: ['status'],
    };
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, damaged]);
    expect(lifecycle.entries.at(-1)).toMatchObject({ recordId: damaged.id, effect: 'pending' });
    const finding = lifecycle.findings.find((candidate) => candidate.recordId === damaged.id);
    expect(finding).toMatchObject({ code: 'damaged_record' });
    expect(finding?.message).toContain('it is listed as far as it can be read');
    expect(finding?.message).not.toContain('counted');
    expect(isCountedFinding(finding ?? { code: '' })).toBe(false);
    expect(findingsWords(lifecycle.findings)).toBe(
      'evidence that contradicts the order or cannot be read, not counted',
    );
  });
});
