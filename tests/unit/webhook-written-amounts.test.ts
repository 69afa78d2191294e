import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { webhookDetailsSchema } from '../../src/shared/webhook-details';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

// A captured amount sent as a JSON number is judged by the digits the body writes, as the
// checkout validator judges a request's: JSON.parse reads 1.0000000000000001 as 1 and
// 12345678901234567890.123456 as 12345678901234567000, so the parsed value showed no decimals
// too many and the listener said the body followed the spec.

const ORDER_ID = '6f1c0a8e-2f7b-4c1e-9d3a-5b8e7c6d4a21';
const captured = (amount: string, currency = 'SAR', orderId = ORDER_ID) =>
  `{"order_id":"${orderId}","order_reference_id":"X","order_number":"1","event_type":"order_captured","data":{"capture_id":"3b241101-e2bb-4255-8caf-4136c566a962","captured_amount":{"amount":${amount},"currency":"${currency}"}}}`;
const judge = (text: string) => judgeWebhookBody(new TextEncoder().encode(text), false);
const AMOUNT = 'data.captured_amount.amount';

/** What `validate` says of the same amount as a checkout's total_amount, in its words. */
const validateSays = (amount: string): string[] =>
  validateCheckout(JSON.parse(`{"total_amount":{"amount":${amount},"currency":"SAR"}}`) as unknown, {
    form: 'general',
    sourceText: `{"total_amount":{"amount":${amount},"currency":"SAR"}}`,
  })
    .filter((finding) => finding.path === 'total_amount.amount')
    .map((finding) => finding.message);

describe('a webhook amount judged by the digits written', () => {
  it('counts the decimals as written, however long or large the number', () => {
    expect(judge(captured('12345678901234567890.123456')).findings).toEqual([
      {
        severity: 'error',
        path: AMOUNT,
        message:
          'amount 12345678901234567890.123456 has 6 decimals; SAR has 2, so its smallest amount is 0.01.',
      },
    ]);
    expect(judge(captured('1.0000000000000001')).findings).toEqual([
      {
        severity: 'error',
        path: AMOUNT,
        message: 'amount 1.0000000000000001 has 16 decimals; SAR has 2, so its smallest amount is 0.01.',
      },
    ]);
    expect(judge(captured('1.0000000000000001')).verdict).toBe('event');
  });

  it('says a number no reader holds as written, as validate does', () => {
    expect(judge(captured('12345678901234567890.12')).findings).toEqual([
      {
        severity: 'error',
        path: AMOUNT,
        message:
          'amount 12345678901234567890.12 is read as 12345678901234567000 (the nearest number JSON holds), not as written.',
      },
    ]);
  });

  it('a zero written with digits beyond the double is not zero: its decimals are what is wrong', () => {
    const tiny = `0.${'0'.repeat(400)}1`;
    expect(judge(captured(tiny)).findings.map((finding) => finding.message)).toEqual([
      `amount ${tiny} has 401 decimals; SAR has 2, so its smallest amount is 0.01.`,
    ]);
  });

  it('numbers held as written are judged as before', () => {
    expect(judge(captured('10.123')).findings.map((finding) => finding.message)).toEqual([
      'amount 10.123 has 3 decimals; SAR has 2, so its smallest amount is 0.01.',
    ]);
    expect(judge(captured('10.120')).findings).toEqual([]);
    expect(judge(captured('10.125', 'KWD')).findings).toEqual([]);
  });
});

describe("the listener's stored verdict and validate agree", () => {
  let listening: ListeningConsole;
  beforeAll(async () => {
    listening = await openListeningConsole();
  });
  afterAll(async () => listening.dispose());

  it.each(['12345678901234567890.123456', '12345678901234567890.12', '1.0000000000000001', '10.123'])(
    'amount %s, and its order counts no capture of it',
    async (amount) => {
      const orderId = `6f1c0a8e-2f7b-4c1e-9d3a-${String(amount.length).padStart(12, '0')}`;
      const before = listening.core.events.count();
      const token = await signWith(listening.secret, { iat: Math.floor(Date.now() / 1000) });
      const answer = await fetch(`${listening.origin}/hook?serviceToken=${token}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: captured(amount, 'SAR', orderId),
      });
      expect(answer.status).toBe(200);
      // Acknowledged once stored: the next record is this webhook's.
      const record = listening.core.events.getDetail(before + 1);
      const details = webhookDetailsSchema.parse(record?.details);
      const stored = details.body.findings.filter((finding) => finding.path === AMOUNT);
      expect(stored.map((finding) => finding.message)).toEqual(validateSays(amount));
      expect(stored).not.toEqual([]);
      // Orders take the listener's verdict: 1.0000000000000001 was counted as 1.00 SAR captured.
      const { lifecycle } = listening.core.orders.detail(orderId);
      expect(lifecycle.entries.map((entry) => entry.effect)).toEqual(['contradicts']);
      expect(lifecycle.facts.capturedAmount).toBeNull();
    },
  );
});
