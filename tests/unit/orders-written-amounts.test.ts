import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveLifecycle } from '../../src/shared/orders/derive-lifecycle';
import type { OrderLifecycle } from '../../src/shared/orders/order-lifecycle';
import type { OrderRecord } from '../../src/shared/orders/order-record';
import type { ClientOperation } from '../../src/shared/merchant-api';
import { createCheckout, notification } from './helpers/order-events';
import { call, CAPTURE_1, created, ORDER_ID, resetRecords, webhook } from './helpers/order-records';
import { openTempConsole } from './helpers/temp-console';

// A capture answered `"captured_amount":{"amount":1.0000000000000001,"currency":"SAR"}` was
// counted as 1.00 SAR captured: Orders read the number JSON.parse held, not the digits the
// answer wrote, while the listener and validate judge those digits (16 decimals; SAR has 2).

/** A console call as stored: its bodies' texts, and the JSON they parse to. */
function written(operation: ClientOperation, texts: { request?: string; response?: string }): OrderRecord {
  return {
    ...call(operation, {
      request: texts.request === undefined ? null : JSON.parse(texts.request),
      response: texts.response === undefined ? null : JSON.parse(texts.response),
    }),
    ...(texts.request === undefined ? {} : { requestText: texts.request }),
    ...(texts.response === undefined ? {} : { responseText: texts.response }),
  };
}

const capturedMoney = (amount: string, orderId = ORDER_ID) =>
  `{"order_id":"${orderId}","capture_id":"${CAPTURE_1}","captured_amount":{"amount":${amount},"currency":"SAR"}}`;
const refundedMoney = (amount: string) =>
  `{"order_id":"${ORDER_ID}","refund_id":"R-1","refunded_amount":{"amount":${amount},"currency":"SAR"}}`;

const authorised = () => [
  created({ amount: '100.00' }),
  webhook('order_approved'),
  webhook('order_authorised'),
];

function capture(texts: { request?: string; response?: string }): OrderLifecycle {
  return deriveLifecycle(ORDER_ID, [...authorised(), written('capture', texts)]);
}

function refund(texts: { request?: string; response?: string }): OrderLifecycle {
  return deriveLifecycle(ORDER_ID, [
    ...authorised(),
    written('capture', { response: capturedMoney('"100.00"') }),
    written('refund', texts),
  ]);
}

describe('an amount a console call writes with more digits than JSON holds', () => {
  beforeEach(() => resetRecords());

  it('a capture answer of 1.0000000000000001 SAR is a finding, not 1.00 SAR captured', () => {
    const lifecycle = capture({ request: '{}', response: capturedMoney('1.0000000000000001') });
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.state).toBe('authorised');
    expect(lifecycle.findings).toEqual([
      expect.objectContaining({
        recordId: 4,
        code: 'unreadable_amount',
        message:
          'The capture answer gives captured_amount, but not as an amount that can be counted: amount 1.0000000000000001 has 16 decimals; SAR has 2, so its smallest amount is 0.01, and the service answered 200',
      }),
    ]);
  });

  it('a capture answer of 12345678901234567890.12 SAR is named by its digits, not read as 12345678901234567000', () => {
    const lifecycle = capture({ request: '{}', response: capturedMoney('12345678901234567890.12') });
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.findings).toEqual([
      expect.objectContaining({
        code: 'unreadable_amount',
        message:
          'The capture answer gives captured_amount, but not as an amount that can be counted: amount 12345678901234567890.12 is read as 12345678901234567000 (the nearest number JSON holds), not as written, and the service answered 200',
      }),
    ]);
  });

  it('a refund answer of 1.0000000000000001 SAR refunds nothing', () => {
    const lifecycle = refund({ request: '{}', response: refundedMoney('1.0000000000000001') });
    expect(lifecycle.facts.capturedAmount).toBe('100.00');
    expect(lifecycle.facts.refundedAmount).toBeNull();
    expect(lifecycle.findings.map((finding) => [finding.code, finding.message])).toEqual([
      [
        'unreadable_amount',
        expect.stringMatching(
          /^The refund answer gives refunded_amount, but .*: amount 1\.0000000000000001 has 16 decimals/,
        ),
      ],
    ]);
  });

  it("a refund answer's refunds[] entry written so is named by its place", () => {
    const lifecycle = refund({
      request: '{}',
      response: `{"refunds":[{"refund_id":"R-1","total_amount":{"amount":1.0000000000000001,"currency":"SAR"}}]}`,
    });
    expect(lifecycle.facts.refundedAmount).toBeNull();
    expect(lifecycle.findings[0]?.message).toMatch(
      /^The refund answer gives refunds\[0\]\.total_amount, but .*: amount 1\.0000000000000001 has 16 decimals/,
    );
  });

  it("a capture call's request amount of 1.0000000000000001 SAR is a finding, not 1.00 SAR", () => {
    const lifecycle = capture({
      request: `{"total_amount":{"amount":1.0000000000000001,"currency":"SAR"}}`,
      response: `{"order_id":"${ORDER_ID}"}`,
    });
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.findings.map((finding) => [finding.code, finding.message])).toEqual([
      [
        'unreadable_amount',
        expect.stringMatching(
          /^The capture call gives total_amount, but .*: amount 1\.0000000000000001 has 16 decimals/,
        ),
      ],
    ]);
  });

  it("a refund call's refunds[] amount written so is a finding", () => {
    const lifecycle = refund({
      request: `{"refunds":[{"capture_id":"${CAPTURE_1}","total_amount":{"amount":12345678901234567890.12,"currency":"SAR"}}]}`,
      response: '{}',
    });
    expect(lifecycle.facts.refundedAmount).toBeNull();
    expect(lifecycle.findings[0]?.message).toMatch(
      /^The refund call gives refunds\[0\]\.total_amount, but .*: amount 12345678901234567890\.12 is read as 12345678901234567000/,
    );
  });

  it("a create-checkout's total of 1.0000000000000001 SAR is unknown, and says why", () => {
    const text = `{"order_reference_id":"REF-1","total_amount":{"amount":1.0000000000000001,"currency":"SAR"}}`;
    const lifecycle = deriveLifecycle(ORDER_ID, [
      { ...created(), requestJson: JSON.parse(text), requestText: text },
    ]);
    expect(lifecycle.facts.amount).toBeNull();
    expect(lifecycle.facts.totalUnknown).toBe(
      'the create-checkout request (record #1) gives total_amount, but not as an amount that can be counted: amount 1.0000000000000001 has 16 decimals; SAR has 2, so its smallest amount is 0.01.',
    );
  });

  it.each([
    ['10.00', '10.00'],
    ['10.5', '10.50'],
    ['100', '100.00'],
  ])(
    'an ordinary answer of %s SAR counts %s, beside a number the scan cannot tell apart',
    (amount, counted) => {
      // A 20-digit number elsewhere makes the text's one scan say "maybe": the amount is still read.
      const response = capturedMoney(amount).replace('{', '{"sequence":12345678901234567890,');
      expect(capture({ request: '{}', response }).facts.capturedAmount).toBe(counted);
      expect(capture({ request: '{}', response: capturedMoney(amount) }).facts.capturedAmount).toBe(counted);
      const refunded = refund({ request: '{}', response: refundedMoney(amount) });
      expect(refunded.facts.refundedAmount).toBe(counted);
      expect(refunded.findings).toEqual([]);
    },
  );
});

describe('a stored capture answer of 1.0000000000000001 SAR', () => {
  let dispose: () => Promise<void> = async () => undefined;
  let lifecycleOf: (orderId: string) => OrderLifecycle = () => {
    throw new Error('not opened');
  };
  const ORDER = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

  beforeAll(async () => {
    const opened = await openTempConsole();
    dispose = opened.dispose;
    lifecycleOf = (orderId) => opened.core.orders.detail(orderId).lifecycle;
    opened.core.recorder.recordMany([
      createCheckout(ORDER, 'REF-W', 1_000, 1, { amount: '100.00', currency: 'SAR' }),
      notification(ORDER, 'order_approved', 2_000),
      notification(ORDER, 'order_authorised', 3_000),
      {
        kind: 'request',
        atMs: 4_000,
        profileId: 1,
        profileName: 'Local',
        method: 'POST',
        path: `/payments/${ORDER}/capture`,
        status: 200,
        orderId: ORDER,
        requestBody: Buffer.from('{}'),
        responseBody: Buffer.from(capturedMoney('1.0000000000000001', ORDER)),
        details: { operation: 'capture' },
      },
    ]);
  });
  afterAll(async () => dispose());

  it('is read from the stored text: not counted, and named', () => {
    const lifecycle = lifecycleOf(ORDER);
    expect(lifecycle.facts.capturedAmount).toBeNull();
    expect(lifecycle.findings.map((finding) => finding.code)).toEqual(['unreadable_amount']);
  });
});
