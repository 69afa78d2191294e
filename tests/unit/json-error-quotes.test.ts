import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseBoundedJson } from '../../src/shared/bounded-json';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { parseJsonText } from '../../src/shared/json-text';
import { judgeWebhookBody } from '../../src/shared/webhook/judge-webhook-body';
import { openEmulator, type EmulatorHarness } from './helpers/emulator-harness';

// JSON.parse's words in V8 quote up to ten characters either side of where a text breaks
// (`Unexpected token 't', "ntokSECRETz"... is not valid JSON`). A webhook whose body began with
// the notification token got a finding quoting its first 11 characters: a piece of a secret no
// mask could find (the body itself was masked whole). No message about a text that is not JSON
// quotes more of it than the one character where it breaks.

const SECRET = 'ntokSECRETzyxw98765qq';
/** Any run of four of the secret's characters (beyond the one a message may name). */
const pieces = [...Array(SECRET.length - 3).keys()].map((at) => SECRET.slice(at, at + 4));
const expectNoPiece = (text: string) => {
  for (const piece of pieces) expect(text, piece).not.toContain(piece);
};

const BROKEN = [SECRET, `{"a": ${SECRET}}`, `{"note": "x"} ${SECRET}`, `[1, 2, ${SECRET}`];

describe('a text that is not JSON is described without quoting it', () => {
  it.each(BROKEN)('%s: the readers say where and why, and quote no piece of it', (text) => {
    const bounded = parseBoundedJson(text);
    expect(bounded.ok).toBe(false);
    if (!bounded.ok && bounded.problem.kind === 'not_json') {
      expect(bounded.problem.message).toMatch(/ at line 1, column \d+$/);
      expectNoPiece(bounded.problem.message);
    }
    const located = parseJsonText(text);
    expect(located.ok).toBe(false);
    if (!located.ok) expectNoPiece(located.message);
    const judged = judgeWebhookBody(Buffer.from(text), false, [['Content-Type', 'application/json']]);
    expect(judged.verdict).toBe('invalid_json');
    expectNoPiece(JSON.stringify(judged.findings));
  });

  it('a token part that is not JSON: the decoder names the part, not its text', () => {
    const part = Buffer.from(SECRET).toString('base64url');
    const decoded = decodeJwt(`${part}.${part}.sig`);
    expectNoPiece(JSON.stringify(decoded));
  });

  it('an invisible character is named by its code point', () => {
    const bom = parseBoundedJson('\uFEFF{}');
    expect(!bom.ok && bom.problem.kind === 'not_json' && bom.problem.message).toBe(
      'Unexpected a byte-order mark (U+FEFF): expected a value at line 1, column 1',
    );
  });
});

describe('the emulator’s answer to a body that is not JSON', () => {
  let emulator: EmulatorHarness;
  beforeEach(async () => {
    emulator = await openEmulator();
  });
  afterEach(async () => {
    await emulator.dispose();
  });

  it('says where it breaks, and quotes no piece of it', async () => {
    const answer = await fetch(`${emulator.url}/checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${emulator.apiToken}` },
      body: `{"order_reference_id": ${SECRET}}`,
    });
    expect(answer.status).toBe(400);
    const text = await answer.text();
    expect(text).toContain('The body is not valid JSON: Unexpected');
    expect(text).toContain('at line 1, column 24');
    expectNoPiece(text);
  });
});
