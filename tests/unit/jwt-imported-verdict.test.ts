import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTokens, JwtVerification } from '../../src/shared/contract/jwt';
import type { TimelineDetail } from '../../src/shared/events';
import { IMPORTED_TOKEN_VERDICT } from '../../src/shared/jwt/imported-verdict-words';
import { recordJudgement } from '../../src/shared/jwt/record-judgement';
import { tokenRecordWords } from '../../src/shared/jwt/token-record-words';
import {
  recordVerdictCaption,
  whyCheckNowDiffers,
} from '../../src/renderer/src/features/jwt/record-judgement';
import { verdictLook } from '../../src/renderer/src/features/jwt/verdict-look';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

/**
 * A tester signed a token with the data directory's own Local profile, changed its signature and
 * imported one webhook whose file says `token_verdict: "valid"`. `#/jwt?event=1` then said
 * "Webhook #1, as the listener judged it on arrival (both places together): valid — HS256, signed
 * with the notification token…" and, right below, "invalid_signature — The signature does not
 * match the notification token of profile "Local"", nothing saying why: the "valid" was the
 * file's word, never this listener's, and the secret it would need was here all along.
 */
let listening: ListeningConsole;
let forged = '';

const call = async (command: string, input: object): Promise<unknown> => {
  const answer = await listening.core.dispatcher(command, input, { transport: 'websocket' });
  if (!answer.ok) throw new Error(`${command} was refused: ${JSON.stringify(answer.error)}`);
  return answer.data;
};

function webhookRecord(uid: string, token: string): object {
  const body = payload('order_approved');
  return {
    uid,
    kind: 'webhook',
    at: '2026-12-02T03:36:00.000Z',
    profile: 'Local',
    method: 'POST',
    url: `http://127.0.0.1:21075/?serviceToken=${token}`,
    path: '/',
    query: `serviceToken=${token}`,
    request_headers: [
      ['content-type', 'application/json'],
      ['authorization', `Bearer ${token}`],
    ],
    request_body: body,
    status: 200,
    event_type: 'order_approved',
    token_verdict: 'valid',
    body_verdict: 'event',
    details: {},
  };
}

/** Imports one webhook the file says is valid; the id it was stored as. */
async function imported(uid: string, token: string): Promise<number> {
  const text = JSON.stringify({
    format: 'checkout-console-history',
    version: 1,
    events: [webhookRecord(uid, token)],
  });
  await call('importHistory', { text });
  const page = (await call('listEvents', { limit: 1 })) as { items: { id: number; uid: string }[] };
  const newest = page.items[0];
  if (newest?.uid !== uid) throw new Error('The import stored nothing.');
  return newest.id;
}

async function opened(id: number): Promise<{ detail: TimelineDetail; tokens: EventTokens }> {
  const detail = (await call('getEvent', { id })) as TimelineDetail;
  const tokens = (await call('getEventTokens', { id })) as EventTokens;
  expect(tokens.judgement).toEqual(recordJudgement(detail, () => detail.secretsMasked));
  return { detail, tokens };
}

/**
 * The inspector's check of the record's header token: an imported record was judged against no
 * profile of this console (judgedAgainst null), so the inspector checks it with the active one,
 * Local, whose key signed it before the signature was changed.
 */
async function checkedNow(tokens: EventTokens): Promise<JwtVerification> {
  expect(tokens.judgedAgainst).toBeNull();
  return (await call('verifyJwt', {
    stored: { eventId: tokens.id, source: 'header' },
    against: { source: 'active' },
  })) as JwtVerification;
}

beforeAll(async () => {
  listening = await openListeningConsole();
  const now = Math.floor(Date.now() / 1000);
  const good = await signWith(listening.secret, { iat: now, exp: now + 600 });
  forged = `${good.slice(0, good.lastIndexOf('.'))}.BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB`;
});
afterAll(async () => {
  await listening.dispose();
});

describe("an imported webhook's token verdict is the file's word", () => {
  it('the record judgement says it was imported, and the caption never calls it the listener’s', async () => {
    const id = await imported('0b0b0b0b-0000-4000-8000-000000000001', forged);
    const { tokens } = await opened(id);
    expect(tokens.judgement).toMatchObject({ state: 'judged', verdict: 'valid', imported: true });
    const caption = recordVerdictCaption(tokens, tokens.judgement);
    expect(caption).not.toContain('as the listener judged it on arrival');
    expect(caption).toBe(
      `Webhook #${id}, as the file it was imported from gives its verdict (both places together): the file's word, kept as it came, not this listener's judgement on arrival.`,
    );
    // The card of what came with it says the same, not "As the listener judged it on arrival".
    expect(tokenRecordWords(tokens, true).caption).toBe(
      "As the file it was imported from gives it, the file's word, kept as it came, not this listener's judgement on arrival; editing the token above never changes this.",
    );
  });

  it('checked here with the same profile the signature does not match: said why, in plain words', async () => {
    const id = await imported('0b0b0b0b-0000-4000-8000-000000000002', forged);
    const { tokens } = await opened(id);
    const now = await checkedNow(tokens);
    expect(now.verdict).toBe('invalid_signature');
    expect(whyCheckNowDiffers(tokens.judgement, now)).toBe(
      `The file says valid; this console's own check, against the notification token of profile "Local", says invalid_signature: ${now.reason} So the file's verdict was not made by this console with that key.`,
    );
  });

  it('a token that verifies here too needs no word; a record the listener judged is not the file’s', async () => {
    const now = Math.floor(Date.now() / 1000);
    const good = await signWith(listening.secret, { iat: now, exp: now + 600 });
    const id = await imported('0b0b0b0b-0000-4000-8000-000000000003', good);
    const { tokens } = await opened(id);
    expect(whyCheckNowDiffers(tokens.judgement, await checkedNow(tokens))).toBeNull();
    const own = { state: 'judged', verdict: 'valid', reason: null, findings: null, imported: false } as const;
    expect(recordVerdictCaption(tokens, own)).toBe(
      `Webhook #${id}, as the listener judged it on arrival (both places together):`,
    );
    expect(
      whyCheckNowDiffers(own, {
        verdict: 'invalid_signature',
        reason: 'x',
        against: 'the notification token of profile "Local"',
      }),
    ).toBeNull();
  });

  it('every list and the detail pane say the same of an imported verdict (one owner of the words)', async () => {
    const id = await imported('0b0b0b0b-0000-4000-8000-000000000004', forged);
    const { detail } = await opened(id);
    expect(detail.imported).toBe(true);
    const look = verdictLook({ kind: 'token', verdict: 'valid', findings: null, imported: true });
    expect(look.meaning).toContain(IMPORTED_TOKEN_VERDICT);
    expect(verdictLook({ kind: 'token', verdict: 'valid', findings: null }).meaning).not.toContain(
      IMPORTED_TOKEN_VERDICT,
    );
  });
});
