import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTokens } from '../../src/shared/contract/jwt';
import { recordProvenanceNote } from '../../src/shared/jwt/record-provenance-note';
import { provenanceMarkOf, provenanceNoteWords } from '../../src/shared/provenance-note';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

/**
 * `#/jwt?event=<id>` on the listener's record of a replay, or on a copy another console listener
 * forwarded, showed only a green "valid … as the listener judged it on arrival": the words replay
 * and forward were nowhere, where a token this console signed stands marked "Crafted by this
 * console". The record's provenance now reaches the inspector, said in the Timeline's words.
 */
let listening: ListeningConsole;
let token = '';

const call = async (command: string, input: object): Promise<unknown> => {
  const answer = await listening.core.dispatcher(command, input, { transport: 'websocket' });
  if (!answer.ok) throw new Error(`${command} was refused: ${JSON.stringify(answer.error)}`);
  return answer.data;
};

/** Posts a valid notification with extra headers to the listener; the inspector's view of its record. */
async function received(headers: Record<string, string>): Promise<EventTokens> {
  const response = await fetch(`${listening.origin}/notify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, ...headers },
    body: payload('order_approved'),
  });
  const { id } = (await response.json()) as { id: number };
  return (await call('getEventTokens', { id })) as EventTokens;
}

beforeAll(async () => {
  listening = await openListeningConsole();
  const now = Math.floor(Date.now() / 1000);
  token = await signWith(listening.secret, { iat: now, exp: now + 600 });
});
afterAll(async () => {
  await listening.dispose();
});

describe("the inspector says whose doing a record is, in the Timeline's words", () => {
  it("the service's own record carries no mark and no note", async () => {
    const tokens = await received({});
    expect(tokens).toMatchObject({ provenance: 'service', marked: null });
    expect(tokens.judgement).toMatchObject({ state: 'judged', verdict: 'valid' });
    expect(recordProvenanceNote(tokens)).toBeNull();
  });

  it("a replay's marker: valid on arrival, and said to be a replay that never moves an order", async () => {
    const tokens = await received({ 'X-Checkout-Console-Replay': 'not-one-of-ours' });
    expect(tokens.judgement).toMatchObject({ state: 'judged', verdict: 'valid' });
    expect(tokens).toMatchObject({
      provenance: 'replay',
      marked: { mark: 'replayLink', reason: 'No replay of this console carries this marker.' },
    });
    expect(recordProvenanceNote(tokens)).toEqual({
      title: "Not the service's own: replay (the console sent it again)",
      body: 'No replay of this console carries this marker. It never moves an order.',
      copyOf: null,
    });
  });

  it("a console listener's forward marker: a forwarded copy, said so", async () => {
    const tokens = await received({ 'X-Checkout-Console-Forwarded': 'another-listener' });
    expect(tokens.provenance).toBe('forward');
    expect(recordProvenanceNote(tokens)).toEqual({
      title: "Not the service's own: forward (the listener's copy to another endpoint)",
      body: "A console listener's forward (X-Checkout-Console-Forwarded), not the service's own request. It never moves an order.",
      copyOf: null,
    });
  });

  it('the arrival of one of our replays names the replay, to open', () => {
    const note = recordProvenanceNote({
      kind: 'webhook',
      provenance: 'replay',
      relatedId: 13,
      marked: { mark: 'replayLink', reason: 'The arrival of replay #13.' },
    });
    expect(note).toEqual({
      title: "Not the service's own: replay (the console sent it again)",
      body: 'The arrival of replay #13. It never moves an order.',
      copyOf: { id: 13, name: 'replay #13' },
    });
  });

  it('a token this console signed and an import already say so in their own words: no second note', () => {
    const signed = {
      reason: 'Its token was signed by this console at 2026-12-02T07:16:47.703Z (x), not by the service.',
    };
    expect(provenanceMarkOf({ craftedToken: signed })).toEqual({
      mark: 'craftedToken',
      reason: signed.reason,
    });
    expect(
      recordProvenanceNote({
        kind: 'webhook',
        provenance: 'crafted',
        relatedId: null,
        marked: { mark: 'craftedToken', reason: signed.reason },
      }),
    ).toBeNull();
    expect(
      recordProvenanceNote({ kind: 'webhook', provenance: 'import', relatedId: null, marked: null }),
    ).toBeNull();
    // A replay of an edited body reaches the listener as crafted, with nothing on its token: noted.
    expect(
      recordProvenanceNote({
        kind: 'webhook',
        provenance: 'crafted',
        relatedId: 20,
        marked: { mark: 'replayLink', reason: 'The arrival of replay #20.' },
      })?.title,
    ).toBe("Not the service's own: crafted (bytes or token the console made)");
  });

  it("the Timeline's note and the inspector's are one set of words", () => {
    expect(provenanceNoteWords({ provenance: 'service' }, null)).toBeNull();
    expect(provenanceNoteWords({ provenance: 'forward' }, null)?.body).toBe(
      'The console made or copied it. It never moves an order.',
    );
  });
});
