import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_LISTENER_SETTINGS, listenerSettingsSchema } from '../../src/shared/listener';
import { retentionSchema } from '../../src/shared/history-file';
import {
  LISTENER_SETTINGS_SETTING,
  readStoredSettingsText,
  unreadableSettingWords,
} from '../../src/shared/stored-settings';
import { withConsoleFile } from './helpers/console-file';
import { openListeningConsole } from './helpers/listening-console';
import { makeTempDir, openTempConsole } from './helpers/temp-console';
import { runCliCaptured } from './helpers/run-cli';
import { createConsole } from '../../src/main/app';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unreadableSettingsWarnings } from '../../src/main/unreadable-settings';

// A damaged stored listener setting (only forwardTo invalid) reset every listener setting to
// its default in silence: the listener answered 200 though 503 was stored; a damaged retention
// policy read as "keep everything" with no word. The one reader of a stored settings object keeps
// each field that parses, takes the default for each that does not, and names it.

const LISTENER_TEXT = JSON.stringify({
  respondStatus: 503,
  responseDelayMs: 0,
  bodyLimitBytes: 1048576,
  clockToleranceSeconds: 7,
  forwardTo: 'ftp://x',
});

describe('reading a stored settings object', () => {
  it('keeps the listener settings that parse and names the one that does not, with the default used', () => {
    const read = readStoredSettingsText(LISTENER_TEXT, listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS);
    expect(read.value).toEqual({
      ...DEFAULT_LISTENER_SETTINGS,
      respondStatus: 503,
      clockToleranceSeconds: 7,
    });
    expect(read.unreadable).toEqual([
      expect.stringMatching(/^forwardTo "ftp:\/\/x" cannot be read \(.*\), so null is used$/),
    ]);
    expect(unreadableSettingWords(LISTENER_SETTINGS_SETTING, read.unreadable)).toMatch(
      /^The stored listener settings \(the "listener.settings" setting\) cannot be read: forwardTo "ftp:\/\/x" .*the stored value is kept as it is\.$/,
    );
  });

  it('names a retention count that does not parse, and uses keep everything', () => {
    const read = readStoredSettingsText('{"mode":"count","count":0}', retentionSchema, { mode: 'all' });
    expect(read.value).toEqual({ mode: 'all' });
    expect(read.unreadable).toEqual([
      'count 0 cannot be read (must be at least 1 record), so {"mode":"all"} is used',
    ]);
  });

  it('says a value that is not JSON, and nothing of a value not stored', () => {
    expect(readStoredSettingsText('garbage{{', retentionSchema, { mode: 'all' })).toEqual({
      value: { mode: 'all' },
      unreadable: ['the value is not JSON (it reads garbage{{)'],
    });
    expect(readStoredSettingsText(undefined, retentionSchema, { mode: 'all' })).toEqual({
      value: { mode: 'all' },
      unreadable: [],
    });
  });
});

describe('a stored value that is null or not the kind of value at the top level', () => {
  // Stored JSON null read as nothing stored, without a word: the defaults were used in silence.
  it('is named as unreadable, where a value not stored says nothing', () => {
    expect(readStoredSettingsText('null', listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS)).toEqual({
      value: DEFAULT_LISTENER_SETTINGS,
      unreadable: ['the value null is not an object'],
    });
    expect(readStoredSettingsText('null', retentionSchema, { mode: 'all' })).toEqual({
      value: { mode: 'all' },
      unreadable: [
        expect.stringMatching(/^the value null cannot be read \(.*\), so \{"mode":"all"\} is used$/),
      ],
    });
    expect(
      readStoredSettingsText('[1]', listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS).unreadable,
    ).toEqual(['the value [1] is not an object']);
  });

  it('is read as stored where null is a value the setting holds (no active profile)', () => {
    expect(readStoredSettingsText('null', z.number().int().nullable(), 3)).toEqual({
      value: null,
      unreadable: [],
    });
  });
});

describe('a listener whose stored forwardTo is damaged', () => {
  it('answers with the stored 503, and the stored value is left as it was', async () => {
    const listening = await openListeningConsole();
    try {
      withConsoleFile(listening.dataDir, (db) =>
        db
          .prepare(
            "INSERT INTO settings (key, value) VALUES ('listener.settings', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          )
          .run(LISTENER_TEXT),
      );
      const answer = await fetch(`${listening.origin}/`, { method: 'POST', body: '{}' });
      expect(answer.status).toBe(503);
      expect(listening.core.listener.settings()).toMatchObject({
        respondStatus: 503,
        clockToleranceSeconds: 7,
      });
      const stored = withConsoleFile(listening.dataDir, (db) =>
        db.prepare<[], { value: string }>("SELECT value FROM settings WHERE key = 'listener.settings'").get(),
      )?.value;
      expect(stored).toBe(LISTENER_TEXT);
    } finally {
      await listening.dispose();
    }
  });
});

describe('the warnings serve, listen, retention and the log give at start', () => {
  it('say one line a damaged setting, naming its key and field, and leave the stored text as it was', async () => {
    const { core, dispose } = await openTempConsole();
    try {
      core.settings.set('history.retention', { mode: 'count', count: 0 });
      withConsoleFile(core.dataDir, (db) =>
        db
          .prepare(
            "INSERT INTO settings (key, value) VALUES ('listener.settings', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          )
          .run(LISTENER_TEXT),
      );
      const lines = unreadableSettingsWarnings(core.settings, ['preferences', 'listener', 'retention']);
      expect(lines).toEqual([
        expect.stringMatching(
          /^The stored listener settings \(the "listener.settings" setting\) cannot be read: forwardTo "ftp:\/\/x"/,
        ),
        expect.stringMatching(
          /^The stored retention policy \(the "history.retention" setting\) cannot be read: count 0 cannot be read \(must be at least 1 record\), so \{"mode":"all"\} is used\. /,
        ),
      ]);
      expect(lines.every((line) => !line.includes('\n'))).toBe(true);
      expect(core.settings.storedText('listener.settings')).toBe(LISTENER_TEXT);
      expect(core.history.retention()).toEqual({ mode: 'all' });
    } finally {
      await dispose();
    }
  });

  it('retention says the damaged policy on the terminal, and the log says it at start', async () => {
    const temp = makeTempDir();
    try {
      await (await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' })).close();
      withConsoleFile(temp.dir, (db) =>
        db
          .prepare(
            "INSERT INTO settings (key, value) VALUES ('history.retention', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          )
          .run('{"mode":"count","count":0}'),
      );
      const run = await runCliCaptured(['--data-dir', temp.dir, 'retention']);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Retention: keep everything.');
      expect(run.stderr).toMatch(
        /^warning: The stored retention policy \(the "history.retention" setting\) cannot be read: count 0 cannot be read \(must be at least 1 record\), so \{"mode":"all"\} is used\. [^\n]*\n$/,
      );
      expect(readFileSync(join(temp.dir, 'logs', 'console.log'), 'utf8')).toContain(
        'The stored retention policy (the "history.retention" setting) cannot be read: count 0',
      );
    } finally {
      temp.remove();
    }
  });
});
