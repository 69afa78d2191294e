import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_LISTENER_SETTINGS, listenerSettingsSchema } from '../../src/shared/listener';
import { retentionSchema } from '../../src/shared/history-file';
import {
  LISTENER_SETTINGS_SETTING,
  readStoredSettings,
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
    // One wording for a stored null: the retention policy said zod's 'must be an object, not null'.
    expect(readStoredSettingsText('null', retentionSchema, { mode: 'all' })).toEqual({
      value: { mode: 'all' },
      unreadable: ['the value null is not an object'],
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

describe('a damaged stored value that carries a credential', () => {
  // A forward-to URL not readable (ftp://) was quoted with its user info's password in the
  // Listener alert, the `listen` warning and the log, where every other URL's is masked.
  const PASSWORD = 'S3cretPassw0rd';
  const DAMAGED_FORWARD = JSON.stringify({
    respondStatus: 503,
    responseDelayMs: '2.5s',
    bodyLimitBytes: -1,
    clockToleranceSeconds: 60,
    forwardTo: `ftp://qa:${PASSWORD}@merchant.example/hooks`,
  });
  // Any part of it (a quote cut at 40 characters could end inside it) is a part of the secret.
  const noPartOf = (text: string) => {
    expect(text).not.toContain(PASSWORD.slice(0, 4));
    expect(text).not.toContain(PASSWORD.slice(-4));
  };

  it('is quoted with the password masked, in the alert, the terminal and the log', async () => {
    const temp = makeTempDir();
    try {
      await (await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' })).close();
      withConsoleFile(temp.dir, (db) =>
        db
          .prepare(
            "INSERT INTO settings (key, value) VALUES ('listener.settings', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          )
          .run(DAMAGED_FORWARD),
      );
      const core = await createConsole({ dataDir: temp.dir, frontDoor: 'cli', keychain: 'off' });
      try {
        const alert = core.listener.settingsAsRead().unreadable;
        expect(alert).toContainEqual(
          expect.stringMatching(/^forwardTo "ftp:\/\/qa:••••@merchant\.example\/hooks" cannot be read/),
        );
        alert.forEach(noPartOf);
        const terminal = unreadableSettingsWarnings(core.settings, ['listener']);
        expect(terminal).toHaveLength(1);
        terminal.forEach(noPartOf);
      } finally {
        await core.close();
      }
      const log = readFileSync(join(temp.dir, 'logs', 'console.log'), 'utf8');
      expect(log).toContain('forwardTo "ftp://qa:••••@merchant.example');
      noPartOf(log);
    } finally {
      temp.remove();
    }
  });

  it('is masked before the quote is cut, and in a stored text that is not JSON', () => {
    // Cut first, the quote ended inside the password and no `@` said it was one.
    const long = JSON.stringify({
      ...JSON.parse(DAMAGED_FORWARD),
      forwardTo: `ftp://a-long-user-name:${PASSWORD}@x/`,
    });
    const read = readStoredSettingsText(long, listenerSettingsSchema, DEFAULT_LISTENER_SETTINGS);
    read.unreadable.forEach(noPartOf);
    const cut = readStoredSettingsText(
      DAMAGED_FORWARD.slice(0, -1),
      listenerSettingsSchema,
      DEFAULT_LISTENER_SETTINGS,
    );
    expect(cut.unreadable).toEqual([expect.stringMatching(/^the value is not JSON \(it reads /)]);
    cut.unreadable.forEach(noPartOf);
  });

  it('never quotes a field named for a secret, nor a JWT or a serviceToken in any field', () => {
    const schema = z.object({
      apiToken: z.string().min(100),
      webhookUrl: z.url({ protocol: /^https?$/ }).nullable(),
    });
    const read = readStoredSettings(
      {
        apiToken: PASSWORD,
        webhookUrl: `ftp://h/x?serviceToken=${PASSWORD}&jwt=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln`,
      },
      schema,
      { apiToken: 'x'.repeat(100), webhookUrl: null },
    );
    expect(read.unreadable).toEqual([
      expect.stringMatching(/^apiToken \(not shown: it may hold a secret\) cannot be read/),
      expect.stringMatching(/^webhookUrl "ftp:\/\/h\/x\?serviceToken=••••&jwt=••••" cannot be read/),
    ]);
    read.unreadable.forEach(noPartOf);
    const jwt = readStoredSettings(
      { publicUrl: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln' },
      z.object({ publicUrl: z.url() }),
      {
        publicUrl: 'http://x/',
      },
    );
    expect(jwt.unreadable.join()).not.toContain('eyJ');
    // Read whole (not an object schema), a secret's path is named without its value; a text that
    // is not JSON has a secret field's value hidden.
    const whole = readStoredSettings([{ secret: PASSWORD }], z.array(z.object({ secret: z.number() })), []);
    expect(whole.unreadable.join()).toEqual(
      '0.secret (not shown: it may hold a secret) cannot be read (not a number), so its default is used',
    );
    whole.unreadable.forEach(noPartOf);
    const text = readStoredSettingsText(`{"apiToken": "${PASSWORD}", "x": 1`, schema, {
      apiToken: '',
      webhookUrl: null,
    });
    expect(text.unreadable).toEqual(['the value is not JSON (it reads {"apiToken": "••••", "x": 1)']);
  });
});
