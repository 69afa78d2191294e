import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BODY_VERDICTS, type BodyVerdict } from '../../src/shared/events';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { payload } from '../fixtures/hostile-webhooks';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('every body verdict', () => {
  const cases: [BodyVerdict, Uint8Array | null, boolean][] = [
    ['event', bytes(payload('order_approved')), false],
    [
      'legacy',
      bytes(
        '{"order_id":"6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21","order_reference_id":"R","order_status":"approved","data":[]}',
      ),
      false,
    ],
    ['unknown_shape', bytes('{"hello":"world"}'), false],
    ['invalid_json', bytes('{"order_id":'), false],
    ['empty', null, false],
    ['empty', new Uint8Array(0), false],
    ['too_large', bytes('{"partial'), true],
  ];
  it.each(cases)('%s', (verdict, body, truncated) => {
    expect(judgeWebhookBody(body, truncated).verdict).toBe(verdict);
  });
  it('covers all six words', () => {
    expect(new Set(cases.map(([verdict]) => verdict))).toEqual(new Set(BODY_VERDICTS));
  });
});

describe('checked against the spec', () => {
  it('fills order id, reference and event type', () => {
    const judged = judgeWebhookBody(bytes(payload('order_captured')), false);
    expect(judged).toMatchObject({
      verdict: 'event',
      findings: [],
      orderId: '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21',
      orderReferenceId: 'REF-1001',
      eventType: 'order_captured',
    });
  });

  it('records the legacy form as order_approved', () => {
    const judged = judgeWebhookBody(
      bytes(
        '{"order_id":"6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21","order_reference_id":"R","order_status":"approved"}',
      ),
      false,
    );
    expect(judged.verdict).toBe('legacy');
    expect(judged.eventType).toBe('order_approved');
  });

  it('keeps unlisted event types, flagged', () => {
    const judged = judgeWebhookBody(bytes(payload('order_declined', { data: {} })), false);
    expect(judged.verdict).toBe('event');
    expect(judged.eventType).toBe('order_declined');
    expect(judged.findings).toEqual([expect.objectContaining({ severity: 'warning', path: 'event_type' })]);
  });

  it("says an event type the console's own emulator sends for a move the spec does not show is its own, and only that", () => {
    // order_refunded from the emulator read as an unexplained "1 finding" against the sender.
    for (const type of ['order_declined', 'order_expired', 'order_canceled', 'order_refunded']) {
      const [finding] = judgeWebhookBody(bytes(payload(type, { data: {} })), false).findings;
      expect(finding?.message, type).toMatch(
        /the console's emulator sends it for a move the spec does not show\. Kept as sent\.$/,
      );
    }
    const [other] = judgeWebhookBody(bytes(payload('order_shipped', { data: {} })), false).findings;
    expect(other?.message).toMatch(
      /^"order_shipped" is not one of the event types the spec lists \(order_approved, order_authorised, order_captured\); kept as sent\.$/,
    );
  });

  it('approved and authorised need an empty data array', () => {
    const judged = judgeWebhookBody(bytes(payload('order_authorised', { data: {} })), false);
    expect(judged.findings).toEqual([
      expect.objectContaining({
        severity: 'error',
        path: 'data',
        message: expect.stringMatching(/empty array/),
      }),
    ]);
  });

  it('captured needs capture_id (UUID) and captured_amount (Money)', () => {
    const judged = judgeWebhookBody(
      bytes(
        payload('order_captured', {
          data: { capture_id: 'c-1', captured_amount: { amount: '10.123', currency: 'SAR' } },
        }),
      ),
      false,
    );
    expect(judged.findings.map((finding) => finding.path)).toEqual([
      'data.capture_id',
      'data.captured_amount.amount',
    ]);
    const kwd = judgeWebhookBody(
      bytes(
        payload('order_captured', {
          data: {
            capture_id: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b',
            captured_amount: { amount: 10.125, currency: 'KWD' },
          },
        }),
      ),
      false,
    );
    expect(kwd.findings).toEqual([]);
    const missing = judgeWebhookBody(
      bytes(payload('order_captured', { data: { capture_id: '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b' } })),
      false,
    );
    expect(missing.findings).toEqual([
      expect.objectContaining({ path: 'data.captured_amount', message: 'captured_amount is missing.' }),
    ]);
  });

  it('says what an unknown shape lacks', () => {
    const judged = judgeWebhookBody(bytes('{"event_type":"order_approved","order_id":"x"}'), false);
    expect(judged.verdict).toBe('unknown_shape');
    expect(judged.findings[0]?.message).toMatch(/lacks order_reference_id, order_number, data/);
  });

  it('names a byte order mark, and still reads the body behind it', () => {
    const judged = judgeWebhookBody(
      new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(payload('order_approved'))]),
      false,
    );
    expect(judged.verdict).toBe('event');
    expect(judged.findings).toEqual([
      expect.objectContaining({ severity: 'warning', message: expect.stringMatching(/byte order mark/) }),
    ]);
    expect(judgeWebhookBody(bytes(payload('order_approved')), false).findings).toEqual([]);
  });

  it('names a Content-Encoding the body came with, for every judge (listener and replay alike)', () => {
    const gzipped = new Uint8Array(gzipSync(payload('order_approved')));
    const judged = judgeWebhookBody(gzipped, false, [['Content-Encoding', 'gzip']]);
    expect(judged.verdict).toBe('invalid_json');
    expect(judged.findings[0]?.message).toMatch(/Content-Encoding: gzip, so the body is compressed/);
    // identity, or no header at all, says nothing.
    const plain = bytes(payload('order_approved'));
    expect(judgeWebhookBody(plain, false, [['content-encoding', 'identity']]).findings).toEqual([]);
    expect(judgeWebhookBody(plain, false).findings).toEqual([]);
  });

  it('an empty body is a finding, not a clean verdict: a notification carries its fields', () => {
    for (const empty of [null, new Uint8Array(0), bytes('  \n')]) {
      const judged = judgeWebhookBody(empty, false);
      expect(judged.verdict).toBe('empty');
      expect(judged.findings).toEqual([
        expect.objectContaining({
          severity: 'error',
          path: '(root)',
          message: expect.stringMatching(/order_id/),
        }),
      ]);
    }
  });

  it('non-UTF-8 bytes are invalid_json, whitespace is empty', () => {
    expect(judgeWebhookBody(new Uint8Array([0xff, 0xfe]), false).findings[0]?.message).toMatch(/not UTF-8/);
    expect(judgeWebhookBody(bytes('  \n'), false).verdict).toBe('empty');
  });

  // Its size as every message says one (byte-size.ts): "1 byte", never "1 bytes".
  it('a body of whitespace says its size in the one size wording', () => {
    expect(judgeWebhookBody(bytes(' '), false).findings[0]?.message).toMatch(
      /^The body holds only whitespace \(1 byte\): /,
    );
    expect(judgeWebhookBody(bytes('  \n'), false).findings[0]?.message).toMatch(/\(3 bytes\): /);
  });
});
