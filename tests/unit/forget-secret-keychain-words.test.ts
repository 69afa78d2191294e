import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { forgettingMeans } from '../../src/main/profiles/forget-unopened-secrets';
import { KEYCHAIN_SCHEME } from '../../src/main/profiles/keychain-cipher';
import { KEY_FILE_SCHEME } from '../../src/main/profiles/key-file-cipher';
import { createKeyCipher } from '../../src/main/profiles/sealed-secret';
import { createVault } from '../../src/main/profiles/vault';

// A token sealed with the OS keychain's key, read by a process that cannot reach the keychain
// (an SSH session, a locked keychain, CHECKOUT_CONSOLE_KEYCHAIN=off): the same command run where
// the keychain answers opens it. forget-secret said only that "the console that sealed it (the
// desktop app, for "safestorage")" could, so forgetting it with --yes looked like the only way.

describe('a token sealed with the OS keychain, where the keychain does not answer', () => {
  const vault = createVault(createKeyCipher(KEY_FILE_SCHEME, randomBytes(32), null));
  const sealed = `$${KEYCHAIN_SCHEME}:${randomBytes(40).toString('base64')}`;

  it('is said to open wherever the OS keychain answers, before anything is forgotten', () => {
    expect(() => vault.open(sealed)).toThrow();
    expect(vault.kindUnopened(sealed)).toBe('other-protection');
    expect(vault.whyUnopened(sealed)).toContain('the OS keychain');
    expect(vault.whyUnopened(sealed)).toContain('CHECKOUT_CONSOLE_KEYCHAIN');
    expect(forgettingMeans('other-protection')).toContain('where the OS keychain answers');
  });
});
