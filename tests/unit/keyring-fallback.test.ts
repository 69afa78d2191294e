import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createConsole, type ConsoleCore } from '../../src/main/app';
import { KEY_FILE_NAME, KEY_FILE_SCHEME } from '../../src/main/profiles/key-file-cipher';
import {
  decideSafeStorage,
  DEFAULT_KEYRING_FALLBACK,
  keyringFallbackWarning,
} from '../../src/main/profiles/safe-storage-decision';
import { createKeyCipher, parseSealed } from '../../src/main/profiles/sealed-secret';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

// Stands in for Electron's safeStorage: same scheme, a real (test) key.
const fakeSafeStorage = () => createKeyCipher('safestorage', Buffer.alloc(32, 9), null);

describe('safeStorage decision', () => {
  it('uses safeStorage whenever its key is secret', () => {
    for (const backend of [null, 'gnome_libsecret', 'kwallet5', 'kwallet6']) {
      expect(decideSafeStorage({ available: true, backend }, null)).toEqual({
        useSafeStorage: true,
        fallback: null,
      });
    }
    // The stored choice only matters where the key is public.
    expect(
      decideSafeStorage({ available: true, backend: 'gnome_libsecret' }, 'key-file').useSafeStorage,
    ).toBe(true);
  });

  it('falls back to the console vault when safeStorage cannot encrypt', () => {
    expect(decideSafeStorage({ available: false, backend: null }, null)).toEqual({
      useSafeStorage: false,
      fallback: null,
    });
  });

  it('with the public basic_text key, defaults to the console vault and asks the user', () => {
    const decision = decideSafeStorage({ available: true, backend: 'basic_text' }, null);
    expect(DEFAULT_KEYRING_FALLBACK).toBe('key-file');
    expect(decision.useSafeStorage).toBe(false);
    expect(decision.fallback).toMatchObject({ backend: 'basic_text', choice: 'key-file', decided: false });
    expect(decision.fallback?.warning).toContain('publicly known');
    expect(decision.fallback?.warning).toContain('key file');
  });

  it('follows the stored choice, and says what it costs', () => {
    const chosen = decideSafeStorage({ available: true, backend: 'basic_text' }, 'safe-storage');
    expect(chosen.useSafeStorage).toBe(true);
    expect(chosen.fallback).toMatchObject({ choice: 'safe-storage', decided: true });
    expect(chosen.fallback?.warning).toMatch(
      /anyone who gets a copy of console\.sqlite can read your tokens/,
    );

    const kept = decideSafeStorage({ available: true, backend: 'basic_text' }, 'key-file');
    expect(kept).toMatchObject({ useSafeStorage: false, fallback: { choice: 'key-file', decided: true } });
    expect(keyringFallbackWarning('basic_text', 'key-file')).not.toBe(
      keyringFallbackWarning('basic_text', 'safe-storage'),
    );
  });
});

/** A desktop console on Linux without a keyring (safeStorage's key public), closed after `use`. */
async function onBasicText(use: (core: ConsoleCore) => Promise<void>): Promise<void> {
  const temp = makeTempDir();
  try {
    const core = await createConsole({
      dataDir: temp.dir,
      frontDoor: 'desktop',
      keychain: 'off',
      desktopCipher: fakeSafeStorage(),
      safeStorageBackend: 'basic_text',
    });
    await use(core);
    await core.close();
  } finally {
    temp.remove();
  }
}

describe('keyring fallback in a running console', () => {
  it('re-seals the tokens profiles had before too (kept sealed to mask their echoes)', () =>
    onBasicText(async (core) => {
      const local = core.profiles.active();
      const former = core.profiles.secretsOf(local.id).apiToken;
      core.profiles.update(
        local.id,
        {},
        { apiToken: { action: 'set', value: 'api-rotated-0001' }, notificationToken: { action: 'keep' } },
      );
      const formerSchemes = () =>
        core.store.settings
          .read('profiles.formerSecrets', z.array(z.string()), [])
          .value.map((sealed) => parseSealed(sealed).scheme);
      expect(formerSchemes()).toEqual([KEY_FILE_SCHEME]);
      await core.keyringFallback.choose('safe-storage');
      expect(formerSchemes()).toEqual(['safestorage']);
      expect(core.profiles.formerSecrets()).toEqual([former]);
    }));

  it("re-seals the registered webhook's header values with the tokens", () =>
    onBasicText(async (core) => {
      core.emulator.updateSettings({
        webhookHeaders: [{ name: 'X-Api-Key', value: { action: 'set', value: 'mk_endpoint_key_0001' } }],
      });
      const schemes = () =>
        core.store.settings
          .read('emulator.webhookHeaders', z.array(z.object({ sealed: z.string() })), [])
          .value.map((header) => parseSealed(header.sealed).scheme);
      expect(schemes()).toEqual([KEY_FILE_SCHEME]);
      await core.keyringFallback.choose('safe-storage');
      expect(schemes()).toEqual(['safestorage']);
      expect(core.profiles.webhookHeaders.plain()).toEqual([['X-Api-Key', 'mk_endpoint_key_0001']]);
    }));

  it('starts on the key file, re-seals every token on a change, and remembers the choice', async () => {
    const temp = makeTempDir();
    const open = () =>
      createConsole({
        dataDir: temp.dir,
        frontDoor: 'desktop',
        keychain: 'off',
        desktopCipher: fakeSafeStorage(),
        safeStorageBackend: 'basic_text',
      });
    try {
      const core = await open();
      const local = core.profiles.findByName('Local');
      if (local === undefined) throw new Error('no Local profile');
      const tokens = core.profiles.secretsOf(local.id);
      const schemes = () => {
        const stored = core.profiles.get(local.id);
        return [stored.apiTokenSealed, stored.notificationTokenSealed].map((sealed) =>
          sealed === null ? null : parseSealed(sealed).scheme,
        );
      };

      expect(core.vault.primary.scheme).toBe(KEY_FILE_SCHEME);
      expect(schemes()).toEqual([KEY_FILE_SCHEME, KEY_FILE_SCHEME]);
      expect(core.appInfo().vault.keyringFallback).toMatchObject({ choice: 'key-file', decided: false });

      const answer = await core.dispatcher(
        'chooseKeyringFallback',
        { choice: 'safe-storage' },
        { transport: 'ipc' },
      );
      expect(answer).toMatchObject({
        ok: true,
        data: { scheme: 'safestorage', keyringFallback: { choice: 'safe-storage', decided: true } },
      });
      expect(schemes()).toEqual(['safestorage', 'safestorage']);
      expect(core.profiles.secretsOf(local.id)).toEqual(tokens);
      await core.close();

      // Reopened: the choice holds, and the tokens still open.
      const again = await open();
      expect(again.vault.primary.scheme).toBe('safestorage');
      expect(again.appInfo().vault.keyringFallback).toMatchObject({ choice: 'safe-storage', decided: true });
      expect(again.profiles.secretsOf(local.id)).toEqual(tokens);

      await again.keyringFallback.choose('key-file');
      expect(again.vault.primary.scheme).toBe(KEY_FILE_SCHEME);
      const stored = again.profiles.get(local.id);
      expect(stored.apiTokenSealed?.startsWith(`$${KEY_FILE_SCHEME}:`)).toBe(true);
      expect(again.profiles.secretsOf(local.id)).toEqual(tokens);
      // No plain token in the database file.
      const db = readFileSync(join(temp.dir, 'console.sqlite'));
      expect(db.includes(Buffer.from(tokens.apiToken ?? 'missing'))).toBe(false);
      expect(existsSync(join(temp.dir, KEY_FILE_NAME))).toBe(true);
      await again.close();
    } finally {
      temp.remove();
    }
  });

  it('uses safeStorage without asking when the keyring is there', async () => {
    const { core, dispose } = await openTempConsole({
      frontDoor: 'desktop',
      desktopCipher: fakeSafeStorage(),
      safeStorageBackend: 'gnome_libsecret',
    });
    try {
      expect(core.vault.primary.scheme).toBe('safestorage');
      expect(core.appInfo().vault.keyringFallback).toBeNull();
      expect(existsSync(join(core.dataDir, KEY_FILE_NAME))).toBe(false);
      const refused = await core.dispatcher(
        'chooseKeyringFallback',
        { choice: 'key-file' },
        { transport: 'ipc' },
      );
      expect(refused).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    } finally {
      await dispose();
    }
  });

  it('is unavailable in browser mode and validates the choice', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      expect(core.appInfo().vault.keyringFallback).toBeNull();
      expect(
        await core.dispatcher(
          'chooseKeyringFallback',
          { choice: 'safe-storage' },
          { transport: 'websocket' },
        ),
      ).toMatchObject({ ok: false, error: { code: 'unavailable' } });
      expect(
        await core.dispatcher('chooseKeyringFallback', { choice: 'plain-text' }, { transport: 'websocket' }),
      ).toMatchObject({ ok: false, error: { code: 'invalid_input', issues: [{ path: 'choice' }] } });
    } finally {
      await dispose();
    }
  });
});
