import { beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { call, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

// A 2xx that the console itself says is no answer (an HTML login page, the service's error shape,
// an empty body) moved the order: the editor said "Answered 200, but…" while the order read
// authorised, fully captured, or took the reference id the call asked for.

const HTML =
  'The service answered 200 with a body that is not JSON (Content-Type: text/html): its answers are JSON objects.';
const DECLINED =
  'The service answered 200 with an error body (declined: Payment declined): an error is not an answer to act on.';
const EMPTY = 'The service answered 200 with an empty body: its answers are JSON objects.';

const authorised = () => [created({ amount: '401.625', currency: 'KWD' }), webhook('order_approved')];

describe('a 2xx that is not an answer', () => {
  beforeEach(() => resetRecords());

  it('an HTML page answering authorise leaves the order approved, with a finding in the record view’s words', () => {
    const records = [...authorised(), call('authorise', { details: { answerProblems: [HTML] } })];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('approved');
    expect(lifecycle.entries.at(-1)).toMatchObject({
      recordId: 3,
      effect: 'contradicts',
      step: null,
      evidence: `${HTML}; not counted, state unchanged`,
    });
    expect(lifecycle.findings).toEqual([
      { recordId: 3, severity: 'error', code: 'not_an_answer', message: HTML },
    ]);
    expect(lifecycle.strip.find((step) => step.step === 'authorised')?.status).toBe('pending');
  });

  it('an error body or an empty body answering capture captures nothing', () => {
    for (const problem of [DECLINED, EMPTY]) {
      resetRecords();
      const records = [
        ...authorised(),
        webhook('order_authorised'),
        call('capture', {
          request: { total_amount: { amount: '401.625', currency: 'KWD' } },
          response:
            problem === DECLINED
              ? { message: 'Payment declined', errors: [{ error_code: 'declined' }] }
              : null,
          details: { answerProblems: [problem] },
        }),
      ];
      const lifecycle = deriveLifecycle(ORDER_ID, records);
      expect(lifecycle.state).toBe('authorised');
      expect(lifecycle.facts.capturedAmount).toBeNull();
      expect(lifecycle.findings).toEqual([
        { recordId: 4, severity: 'error', code: 'not_an_answer', message: problem },
      ]);
    }
  });

  it('an HTML page answering update reference id leaves the reference as it was', () => {
    const records = [
      ...authorised(),
      call('updateReferenceId', {
        request: { order_reference_id: 'HTMLREF' },
        details: { answerProblems: [HTML] },
      }),
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.facts.referenceId).toBe('REF-1');
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['not_an_answer']);
  });

  it('a create answer missing a field it does not need still creates the order', () => {
    const create = created();
    const records = [
      {
        ...create,
        details: {
          ...create.details,
          answerProblems: [
            'The service answered 200, but not with a created checkout: checkout_url is missing or not text (a created checkout answers order_id, checkout_id, status and checkout_url).',
          ],
        },
      },
    ];
    const lifecycle = deriveLifecycle(ORDER_ID, records);
    expect(lifecycle.state).toBe('new');
    expect(lifecycle.findings).toEqual([]);
  });
});
