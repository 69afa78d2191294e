import Database from 'better-sqlite3';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { DEFAULT_OPERATIONS } from '../../src/shared/profile';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// One column of an inactive profile's row damaged by hand (better-sqlite3, as a tester or a bad
// copy would): the console still starts, every reader goes on, and the column is named
// (docs/data-safety.md, "No stored row breaks a reader"). A NULL needs a table without its NOT
// NULL and CHECK constraints: a copy made by another program, as CREATE TABLE … AS makes one.

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A data directory whose Local profile listens on port 0 (active) and whose Sandbox is damaged. */
async function damagedDataDir(column: string, value: unknown): Promise<{ dataDir: string; id: number }> {
  const temp = makeTempDir();
  cleanups.push(temp.remove);
  const setup = await createConsole({ dataDir: temp.dir, frontDoor: 'browser', keychain: 'off' });
  const local = setup.profiles.active();
  setup.profiles.update(
    local.id,
    { listenerPort: 0 },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
  await setup.close();
  const db = new Database(join(temp.dir, 'console.sqlite'));
  db.pragma('foreign_keys = OFF');
  db.exec(
    'CREATE TABLE profiles_copy AS SELECT * FROM profiles; DROP TABLE profiles; ALTER TABLE profiles_copy RENAME TO profiles;',
  );
  const { id } = db.prepare("SELECT id FROM profiles WHERE name = 'Sandbox'").get() as { id: number };
  db.prepare(`UPDATE profiles SET ${column} = ? WHERE id = ?`).run(value, id);
  db.close();
  return { dataDir: temp.dir, id };
}

const WORDS: Record<string, string> = {
  name: 'name',
  environment: 'environment',
  base_url: 'base URL',
  listener_port: 'listener port',
  public_listener_url: 'public listener URL',
  notification_field: 'notification field',
  operations: 'operations',
  signed_token_minutes: 'token lifetime',
  api_token_sealed: 'API token',
  notification_token_sealed: 'notification token',
  created_at: 'creation time',
  updated_at: 'time of change',
};

// Each column, NULL and a value of the wrong type (public_listener_url and the tokens hold NULL
// when unset, so only their wrong type is damage). A text column given a number keeps it as text
// (SQLite's affinity), so a blob is its wrong type.
const blob = Buffer.from('x');
const CASES: [string, unknown][] = [
  ['name', null],
  ['name', blob],
  ['environment', null],
  ['environment', 'prod'],
  ['base_url', null],
  ['base_url', blob],
  ['listener_port', null],
  ['listener_port', 'abc'],
  ['public_listener_url', blob],
  ['notification_field', null],
  ['notification_field', blob],
  ['operations', null],
  ['operations', 'not json'],
  ['operations', '{"capture":5}'],
  ['signed_token_minutes', null],
  ['signed_token_minutes', 'x'],
  ['api_token_sealed', blob],
  ['notification_token_sealed', blob],
  ['created_at', null],
  ['updated_at', blob],
];

describe('a damaged column of an inactive profile', () => {
  it.each(CASES)(
    '%s = %j: the console starts, lists, reads history, listens, and names it',
    async (column, value) => {
      const { dataDir, id } = await damagedDataDir(column, value);
      // A profile whose name cannot be read is named by its id.
      const name = column === 'name' ? `#${id}` : 'Sandbox';
      const named = `Profile ${name}'s stored ${WORDS[column] ?? column} is damaged in the database`;
      const core = await createConsole({
        dataDir,
        frontDoor: 'browser',
        keychain: 'off',
        background: true,
        startEmulator: false,
      });
      try {
        // The active profile's listener starts.
        const status = core.listener.status();
        expect(status.error).toBeNull();
        expect(status.url).not.toBeNull();
        const sandbox = core.profiles.snapshot().profiles.find((profile) => profile.name === name);
        expect(sandbox?.damaged.map((field) => field.message).join('\n')).toContain(named);
      } finally {
        await core.close();
      }
      const log = readFileSync(join(dataDir, 'logs', 'console.log'), 'utf8');
      expect(log).toContain(named);
      const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);
      const list = await cli('profiles', 'list');
      expect(list.stderr).toContain(named);
      expect(list.code).toBe(0);
      expect(list.stdout).toContain('Local');
      expect(list.stdout).toContain(name);
      const history = await cli('history');
      expect(history.stderr).not.toContain('error');
      expect(history.code).toBe(0);
      // Never used with a guessed value: a send with a damaged base URL or environment is refused,
      // naming it, and a damaged listener port starts no listener.
      if (column === 'base_url' || column === 'environment') {
        const payload = join(dataDir, 'p.json');
        writeFileSync(payload, '{"order_reference_id":"r1"}');
        const send = await cli('send', payload, '--profile', 'Sandbox', '--no-notification-url');
        expect(send.code).toBe(1);
        expect(send.stderr).toContain(named);
        expect(send.stderr).toContain('nothing was sent');
      }
      if (column === 'listener_port') {
        const listen = await cli('listen', '--profile', 'Sandbox');
        expect(listen.code).toBe(1);
        expect(listen.stderr).toContain(named);
        expect(listen.stderr).toContain('does not start on a guessed port');
      }
      // Reading never writes: the stored value stays until the user saves the profile.
      const db = new Database(join(dataDir, 'console.sqlite'), { readonly: true });
      const stored = db.prepare(`SELECT ${column} AS v FROM profiles WHERE id = ?`).get(id) as { v: unknown };
      db.close();
      expect(stored.v).toEqual(value);
    },
  );
});

// A save writes every field of the row: one the user did not set would store the guess shown in
// its place (a damaged environment reads as live) in silence. It is refused, naming the column,
// until the save sets it; the stored value stays meanwhile.
describe('saving a profile with a damaged column', () => {
  const KEEP = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;
  const SAVES: [string, unknown, string, string, Record<string, unknown>][] = [
    ['environment', 'prod', 'environment', 'with --env', { environment: 'sandbox' }],
    ['environment', null, 'environment', 'with --env', { environment: 'live' }],
    ['listener_port', 'abc', 'listenerPort', 'with --listener-port', { listenerPort: 4456 }],
    ['operations', 'not json', 'operations', 'in the Profiles view', {}],
    ['signed_token_minutes', 'x', 'signedTokenMinutes', 'with --token-minutes', { signedTokenMinutes: 20 }],
    ['api_token_sealed', blob, 'apiToken', 'with --api-token', {}],
  ];

  it.each(SAVES)(
    '%s = %j: a save that does not set it is refused, one that does is saved',
    async (column, value, field, flag, set) => {
      const { dataDir, id } = await damagedDataDir(column, value);
      const storedValue = () => {
        const db = new Database(join(dataDir, 'console.sqlite'), { readonly: true });
        const row = db.prepare(`SELECT ${column} AS v FROM profiles WHERE id = ?`).get(id) as { v: unknown };
        db.close();
        return row.v;
      };
      const core = await createConsole({
        dataDir,
        frontDoor: 'browser',
        keychain: 'off',
        startEmulator: false,
      });
      try {
        const refused = (() => {
          try {
            core.profiles.update(id, { notificationField: 'merchant_url.notify' }, KEEP);
          } catch (error) {
            return error as { code: string; issues: { path: string; message: string }[] };
          }
          return null;
        })();
        expect(refused?.code).toBe('invalid_input');
        const path = field === 'apiToken' ? 'apiToken' : `fields.${field}`;
        expect(refused?.issues.map((issue) => issue.path)).toEqual([path]);
        expect(refused?.issues[0]?.message).toContain(
          `Profile Sandbox's stored ${WORDS[column]} is damaged: set it`,
        );
        expect(() => core.profiles.duplicate(id)).toThrow(
          `Profile Sandbox's stored ${WORDS[column]} is damaged`,
        );
        expect(storedValue()).toEqual(value);
      } finally {
        await core.close();
      }

      const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);
      const refusedSet = await cli(
        'profiles',
        'set',
        'Sandbox',
        '--notification-field',
        'merchant_url.notify',
      );
      expect(refusedSet.code).not.toBe(0);
      expect(refusedSet.stderr).toContain(
        `Profile Sandbox's stored ${WORDS[column]} is damaged: set it ${flag}`,
      );
      expect(storedValue()).toEqual(value);

      // A save that sets the column itself writes what was set, never a guess.
      const settingIt =
        field === 'apiToken'
          ? { secrets: { ...KEEP, apiToken: { action: 'clear' } } as const, patch: {} }
          : field === 'operations'
            ? { secrets: KEEP, patch: { operations: DEFAULT_OPERATIONS } }
            : { secrets: KEEP, patch: set };
      const again = await createConsole({
        dataDir,
        frontDoor: 'browser',
        keychain: 'off',
        startEmulator: false,
      });
      try {
        const saved = again.profiles.update(
          id,
          { notificationField: 'merchant_url.notify', ...settingIt.patch },
          settingIt.secrets,
        );
        expect(saved.damaged).toEqual([]);
        expect(saved.notificationField).toBe('merchant_url.notify');
      } finally {
        await again.close();
      }
    },
  );
});

// A damaged token or port is listed as damaged, never as what it is read as: a token text with
// no protection scheme is no token (export names it so), and a port that is no number is no
// port (the listener does not start on the guess, so the list must not show the guess either).
describe('a damaged token or port in the list of profiles', () => {
  it.each([
    ['api_token_sealed', 'garbage-not-sealed', 'apiToken'],
    ['api_token_sealed', blob, 'apiToken'],
    ['listener_port', 'abc', 'listenerPort'],
  ] as const)('%s = %j: the list says it is damaged', async (column, value, field) => {
    const { dataDir } = await damagedDataDir(column, value);
    const core = await createConsole({
      dataDir,
      frontDoor: 'browser',
      keychain: 'off',
      startEmulator: false,
    });
    try {
      const sandbox = core.profiles.snapshot().profiles.find((profile) => profile.name === 'Sandbox');
      expect(sandbox?.damaged.map((damaged) => damaged.column)).toEqual([field]);
      if (field === 'apiToken') {
        expect(sandbox?.damaged[0]?.message).toContain('stored without a protection scheme');
        expect(sandbox?.apiToken).toMatchObject({ isSet: true, masked: null });
      } else expect(sandbox?.listenerPort).toBeNull();
    } finally {
      await core.close();
    }
    const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);
    const list = await cli('profiles', 'list');
    expect(list.stderr).toContain(`Profile Sandbox's stored ${WORDS[column]} is damaged in the database`);
    const row = list.stdout.split('\n').find((line) => line.includes('Sandbox')) ?? '';
    if (field === 'apiToken') {
      expect(list.stderr).toContain('stored without a protection scheme');
      expect(row).toMatch(/ damaged /);
      expect(row).not.toContain('••••');
    } else {
      expect(row).not.toContain('4455');
      expect(row.trimEnd()).toMatch(/ —$/);
    }
    const json = await cli('profiles', 'list', '--json');
    const listed = (JSON.parse(json.stdout) as Record<string, unknown>[]).find(
      (profile) => profile.name === 'Sandbox',
    );
    expect((listed?.damaged as { column: string }[]).map((damaged) => damaged.column)).toEqual([field]);
    if (field === 'apiToken') expect(listed?.apiToken).toEqual({ isSet: true, masked: null });
    else expect(listed?.listenerPort).toBeNull();
  });
});
