import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { EventTokens } from '../../src/shared/contract/jwt';
import { tokenRecordWords } from '../../src/shared/jwt/token-record-words';
import { openTempConsole } from './helpers/temp-console';

/**
 * `#/jwt?event=<id>` said "Arrived with webhook #N — As the listener judged it on arrival" of
 * every record: of a dropped delivery ("Arrived with webhook #168 … This record carried no
 * token."), and of a delivery sent with a wrong signature, whose verdict cells were empty since
 * the listener's record of it is another (#171, not #170).
 */
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhIn0.c2lnbmF0dXJlX29mX3RoZV90b2tlbl9RN2ZF';
const sent = { method: 'POST', path: '/hooks', query: `serviceToken=${TOKEN}` };

let core: ConsoleCore;
let dispose: () => Promise<void> = async () => undefined;
const ids = { webhook: 0, delivery: 0, dropped: 0 };

beforeAll(async () => {
  const opened = await openTempConsole();
  core = opened.core;
  dispose = opened.dispose;
  const [webhook] = core.recorder.recordMany([
    { kind: 'webhook', ...sent, status: 200, requestHeaders: [['Authorization', `Bearer ${TOKEN}`]] },
  ]);
  const [delivery, dropped] = core.recorder.recordMany([
    {
      kind: 'delivery',
      ...sent,
      status: 200,
      requestHeaders: [['Authorization', `Bearer ${TOKEN}`]],
      relatedId: webhook?.id ?? null,
      details: { attempt: 1 },
    },
    {
      kind: 'delivery',
      method: 'POST',
      path: '/hooks',
      error: 'Dropped by fault injection: never sent.',
      details: { attempt: 0, dropped: true },
    },
  ]);
  ids.webhook = webhook?.id ?? 0;
  ids.delivery = delivery?.id ?? 0;
  ids.dropped = dropped?.id ?? 0;
});
afterAll(async () => {
  await dispose().catch(() => undefined);
});

async function tokensOf(id: number): Promise<EventTokens> {
  const result = await core.dispatcher('getEventTokens', { id }, { transport: 'direct' });
  if (!result.ok) throw new Error(result.error.message);
  return result.data as EventTokens;
}

describe('the record a token came from, in the inspector', () => {
  it('a webhook arrived and was judged by the listener', async () => {
    const tokens = await tokensOf(ids.webhook);
    expect(tokens).toMatchObject({ kind: 'webhook', notSent: null });
    expect(tokenRecordWords(tokens)).toEqual({
      heading: `Arrived with webhook #${ids.webhook}`,
      caption: 'As the listener judged it on arrival; editing the token above never changes this.',
      judgedIn: null,
    });
  });

  it('a delivery is the emulator’s sent notification, judged in the listener’s record of it', async () => {
    const tokens = await tokensOf(ids.delivery);
    expect(tokens).toMatchObject({ kind: 'delivery', notSent: null, relatedId: ids.webhook });
    expect(tokens.tokens.filter((entry) => entry.masked !== null)).toHaveLength(2);
    const words = tokenRecordWords(tokens);
    expect(words.heading).toBe(`Sent by the emulator: delivery #${ids.delivery}`);
    expect(words.caption).toContain(`the listener judged it in its own record, webhook #${ids.webhook}`);
    expect(words.caption).not.toMatch(/judged it on arrival/);
    expect(words.judgedIn).toBe(ids.webhook);
    // Without a listener's record of it, there is no verdict to point to.
    expect(tokenRecordWords({ ...tokens, relatedId: null }).caption).toContain(
      'no listener of this console recorded it',
    );
  });

  it('a dropped delivery was never sent', async () => {
    const tokens = await tokensOf(ids.dropped);
    expect(tokens).toMatchObject({ kind: 'delivery', notSent: 'dropped' });
    const words = tokenRecordWords(tokens);
    expect(words.heading).toBe(`Never sent: delivery #${ids.dropped}`);
    expect(words.caption).toContain('dropped by its Drop fault: it was never sent');
  });
});
