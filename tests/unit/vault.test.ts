import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createKeychainCipher,
  KEYCHAIN_SCHEME,
  type KeyringEntryFactory,
} from '../../src/main/profiles/keychain-cipher';
import { createKeyFileCipher, KEY_FILE_SCHEME } from '../../src/main/profiles/key-file-cipher';
import { openVault } from '../../src/main/profiles/open-vault';
import { createKeyCipher, parseSealed } from '../../src/main/profiles/sealed-secret';
import { createVault } from '../../src/main/profiles/vault';
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

const brokenKeyring: KeyringEntryFactory = () => ({
  getPassword: () => null,
  setPassword: () => {
    throw new Error("Couldn't access platform storage: AccessDenied");
  },
});

describe('sealed secrets', () => {
  it('seal with a scheme prefix, and open back to the same text', () => {
    const cipher = createKeyCipher('test-aes', Buffer.alloc(32, 7), null);
    const sealed = cipher.seal('sk_live_0123456789');
    expect(sealed.startsWith('$test-aes:')).toBe(true);
    expect(sealed).not.toContain('sk_live');
    expect(cipher.open(sealed)).toBe('sk_live_0123456789');
    // Fresh IV each time: equal secrets do not look equal at rest.
    expect(cipher.seal('same')).not.toBe(cipher.seal('same'));
  });

  it('detects tampering (GCM tag)', () => {
    const cipher = createKeyCipher('test-aes', Buffer.alloc(32, 7), null);
    const { payload } = parseSealed(cipher.seal('secret'));
    const bytes = Buffer.from(payload, 'base64');
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 1;
    expect(() => cipher.open(`$test-aes:${bytes.toString('base64')}`)).toThrow();
  });

  it('refuses values without a scheme rather than treating them as plain text', () => {
    const vault = createVault(createKeyCipher('a', Buffer.alloc(32), null));
    expect(() => vault.open('plain-token')).toThrow(/no scheme prefix/);
  });

  it('names the missing scheme when a value was sealed elsewhere', () => {
    const desktop = createKeyCipher('safestorage', Buffer.alloc(32, 1), null);
    const cli = createVault(createKeyCipher('file-aes256gcm', Buffer.alloc(32, 2), 'w'));
    expect(() => cli.open(desktop.seal('x'))).toThrow(/"safestorage", which is not available here/);
  });
});

describe('vault selection', () => {
  it('falls back to a 0600 key file with a warning when there is no keychain', async () => {
    const temp = makeTempDir();
    try {
      const vault = await openVault(temp.dir, { keyring: brokenKeyring });
      expect(vault.primary.scheme).toBe(KEY_FILE_SCHEME);
      expect(vault.primary.warning).toMatch(/No OS keychain/);
      expect(statSync(join(temp.dir, 'vault.key')).mode & 0o777).toBe(0o600);
      const sealed = vault.seal('tok_abc');
      const reopened = await openVault(temp.dir, { keyring: brokenKeyring });
      expect(reopened.open(sealed)).toBe('tok_abc');
    } finally {
      temp.remove();
    }
  });

  it('keeps the key in the keychain when one answers, and writes no key file', async () => {
    const temp = makeTempDir();
    const keyring = memoryKeyring();
    try {
      const vault = await openVault(temp.dir, { keyring });
      expect(vault.primary.scheme).toBe(KEYCHAIN_SCHEME);
      expect(vault.primary.warning).toBeNull();
      expect(() => statSync(join(temp.dir, 'vault.key'))).toThrow();
      const sealed = vault.seal('tok_keychain');
      expect((await openVault(temp.dir, { keyring })).open(sealed)).toBe('tok_keychain');
      expect(keyring.store.size).toBe(1);
    } finally {
      temp.remove();
    }
  });

  it('prefers the desktop cipher, and still opens values an earlier key file sealed', async () => {
    const temp = makeTempDir();
    try {
      const fromFile = createKeyFileCipher(temp.dir).seal('old');
      const desktop = createKeyCipher('safestorage', Buffer.alloc(32, 9), null);
      const vault = await openVault(temp.dir, { desktopCipher: desktop, keyring: brokenKeyring });
      expect(vault.primary.scheme).toBe('safestorage');
      expect(vault.open(fromFile)).toBe('old');
    } finally {
      temp.remove();
    }
  });

  it('ignores a keychain that accepts a write it cannot keep', async () => {
    const forgetful: KeyringEntryFactory = () => ({ getPassword: () => null, setPassword: () => undefined });
    expect(await createKeychainCipher('/tmp/x', forgetful)).toBeNull();
  });

  it('never writes the key file in a readable mode, even after a loosened copy', async () => {
    const temp = makeTempDir();
    try {
      createKeyFileCipher(temp.dir);
      const { chmodSync } = await import('node:fs');
      chmodSync(join(temp.dir, 'vault.key'), 0o644);
      createKeyFileCipher(temp.dir);
      expect(statSync(join(temp.dir, 'vault.key')).mode & 0o777).toBe(0o600);
      expect(Buffer.from(readFileSync(join(temp.dir, 'vault.key'), 'utf8'), 'base64').byteLength).toBe(32);
    } finally {
      temp.remove();
    }
  });
});

describe('the key-file warning at start (issue 16, point 8: not at every start)', () => {
  it('is new on the first start of a data directory only; Settings keeps it after that', async () => {
    const { createConsole } = await import('../../src/main/app');
    const temp = makeTempDir();
    try {
      const start = async () => {
        const core = await createConsole({
          dataDir: temp.dir,
          frontDoor: 'browser',
          keychain: 'off',
          background: false,
        });
        const vault = core.appInfo().vault;
        await core.close();
        return vault;
      };
      const first = await start();
      expect(first.warning).toMatch(/No OS keychain is available/);
      expect(first.warningIsNew).toBe(true);
      const second = await start();
      expect(second.warning).toBe(first.warning);
      expect(second.warningIsNew).toBe(false);
    } finally {
      temp.remove();
    }
  });
});
