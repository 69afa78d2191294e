import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYCHAIN_SERVICE, type KeyringEntryFactory } from '../../src/main/profiles/keychain-cipher';
import { openVault } from '../../src/main/profiles/open-vault';
import { createKeyCipher } from '../../src/main/profiles/sealed-secret';
import { makeTempDir } from './helpers/temp-console';

function memoryKeyring(): KeyringEntryFactory & { store: Map<string, string> } {
  const store = new Map<string, string>();
  const factory = ((service: string, account: string) => ({
    getPassword: () => store.get(`${service}/${account}`) ?? null,
    setPassword: (value: string) => void store.set(`${service}/${account}`, value),
  })) as KeyringEntryFactory & { store: Map<string, string> };
  factory.store = store;
  return factory;
}

/** The entry name earlier versions wrote: a hash of the data directory's path as text. */
function pathTextEntry(path: string): string {
  return `${KEYCHAIN_SERVICE}/vault-key:${createHash('sha256').update(path).digest('hex').slice(0, 16)}`;
}

const distinctKeys = (store: Map<string, string>): number => new Set(store.values()).size;

describe('the keychain key belongs to the data directory, not to the path it was reached by', () => {
  let temp: { dir: string; remove: () => void };
  let real: string;
  let link: string;
  beforeEach(() => {
    temp = makeTempDir();
    real = join(temp.dir, 'kc-real');
    link = join(temp.dir, 'kc-link');
    mkdirSync(real);
    symlinkSync(real, link);
  });
  afterEach(() => temp.remove());

  it('opens through a link what was sealed through the real path, with no second key', async () => {
    const keyring = memoryKeyring();
    const sealed = (await openVault(real, { keyring })).seal('sk_test_THROUGH_LINK');
    const throughLink = await openVault(link, { keyring });
    expect(throughLink.open(sealed)).toBe('sk_test_THROUGH_LINK');
    expect(throughLink.open(throughLink.seal('again'))).toBe('again');
    expect(keyring.store.size).toBe(1);
  });

  it('keeps using a key an earlier version wrote under the link’s name, from the real path too', async () => {
    const keyring = memoryKeyring();
    const oldKey = Buffer.alloc(32, 5);
    keyring.store.set(pathTextEntry(link), oldKey.toString('base64'));
    const sealedByOldVersion = createKeyCipher('keychain-aes256gcm', oldKey, null).seal('sk_test_OLD');

    const throughLink = await openVault(link, { keyring });
    expect(throughLink.open(sealedByOldVersion)).toBe('sk_test_OLD');
    const sealedNow = throughLink.seal('sk_test_NEW');

    const throughRealPath = await openVault(real, { keyring });
    expect(throughRealPath.open(sealedByOldVersion)).toBe('sk_test_OLD');
    expect(throughRealPath.open(sealedNow)).toBe('sk_test_NEW');
    // The old key, copied under the real location's name: never a new random one.
    expect(distinctKeys(keyring.store)).toBe(1);
    expect(keyring.store.get(pathTextEntry(link))).toBe(oldKey.toString('base64'));
  });

  it('opens with both keys where the path-text entry and the real location’s hold different ones', async () => {
    const keyring = memoryKeyring();
    const oldKey = Buffer.alloc(32, 6);
    keyring.store.set(pathTextEntry(link), oldKey.toString('base64'));
    const sealedByOldVersion = createKeyCipher('keychain-aes256gcm', oldKey, null).seal('sk_test_OLD');
    // Reached first through the real path, which could not know of the entry under the link's name.
    const sealedThroughRealPath = (await openVault(real, { keyring })).seal('sk_test_REAL');

    const throughLink = await openVault(link, { keyring });
    expect(throughLink.open(sealedByOldVersion)).toBe('sk_test_OLD');
    expect(throughLink.open(sealedThroughRealPath)).toBe('sk_test_REAL');
    expect(distinctKeys(keyring.store)).toBe(2);
  });
});
