import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTokens } from '../../src/shared/contract/jwt';
import {
  secretSourceOptions,
  verifyChoiceFor,
} from '../../src/renderer/src/features/jwt/record-verify-choice';
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

/**
 * "Active profile — Local" and "Profile Local" were two entries for one key, and choosing the
 * first over a record judged against Local was marked "Your choice, not the record's". The same
 * key is the record's choice, and the menu lists each profile's key once.
 */
describe('one key, one entry, no mark for the same key', () => {
  it("the active profile, when it is the profile the record was judged against, is not the user's own", () => {
    const judgedId = record.judgedAgainst?.profileId ?? -1;
    expect(verifyChoiceFor({ choice: 'active', pickedIn: record.id }, record, judgedId)).toEqual({
      choice: 'active',
      ownOverRecord: false,
    });
    // Another profile active: the active key is not the record's, and that is marked.
    expect(verifyChoiceFor({ choice: 'active', pickedIn: record.id }, record, judgedId + 1)).toEqual({
      choice: 'active',
      ownOverRecord: true,
    });
  });

  it('the menu names the active profile once, as "(active)"', () => {
    const profile = (id: number, name: string, isSet = true) => ({ id, name, notificationToken: { isSet } });
    const profiles = [profile(1, 'Local'), profile(2, 'Staging', false)];
    expect(secretSourceOptions(profiles, 1)).toEqual([
      { value: 'profile:1', label: 'Profile Local (active)' },
      { value: 'profile:2', label: 'Profile Staging (no notification token)' },
      { value: 'secret', label: 'A secret pasted for this check only' },
    ]);
    // With no profile active, "the active profile" stands alone.
    expect(secretSourceOptions(profiles, null).map((option) => option.value)).toEqual([
      'active',
      'profile:1',
      'profile:2',
      'secret',
    ]);
  });
});
