import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTokens } from '../../src/shared/contract/jwt';
import { verifyChoiceFor } from '../../src/renderer/src/features/jwt/record-verify-choice';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';

/**
 * The inspector carried its "Verify against" choice into a record's view: a secret pasted for
 * another token stayed chosen, so a webhook the listener judged valid against profile "Local"
 * read invalid_signature on top, under its own "valid". A record's view verifies against the
 * profile the record was judged against, unless another is chosen there, and that is marked.
 */
let listening: ListeningConsole;
let record: EventTokens;

beforeAll(async () => {
  listening = await openListeningConsole();
  const now = Math.floor(Date.now() / 1000);
  const token = await signWith(listening.secret, { iat: now, exp: now + 600 });
  const sent = await fetch(`${listening.origin}/webhooks?serviceToken=${token}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: payload('order_approved'),
  });
  const { id } = (await sent.json()) as { id: number };
  const tokens = await listening.core.dispatcher('getEventTokens', { id }, { transport: 'websocket' });
  if (!tokens.ok) throw new Error('The bridge refused the record.');
  record = tokens.data as EventTokens;
});
afterAll(async () => {
  await listening.dispose();
});

describe("a record's view verifies against what the record was judged against", () => {
  it('main says which profile the listener judged the webhook against', () => {
    expect(record.judgement).toMatchObject({ state: 'judged', verdict: 'valid' });
    expect(record.judgedAgainst).toEqual({ profileId: expect.any(Number), profileName: 'Local' });
  });

  it('a choice made before, for another token, is not carried into the record', () => {
    const profile = `profile:${record.judgedAgainst?.profileId}`;
    for (const before of [
      { choice: 'secret', pickedIn: null },
      { choice: 'active', pickedIn: null },
      { choice: 'secret', pickedIn: record.id + 1 },
    ])
      expect(verifyChoiceFor(before, record)).toEqual({ choice: profile, ownOverRecord: false });
  });

  it("another choice made in the record's view is the user's, and marked", () => {
    const profile = `profile:${record.judgedAgainst?.profileId}`;
    expect(verifyChoiceFor({ choice: 'secret', pickedIn: record.id }, record)).toEqual({
      choice: 'secret',
      ownOverRecord: true,
    });
    expect(verifyChoiceFor({ choice: profile, pickedIn: record.id }, record)).toEqual({
      choice: profile,
      ownOverRecord: false,
    });
    // A pasted token, with no record open, keeps what was chosen.
    expect(verifyChoiceFor({ choice: 'secret', pickedIn: record.id }, null)).toEqual({
      choice: 'secret',
      ownOverRecord: false,
    });
  });
});
