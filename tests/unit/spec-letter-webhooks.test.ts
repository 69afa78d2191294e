import { describe, expect, it } from 'vitest';
import { createHmacKeyCache } from '../../src/main/jwt/hmac-key-cache';
import { judgeWebhook } from '../../src/main/listener/judge-webhook';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { webhookDetailsSchema } from '../../src/shared/webhook-details';
import { payload, signWith } from '../fixtures/hostile-webhooks';

/** Issue 18, "what the spec's letter says": the points about judging a notification. */

const bytes = (text: string) => new TextEncoder().encode(text);
const CAPTURE_ID = '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b';
const captured = (capturedAmount: unknown) =>
  judgeWebhookBody(
    bytes(payload('order_captured', { data: { capture_id: CAPTURE_ID, captured_amount: capturedAmount } })),
    false,
  ).findings;

describe('point 7: captured_amount without a currency is SAR, as the Money table defaults it', () => {
  it('no finding for an amount with SAR precision', () => {
    expect(captured({ amount: '10.50' })).toEqual([]);
  });

  it('judged in SAR: three decimals are too many, and nothing says "undefined"', () => {
    const findings = captured({ amount: '10.505' });
    expect(findings).toEqual([
      {
        severity: 'error',
        path: 'data.captured_amount.amount',
        message: 'amount 10.505 has 3 decimals; SAR has 2, so its smallest amount is 0.01.',
      },
    ]);
    const wrongCurrency = captured({ amount: '1', currency: 'USD' });
    expect(wrongCurrency[0]?.message).toMatch(/not the text "USD"/);
    const noAmount = captured({ currency: 'SAR' });
    expect(noAmount[0]?.message).toMatch(/not missing\.$/);
    expect(JSON.stringify([wrongCurrency, noAmount])).not.toMatch(/undefined/);
  });
});

describe('point 8: the webhook judge counts decimals by value, as the request validator does', () => {
  it.each([
    ['1e-7', '"1e-7"'],
    ['"0x10"', '"0x10"'],
    ['" 5 "', '" 5 "'],
    ['"Infinity"', '"Infinity"'],
  ])('%s is refused', (_label, spelled) => {
    const text = payload('order_captured', {
      data: { capture_id: CAPTURE_ID, captured_amount: { amount: 0, currency: 'SAR' } },
    }).replace('"amount":0', `"amount":${spelled === '"1e-7"' ? '1e-7' : spelled}`);
    const findings = judgeWebhookBody(bytes(text), false).findings;
    expect(findings.map((finding) => `${finding.severity} ${finding.path}`)).toEqual([
      'error data.captured_amount.amount',
    ]);
  });

  it('"12.500" SAR has one decimal by value, and passes', () => {
    expect(captured({ amount: '12.500', currency: 'SAR' })).toEqual([]);
  });
});

describe('point 12: order_id and capture_id, both "string (UUID)", get the same severity', () => {
  it('a non-UUID order_id is an error, like a non-UUID capture_id', () => {
    const judged = judgeWebhookBody(
      bytes(
        payload('order_captured', {
          order_id: 'ORDER-1',
          data: { capture_id: 'CAP-1', captured_amount: { amount: 1 } },
        }),
      ),
      false,
    );
    expect(judged.findings.map((finding) => `${finding.severity} ${finding.path}`)).toEqual([
      'error order_id',
      'error data.capture_id',
    ]);
  });
});

describe('point 15: a name given twice in a notification is flagged', () => {
  it('as a warning with its path; the last value is the one recorded', () => {
    const text = payload('order_approved').replace(
      '"order_reference_id":',
      '"order_reference_id":"FIRST","order_reference_id":',
    );
    const judged = judgeWebhookBody(bytes(text), false);
    expect(judged.findings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        path: 'order_reference_id',
        message: expect.stringMatching(/2 times/),
      }),
    ]);
    expect(judged.orderReferenceId).toBe('REF-1001');
  });
});

describe('point 9: a token sent in only one of the two places is said in a finding, not only in the reason', () => {
  const SECRET = 'whsec_spec_letter_0123456789';
  const keys = createHmacKeyCache();
  const judge = async (query: string | null, header: string | null) =>
    judgeWebhook(
      {
        query: query === null ? null : `serviceToken=${query}`,
        headers: header === null ? [] : [['Authorization', `Bearer ${header}`]],
        body: bytes(payload('order_approved')),
        truncated: false,
        atMs: Date.now(),
      },
      { key: await keys.get(SECRET), label: 'the notification token of profile "Local"' },
      60,
    );

  it.each([
    ['header only', 'serviceToken'],
    ['query only', 'Authorization'],
  ])('%s: valid, with a warning naming the missing place', async (which, missing) => {
    const token = await signWith(SECRET, { iat: Math.floor(Date.now() / 1000) });
    const judged = which === 'header only' ? await judge(null, token) : await judge(token, null);
    expect(judged.tokenVerdict).toBe('valid');
    expect(judged.details.token.findings).toEqual([
      expect.objectContaining({
        severity: 'warning',
        path: missing,
        message: expect.stringMatching(/sends it in both/),
      }),
    ]);
  });

  it('both places: no finding; and records stored before findings existed still read', async () => {
    const token = await signWith(SECRET, { iat: Math.floor(Date.now() / 1000) });
    expect((await judge(token, token)).details.token.findings).toEqual([]);
    const old = webhookDetailsSchema.parse({
      token: { verdict: 'valid', reason: 'ok', checks: [] },
      body: { verdict: 'event', findings: [] },
    });
    expect(old.token.findings).toEqual([]);
  });
});

// The order's records called a negative captured_amount unreadable and a zero one no step, while
// the listener's own judgement of the same body had no finding (body "event", 0 findings).
describe('a captured_amount of nothing or less is judged as the order counts it', () => {
  it('a negative amount, as a number or a text, is an error', () => {
    for (const amount of [-5, '-5', '-0.01'])
      expect(captured({ amount, currency: 'SAR' })).toEqual([
        {
          severity: 'error',
          path: 'data.captured_amount.amount',
          message: `amount ${String(amount)} is negative: no amount that can be counted was captured.`,
        },
      ]);
  });

  // An error, as its order calls it (zero_amount leaves the order as it was): the record called
  // it a warning beside its order's error.
  it('zero, however written, is an error: nothing was captured', () => {
    for (const amount of [0, '0.00', '-0'])
      expect(captured({ amount, currency: 'SAR' })).toEqual([
        {
          severity: 'error',
          path: 'data.captured_amount.amount',
          message: `amount ${String(amount)} is zero: nothing was captured.`,
        },
      ]);
  });
});
