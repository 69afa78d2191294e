import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { defaultProfileFields, profileFieldsSchemaAmong } from '../../src/shared/profile';
import { pickLocalProfile } from '../../src/shared/local-profile';
import { profileNameClash, profileNameKey, profileNamed } from '../../src/shared/profile-name';
import { openTempConsole } from './helpers/temp-console';

let core: ConsoleCore;
let dispose: () => Promise<void>;

beforeEach(async () => {
  ({ core, dispose } = await openTempConsole());
});
afterEach(async () => dispose());

const call = (command: string, input: unknown) => core.dispatcher(command, input, { transport: 'direct' });
const create = (name: string) => call('createProfile', { fields: defaultProfileFields('sandbox', name) });

// Records are filtered and shown by the name stored: two names that read alike made History's
// profile filter and the Timeline's profile chip ambiguous. The first run seeds Local, Sandbox, Live.
describe('profile names that only look alike', () => {
  it.each([
    ['another case', 'LIVE'],
    ['full-width letters', 'Ｌｉｖｅ'],
    ['a trailing blank', 'Live '],
    ['a leading no-break space', '\u00a0Live'],
    ['a German sharp s against its capital pair', 'Straße'],
  ])('refuses %s of an existing name, naming the field and the profile', async (_label, name) => {
    if (name === 'Straße') expect((await create('STRASSE')).ok).toBe(true);
    const result = await create(name);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', issues: [{ path: 'fields.name' }] },
    });
    expect(result.ok === false && result.error.message).toMatch(
      /^fields\.name: The name ".*" reads as the profile "(Live|STRASSE)", which already exists/,
    );
  });

  it('refuses a rename to a look-alike of another profile, and lets a profile keep its own', async () => {
    const sandbox = core.profiles.findByName('Sandbox');
    if (sandbox === undefined) throw new Error('no Sandbox');
    const clash = await call('updateProfile', { id: sandbox.id, fields: { name: 'ｌｉｖｅ' } });
    expect(clash.ok === false && clash.error.message).toMatch(
      /^fields\.name: The name "ｌｉｖｅ" reads as the profile "Live", which already exists/,
    );
    expect(await call('updateProfile', { id: sandbox.id, fields: { name: 'SANDBOX' } })).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['a zero-width space', 'Li\u200bve', /U\+200B/],
    ['a zero-width non-joiner', 'Li\u200cve', /cannot hold U\+200C \(an invisible format character\)/],
    ['a soft hyphen', 'Li\u00adve', /cannot hold U\+00AD \(an invisible format character\)/],
  ])('refuses %s inside a name, naming its code point', async (_label, name, message) => {
    const result = await create(name);
    expect(result).toMatchObject({ ok: false, error: { issues: [{ path: 'fields.name' }] } });
    expect(result.ok === false && result.error.message).toMatch(message);
  });

  it('refuses Latin mixed with Cyrillic or Greek in one word, naming the character', async () => {
    const cyrillic = await create('Liv\u0435');
    expect(cyrillic.ok === false && cyrillic.error.message).toMatch(
      /A profile name cannot mix scripts in one word: "Liv\u0435" has е \(U\+0435, Cyrillic\) among Latin letters/,
    );
    const greek = await create('Sandb\u03bfx EU');
    expect(greek.ok === false && greek.error.message).toMatch(/ο \(U\+03BF, Greek\) among Latin letters/);
    // One script a word, several words: a name in two languages is fine.
    expect((await create('Тест Sandbox')).ok).toBe(true);
    expect((await create('Καλημέρα')).ok).toBe(true);
  });
});

describe('profileNameKey and profileNameClash', () => {
  it('compare after trimming, case folding and NFKC', () => {
    expect(profileNameKey(' Ｌｉｖｅ ')).toBe(profileNameKey('live'));
    expect(profileNameKey('Straße')).toBe(profileNameKey('STRASSE'));
    expect(profileNameKey('Live 2')).not.toBe(profileNameKey('Live'));
    const profiles = [
      { id: 1, name: 'Local' },
      { id: 2, name: 'Live' },
    ];
    expect(profileNameClash('LIVE', profiles)?.id).toBe(2);
    expect(profileNameClash('LIVE', profiles, 2)).toBeUndefined();
    expect(profileNameClash('Lively', profiles)).toBeUndefined();
  });

  it('find the one profile a name reads as, the lookup every name typed or stored goes through', () => {
    const profiles = [
      { id: 1, name: 'ＬＯＣＡＬ ｃｏｐｙ' },
      { id: 2, name: 'Straße' },
    ];
    expect(profileNamed('local copy', profiles)?.id).toBe(1);
    expect(profileNamed(' STRASSE ', profiles)?.id).toBe(2);
    expect(profileNamed('Strasse 2', profiles)).toBeUndefined();
    expect(profileNamed(null, profiles)).toBeUndefined();
  });

  it("find the emulator's profile by the name Local as any name is found", () => {
    const profiles = [
      { name: 'Other local', environment: 'local' },
      { name: 'ＬＯＣＡＬ', environment: 'local' },
    ];
    expect(pickLocalProfile(profiles)?.name).toBe('ＬＯＣＡＬ');
  });

  it("judge the Profiles view's form in the service's words, leaving the edited profile its own name", () => {
    const others = [
      { id: 1, name: 'Local' },
      { id: 2, name: 'Live' },
    ];
    const typed = profileFieldsSchemaAmong(others).safeParse(defaultProfileFields('live', 'ＬＩＶＥ'));
    expect(typed.error?.issues).toMatchObject([
      {
        path: ['name'],
        message:
          'The name "ＬＩＶＥ" reads as the profile "Live", which already exists (names are compared ignoring case, width and blanks at either end)',
      },
    ]);
    expect(profileFieldsSchemaAmong(others, 2).safeParse(defaultProfileFields('live', 'LIVE')).success).toBe(
      true,
    );
  });
});
