import { describe, expect, it } from 'vitest';
import type { PushEvent } from '../../src/shared/contract';
import {
  DEFAULT_PREFERENCES,
  parseStoredPreferences,
  preferencesPatchSchema,
  readStoredPreferencesText,
} from '../../src/shared/preferences';
import { PREFERENCES_KEY } from '../../src/main/bridge/handlers/preferences';
import { makeTempDir, openTempConsole } from './helpers/temp-console';
import { createConsole } from '../../src/main/app';

describe('stored preferences that are null', () => {
  // A stored null read as nothing stored, without a word; it is said as a damaged value is.
  it('are said, and every preference takes its default', () => {
    expect(readStoredPreferencesText('null')).toEqual({
      ...DEFAULT_PREFERENCES,
      unreadable: ['the value null is not an object'],
    });
  });
});

describe('theme preference parsing', () => {
  it('follows the system by default', () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      colorScheme: 'system',
      firstRunGuide: 'show',
      builderFormShare: 0.535,
    });
    expect(parseStoredPreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(parseStoredPreferences('dark')).toEqual(DEFAULT_PREFERENCES);
    expect(parseStoredPreferences({})).toEqual(DEFAULT_PREFERENCES);
  });

  it('reads what was stored, and only a field that went bad falls back', () => {
    expect(parseStoredPreferences({ colorScheme: 'dark' })).toEqual({
      colorScheme: 'dark',
      firstRunGuide: 'show',
      builderFormShare: 0.535,
    });
    expect(parseStoredPreferences({ colorScheme: 'sepia', firstRunGuide: 'done' })).toEqual({
      colorScheme: 'system',
      firstRunGuide: 'done',
      builderFormShare: 0.535,
    });
    expect(
      parseStoredPreferences({
        colorScheme: 'light',
        firstRunGuide: 'maybe',
        builderFormShare: 0.9,
        fromAFutureVersion: 1,
      }),
    ).toEqual({
      colorScheme: 'light',
      firstRunGuide: 'show',
      builderFormShare: 0.535,
    });
    expect(parseStoredPreferences({ builderFormShare: 0.62 })).toMatchObject({ builderFormShare: 0.62 });
  });

  it('accepts a change strictly', () => {
    expect(preferencesPatchSchema.safeParse({ colorScheme: 'light' }).success).toBe(true);
    expect(preferencesPatchSchema.safeParse({}).success).toBe(true);
    expect(preferencesPatchSchema.safeParse({ firstRunGuide: 'done' }).success).toBe(true);
    expect(preferencesPatchSchema.safeParse({ firstRunGuide: 'later' }).success).toBe(false);
    expect(preferencesPatchSchema.safeParse({ colorScheme: 'auto' }).success).toBe(false);
    expect(preferencesPatchSchema.safeParse({ font: 'Comic Sans' }).success).toBe(false);
    expect(preferencesPatchSchema.safeParse({ builderFormShare: 0.4 }).success).toBe(true);
    expect(preferencesPatchSchema.safeParse({ builderFormShare: 0.2 }).success).toBe(false);
    expect(preferencesPatchSchema.safeParse({ builderFormShare: '0.5' }).success).toBe(false);
  });
});

describe('preferences over the bridge', () => {
  it('stores a change in the settings table, answers all preferences and tells other windows', async () => {
    const temp = makeTempDir();
    try {
      const core = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
      const pushed: PushEvent[] = [];
      core.bus.subscribe((event) => pushed.push(event));
      expect(await core.dispatcher('getPreferences', {}, { transport: 'websocket' })).toEqual({
        ok: true,
        data: { colorScheme: 'system', firstRunGuide: 'show', builderFormShare: 0.535, unreadable: [] },
      });
      expect(await core.dispatcher('setPreferences', { colorScheme: 'dark' }, { transport: 'ipc' })).toEqual({
        ok: true,
        data: { colorScheme: 'dark', firstRunGuide: 'show', builderFormShare: 0.535, unreadable: [] },
      });
      expect(pushed).toEqual([
        {
          name: 'preferences.changed',
          payload: { colorScheme: 'dark', firstRunGuide: 'show', builderFormShare: 0.535, unreadable: [] },
        },
      ]);
      await core.close();

      // Another front door on the same data directory sees it.
      const reopened = await createConsole({ dataDir: temp.dir, frontDoor: 'desktop', keychain: 'off' });
      expect(await reopened.dispatcher('getPreferences', {}, { transport: 'ipc' })).toEqual({
        ok: true,
        data: { colorScheme: 'dark', firstRunGuide: 'show', builderFormShare: 0.535, unreadable: [] },
      });
      await reopened.close();
    } finally {
      temp.remove();
    }
  });

  it('refuses an invalid value, naming the field, and keeps the old one', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      const refused = await core.dispatcher(
        'setPreferences',
        { colorScheme: 'neon' },
        { transport: 'websocket' },
      );
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'invalid_input', issues: [{ path: 'colorScheme' }] },
      });
      core.settings.set(PREFERENCES_KEY, { colorScheme: 'sepia' });
      expect(await core.dispatcher('getPreferences', {}, { transport: 'websocket' })).toEqual({
        ok: true,
        data: {
          colorScheme: 'system',
          firstRunGuide: 'show',
          builderFormShare: 0.535,
          unreadable: ['colorScheme "sepia" is not one of system, light, dark, so "system" is used'],
        },
      });
    } finally {
      await dispose();
    }
  });
});
