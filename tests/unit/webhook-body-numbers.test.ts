import { describe, expect, it } from 'vitest';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';

// JSON.parse reads 1e999999 as Infinity, and JSON.stringify(Infinity) is "null": a finding built
// from the parsed value told the user the body held null. Findings show a number as written.

const judge = (text: string) => judgeWebhookBody(new TextEncoder().encode(text), false).findings;
const ORDER_ID = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';
const event = (fields: string) =>
  `{"order_id":"${ORDER_ID}","order_number":"N-1","event_type":"order_approved","data":[],${fields}}`;

describe('a number in a finding is shown as the body wrote it', () => {
  it('order_reference_id 1e999999 (Infinity once parsed) is shown as 1e999999, never as null', () => {
    const findings = judge(event('"order_reference_id":1e999999'));
    expect(findings).toEqual([
      {
        severity: 'error',
        path: 'order_reference_id',
        message: 'order_reference_id must be a string, not the number 1e999999.',
      },
    ]);
  });

  it('a negative overflow, an integer past 2^53 and a plain number keep their written form', () => {
    expect(judge(event('"order_reference_id":-1E400'))[0]?.message).toBe(
      'order_reference_id must be a string, not the number -1E400.',
    );
    expect(judge(event('"order_reference_id": 12345678901234567890 '))[0]?.message).toBe(
      'order_reference_id must be a string, not the number 12345678901234567890.',
    );
    expect(judge(event('"order_reference_id":12.50'))[0]?.message).toBe(
      'order_reference_id must be a string, not the number 12.50.',
    );
  });

  it('the value JSON.parse kept is the one shown when a name is given twice (the last)', () => {
    const findings = judge(event('"order_reference_id":1,"order_reference_id":2e999'));
    expect(findings.map((finding) => finding.message)).toContain(
      'order_reference_id must be a string, not the number 2e999.',
    );
  });

  it('nested and root numbers too, and a very long one is cut', () => {
    const captured = `{"order_id":"${ORDER_ID}","order_reference_id":"R","order_number":"N","event_type":"order_captured","data":{"capture_id":1e500,"captured_amount":{"amount":"1"}}}`;
    expect(judge(captured)[0]).toMatchObject({
      path: 'data.capture_id',
      message: 'capture_id must be a UUID string, not the number 1e500.',
    });
    expect(judge('1e999999')[0]?.message).toBe('The body is JSON but the number 1e999999, not an object.');
    const long = `1${'0'.repeat(500)}`;
    expect(judge(event(`"order_reference_id":${long}`))[0]?.message).toBe(
      `order_reference_id must be a string, not the number ${long.slice(0, 40)}… (501 characters).`,
    );
  });

  it('a text is worded as the checkout rules word it, and cut when long: a 1 MB value is not copied into its findings', () => {
    const long = 'x'.repeat(1_000_000);
    const findings = judge(
      `{"order_id":"${ORDER_ID}","order_reference_id":"R","order_number":"N","event_type":"order_captured","data":{"capture_id":"${long}","captured_amount":{"amount":"1"}}}`,
    );
    expect(findings[0]).toMatchObject({
      path: 'data.capture_id',
      message: `capture_id "${'x'.repeat(40)}…" is not a UUID.`,
    });
  });
});
