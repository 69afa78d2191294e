import { beforeEach, describe, expect, it } from 'vitest';
import { TRANSACTION_DATA } from '../../src/main/emulator/notification-data';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { TRANSACTION_EVENT_DATA } from '../../src/shared/webhook/notification-payload';
import { CAPTURE_1, captured, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';

// A tester's order_refunded of 5.005 SAR: its record said only "not an event type the spec
// lists", while its order called the amount an unreadable_amount error in generic words and did
// not count it. order_captured of 100.005 AED got the exact reason in both. The body is judged
// once, by the listener, with order_captured's rules for the refund the emulator names alike.

const REFUND_ID = '9b2d7c1e-3f4a-4b5c-8d6e-7f8091a2b3c4';
const notification = (eventType: string, data: string) =>
  `{"order_id":"${ORDER_ID}","order_reference_id":"REF-1","order_number":"N-1","event_type":"${eventType}","data":${data}}`;
const refunded = (money: string, id = REFUND_ID) =>
  notification(
    'order_refunded',
    `{"refund_id":"${JSON.stringify(id).slice(1, -1)}","refunded_amount":${money}}`,
  );
const judged = (text: string) => judgeWebhookBody(new TextEncoder().encode(text), false);
/** The findings other than the event type's "not in the spec" warning. */
const dataFindings = (text: string) =>
  judged(text).findings.filter((finding) => finding.path !== 'event_type');

/** The listener's record of `text`, with its verdict stored as the listener stores it. */
function judgedWebhook(text: string) {
  const judgement = judged(text);
  const body = JSON.parse(text) as { data: unknown };
  return webhook(judgement.eventType ?? '', body.data, {
    requestJson: body,
    details: { body: { verdict: judgement.verdict, findings: judgement.findings } },
  });
}

describe("the record's verdict of an order_refunded", () => {
  it('gives the decimals of its amount, in the words order_captured gets', () => {
    expect(dataFindings(refunded('{"amount":"5.005","currency":"SAR"}'))).toEqual([
      {
        severity: 'error',
        path: 'data.refunded_amount.amount',
        message: 'amount 5.005 has 3 decimals; SAR has 2, so its smallest amount is 0.01.',
      },
    ]);
  });

  it('checks its refund_id, currency, and a negative or zero amount as errors, as the order counts them', () => {
    expect(dataFindings(refunded('{"amount":"5.00","currency":"SAR"}', 'r-1'))).toEqual([
      { severity: 'error', path: 'data.refund_id', message: 'refund_id "r-1" is not a UUID.' },
    ]);
    expect(dataFindings(refunded('{"amount":"5.00","currency":"USD"}'))).toEqual([
      expect.objectContaining({ severity: 'error', path: 'data.refunded_amount.currency' }),
    ]);
    expect(dataFindings(refunded('{"amount":"-5.00","currency":"SAR"}'))).toEqual([
      {
        severity: 'error',
        path: 'data.refunded_amount.amount',
        message: 'amount -5.00 is negative: no amount that can be counted was refunded.',
      },
    ]);
    expect(dataFindings(refunded('{"amount":"0.00","currency":"SAR"}'))).toEqual([
      {
        severity: 'error',
        path: 'data.refunded_amount.amount',
        message: 'amount 0.00 is zero: nothing was refunded.',
      },
    ]);
    expect(dataFindings(notification('order_refunded', '[]'))).toEqual([
      expect.objectContaining({ severity: 'error', path: 'data' }),
    ]);
  });

  it('reports the decimals of the value given twice that is judged, the last, and only those', () => {
    expect(dataFindings(refunded('{"amount":"5.00","amount":"5.005","currency":"SAR"}'))).toEqual([
      expect.objectContaining({ severity: 'warning', path: 'data.refunded_amount.amount' }),
      {
        severity: 'error',
        path: 'data.refunded_amount.amount',
        message: 'amount 5.005 has 3 decimals; SAR has 2, so its smallest amount is 0.01.',
      },
    ]);
    expect(dataFindings(refunded('{"amount":"5.005","amount":"5.00","currency":"SAR"}'))).toEqual([
      expect.objectContaining({ severity: 'warning', path: 'data.refunded_amount.amount' }),
    ]);
  });

  it("names its data as the emulator's order_refunded and order_captured do", () => {
    for (const names of Object.values(TRANSACTION_DATA))
      expect(TRANSACTION_EVENT_DATA[names.eventType]).toMatchObject({ id: names.id, amount: names.amount });
  });
});

describe("the order's finding of an order_refunded amount", () => {
  beforeEach(resetRecords);
  const capturedFifty = () => [
    created(),
    webhook('order_approved'),
    webhook('order_authorised'),
    captured(CAPTURE_1, '50.00'),
  ];

  it("is the record's, in its words and severity", () => {
    const before = capturedFifty();
    const record = judgedWebhook(refunded('{"amount":"5.005","currency":"SAR"}'));
    const lifecycle = deriveLifecycle(ORDER_ID, [...before, record]);
    expect(lifecycle.entries.at(-1)?.effect).toBe('contradicts');
    expect(lifecycle.facts.refundedAmount).toBeNull();
    expect(lifecycle.findings).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'body_error',
        message:
          'The listener judged its body with an error: amount 5.005 has 3 decimals; SAR has 2, so its smallest amount is 0.01',
      }),
    ]);
  });

  it('gives the exact reason for a record stored without that verdict', () => {
    const lifecycle = deriveLifecycle(ORDER_ID, [
      ...capturedFifty(),
      webhook('order_refunded', {
        refund_id: REFUND_ID,
        refunded_amount: { amount: '5.005', currency: 'SAR' },
      }),
    ]);
    expect(lifecycle.findings).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'unreadable_amount',
        message:
          'order_refunded gives refunded_amount, but not as an amount that can be counted: amount 5.005 has 3 decimals; SAR has 2, so its smallest amount is 0.01',
      }),
    ]);
  });
});
