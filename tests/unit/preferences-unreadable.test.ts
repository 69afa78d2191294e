import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import type { PushEvent } from '../../src/shared/contract';
import { DEFAULT_PREFERENCES, readStoredPreferencesText } from '../../src/shared/preferences';
import { withConsoleFile } from './helpers/console-file';
import { makeTempDir } from './helpers/temp-console';

// A hand-edited or damaged `preferences` setting was replaced by defaults with no word anywhere:
// the theme back to System, the guide shown again, nothing in the terminal, Settings or the log.
// Unreadable is never ignored in silence, and reading it never writes over it.

const OUTCOME =
  'Only what is named uses its default, the rest is used as stored, until a preference is saved in Settings';

describe('reading the stored preferences', () => {
  it('says a value that is not JSON, and uses every default', () => {
    expect(readStoredPreferencesText('garbage{{')).toEqual({
      ...DEFAULT_PREFERENCES,
      unreadable: ['the value is not JSON (it reads garbage{{)'],
    });
    expect(readStoredPreferencesText('{"colorScheme":"purple","firstRunGuide":42')).toEqual({
      ...DEFAULT_PREFERENCES,
      unreadable: ['the value is not JSON (it reads {"colorScheme":"purple","firstRunGuide":42)'],
    });
    // Printed as text in the log and the terminal: a control character is its escape.
    expect(readStoredPreferencesText(`\u001b[2J${'x'.repeat(80)}`).unreadable).toEqual([
      `the value is not JSON (it reads \\u001b[2J${'x'.repeat(56)}…)`,
    ]);
  });

  it('keeps each field it can read and names each it cannot', () => {
    expect(
      readStoredPreferencesText('{"colorScheme":"purple","firstRunGuide":42,"builderFormShare":0.6}'),
    ).toEqual({
      colorScheme: 'system',
      firstRunGuide: 'show',
      builderFormShare: 0.6,
      unreadable: [
        'colorScheme "purple" is not one of system, light, dark, so "system" is used',
        'firstRunGuide 42 is not one of show, done, so "show" is used',
      ],
    });
    expect(readStoredPreferencesText('{"colorScheme":"dark","builderFormShare":0.9}')).toEqual({
      ...DEFAULT_PREFERENCES,
      colorScheme: 'dark',
      unreadable: ['builderFormShare 0.9 is not a number from 0.3 to 0.7, so 0.535 is used'],
    });
    expect(readStoredPreferencesText('[1,2]').unreadable).toEqual(['the value [1,2] is not an object']);
  });

  it('says nothing of what is simply not there: nothing stored, or a field an older version did not write', () => {
    expect(readStoredPreferencesText(undefined)).toEqual({ ...DEFAULT_PREFERENCES, unreadable: [] });
    expect(readStoredPreferencesText('{}')).toEqual({ ...DEFAULT_PREFERENCES, unreadable: [] });
    expect(readStoredPreferencesText('{"colorScheme":"light","fromAFutureVersion":1}')).toEqual({
      ...DEFAULT_PREFERENCES,
      colorScheme: 'light',
      unreadable: [],
    });
  });
});

const storedText = (dataDir: string) =>
  withConsoleFile(dataDir, (db) =>
    db.prepare<[], { value: string }>("SELECT value FROM settings WHERE key = 'preferences'").get(),
  )?.value;

describe('unreadable stored preferences in a console', () => {
  it('are said in the log at start and in every answer, kept as stored until a preference is saved', async () => {
    const temp = makeTempDir();
    try {
      const first = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
      await first.close();
      withConsoleFile(temp.dir, (db) =>
        db
          .prepare(
            "INSERT INTO settings (key, value) VALUES ('preferences', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          )
          .run('garbage{{'),
      );

      const core = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
      const pushed: PushEvent[] = [];
      core.bus.subscribe((event) => pushed.push(event));
      try {
        const log = readFileSync(join(temp.dir, 'logs', 'console.log'), 'utf8');
        expect(log).toContain(
          'WARN The stored preferences (the "preferences" setting) cannot be read: the value is not JSON (it reads garbage{{). ',
        );
        expect(log).toContain(OUTCOME);

        expect(await core.dispatcher('getPreferences', {}, { transport: 'websocket' })).toEqual({
          ok: true,
          data: { ...DEFAULT_PREFERENCES, unreadable: ['the value is not JSON (it reads garbage{{)'] },
        });
        // Read twice, and by another console: nothing wrote over it.
        expect(storedText(temp.dir)).toBe('garbage{{');

        // The user saves a change: every preference is written, readable, and no one says it again.
        expect(
          await core.dispatcher('setPreferences', { colorScheme: 'dark' }, { transport: 'ipc' }),
        ).toEqual({
          ok: true,
          data: { ...DEFAULT_PREFERENCES, colorScheme: 'dark', unreadable: [] },
        });
        expect(JSON.parse(storedText(temp.dir) ?? 'null')).toEqual({
          ...DEFAULT_PREFERENCES,
          colorScheme: 'dark',
        });
        expect(pushed).toContainEqual({
          name: 'preferences.changed',
          payload: { ...DEFAULT_PREFERENCES, colorScheme: 'dark', unreadable: [] },
        });
      } finally {
        await core.close();
      }
    } finally {
      temp.remove();
    }
  });
});
