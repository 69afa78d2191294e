import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import type { NewEvent } from '../../src/main/store/events-repository';
import { profileNameRecordsWords } from '../../src/shared/profile-name-records-words';
import { openTempConsole } from './helpers/temp-console';

// Records keep the name of the profile they were stored under, and the Profile filter and
// `--profile` go by that name (docs/history.md): a profile given a name that records already
// carry (after a rename or a removal) silently took them as its own. Choosing such a name is now
// said, with how many records carry it, counted as the filter matches them.

let core: ConsoleCore;
let dispose: () => Promise<void> = async () => undefined;
let sandboxId = 0;
let localId = 0;

const webhook = (minute: number, extra: Partial<NewEvent>): NewEvent => ({
  kind: 'webhook',
  method: 'POST',
  path: '/',
  status: 200,
  atMs: Date.parse(`2026-01-15T10:0${minute}:00Z`),
  ...extra,
});

beforeAll(async () => {
  ({ core, dispose } = await openTempConsole());
  sandboxId = core.profiles.findByName('Sandbox')?.id ?? 0;
  localId = core.profiles.findByName('Local')?.id ?? 0;
  core.recorder.recordMany([
    // A removed "Staging" profile's records, and one imported under another case of it.
    webhook(1, { profileName: 'Staging' }),
    webhook(2, { profileName: 'Staging' }),
    webhook(3, { profileName: 'STAGING', imported: true }),
    // Another console's look-alike: the filter does not merge it into Staging's (A–Z case only).
    webhook(4, { profileName: 'ｓｔａｇｉｎｇ', imported: true }),
    webhook(5, { profileId: sandboxId, profileName: 'Sandbox' }),
  ]);
});
afterAll(async () => dispose());

const records = async (input: unknown): Promise<unknown> => {
  const result = await core.dispatcher('countProfileNameRecords', input, { transport: 'direct' });
  if (!result.ok) throw new Error(result.error.message);
  return result.data;
};

describe('records that already carry a name a profile is given', () => {
  it('are counted as the Profile filter matches them: A–Z case only, blanks at either end dropped', async () => {
    expect(await records({ name: 'Staging' })).toEqual({ records: 3 });
    expect(await records({ name: '  staging ' })).toEqual({ records: 3 });
    expect(await records({ name: 'ｓｔａｇｉｎｇ' })).toEqual({ records: 1 });
    expect(await records({ name: 'Fresh' })).toEqual({ records: 0 });
  });

  it("are none for the profile keeping its own name (in any A–Z case), and its records for another's", async () => {
    expect(await records({ name: 'Sandbox', profileId: sandboxId })).toEqual({ records: 0 });
    expect(await records({ name: 'SANDBOX', profileId: sandboxId })).toEqual({ records: 0 });
    expect(await records({ name: 'Staging', profileId: sandboxId })).toEqual({ records: 3 });
    // Local renamed to Sandbox's name would take Sandbox's record (the service refuses the clash on save).
    expect(await records({ name: 'Sandbox', profileId: localId })).toEqual({ records: 1 });
  });

  it('are asked for at the boundary as the contract says', async () => {
    const refused = await core.dispatcher('countProfileNameRecords', { name: 7 }, { transport: 'direct' });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'name' }] },
    });
    const unknown = await core.dispatcher(
      'countProfileNameRecords',
      { name: 'Staging', profileId: 999 },
      { transport: 'direct' },
    );
    expect(unknown).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('are said in one set of words, for one record or many', () => {
    expect(profileNameRecordsWords(312, 'Sandbox')).toBe(
      '312 records already carry the name "Sandbox" (stored under an earlier profile of that name, or imported): the Profile filter and --profile will show them with this profile\'s.',
    );
    expect(profileNameRecordsWords(1, 'Staging')).toBe(
      '1 record already carries the name "Staging" (stored under an earlier profile of that name, or imported): the Profile filter and --profile will show it with this profile\'s.',
    );
  });
});
