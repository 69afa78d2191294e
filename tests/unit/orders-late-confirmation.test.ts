import { beforeEach, describe, expect, it } from 'vitest';
import { orderDetailText } from '../../src/main/cli/order-report';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { stepEvidence } from '../../src/shared/orders/strip-steps';
import { call, created, money, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

beforeEach(() => resetRecords());

// The emulator held order_authorised (Out of order, hold 20 s) while Authorise and Capture were
// answered: the record list marked the webhook "out of order … not applied: the order was
// already fully captured", and the strip said "confirmed by webhook #5" of the same record.
describe('a webhook that arrives after the order moved past its step', () => {
  const records = () => [
    created(),
    webhook('order_approved'),
    call('authorise'),
    call('capture', { request: money('100.00') }),
    webhook('order_authorised'),
  ];

  it('is confirmed late on the strip, in the record list’s words, in the view and in orders show', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, records());
    const late = lifecycle.entries[4];
    expect(late).toMatchObject({ recordId: 5, effect: 'out_of_order' });
    expect(late?.evidence).toContain('not applied: the order was already fully captured');

    const authorised = lifecycle.strip.find((step) => step.step === 'authorised');
    expect(authorised).toMatchObject({ status: 'done', recordId: 5, reachedRecordId: 3 });
    const evidence = authorised === undefined ? null : stepEvidence(authorised);
    expect(evidence).toEqual({
      reached: { recordId: 3, words: 'by response' },
      confirmed: { recordId: 5, words: 'confirmed late by webhook' },
      late: 'out of order, not applied: the order was already fully captured: a late or out-of-order claim',
    });

    const text = orderDetailText({ lifecycle, records: [] });
    const row = text.split('\n').find((line) => line.startsWith('Authorised ')) ?? '';
    expect(row).toContain(
      'by response #3, confirmed late by webhook #5 (out of order, not applied: the order was already fully captured',
    );
  });

  it('is late by webhook where it is all that proves the step', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      created(),
      webhook('order_authorised'),
      webhook('order_approved'),
    ]);
    const approved = lifecycle.strip.find((step) => step.step === 'approved');
    expect(approved === undefined ? null : stepEvidence(approved)).toMatchObject({
      reached: { recordId: 3, words: 'late by webhook' },
      confirmed: null,
      late: expect.stringContaining('out of order, not applied: the order was already authorised'),
    });
    // A confirmation in order says nothing of lateness.
    resetRecords();
    const inOrder = deriveLifecycle(ORDER_ID, [
      created(),
      webhook('order_approved'),
      call('authorise'),
      webhook('order_authorised'),
    ]);
    const authorised = inOrder.strip.find((step) => step.step === 'authorised');
    expect(authorised === undefined ? null : stepEvidence(authorised)).toEqual({
      reached: { recordId: 3, words: 'by response' },
      confirmed: { recordId: 4, words: 'confirmed by webhook' },
      late: null,
    });
  });
});
