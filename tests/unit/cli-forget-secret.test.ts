import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { runCliCaptured } from './helpers/run-cli';
import { openTempConsole } from './helpers/temp-console';

// With a lost vault.key (or a token the desktop app sealed, read from the CLI), an export, a
// text search and `history --json` were refused with no way out: `profiles set` keeps the
// token it replaces as a former token, still unopenable, so they stayed refused forever.
// `profiles forget-secret` forgets what this process cannot open, and only that.

const SEALED_ELSEWHERE = `$safestorage:${Buffer.from('sealed by the desktop app').toString('base64')}`;

let core: ConsoleCore;
let dataDir = '';
let dispose: () => Promise<void> = async () => undefined;

beforeEach(async () => {
  ({ core, dataDir, dispose } = await openTempConsole());
  core.recorder.record({
    kind: 'webhook',
    method: 'POST',
    url: 'http://127.0.0.1:4455/hooks',
    path: '/hooks',
    status: 200,
    requestBody: Buffer.from('{"note":"kettle descaled"}'),
  });
});
afterEach(async () => {
  await dispose();
});

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

function withDatabase(fn: (db: Database.Database) => void) {
  const db = new Database(join(dataDir, 'console.sqlite'));
  try {
    fn(db);
  } finally {
    db.close();
  }
}

const sealSandboxTokenElsewhere = () =>
  withDatabase((db) =>
    db.prepare("UPDATE profiles SET api_token_sealed = ? WHERE name = 'Sandbox'").run(SEALED_ELSEWHERE),
  );

const sealedTokensOf = (name: string) => {
  let row: { api: string | null; notify: string | null } | undefined;
  withDatabase((db) => {
    row = db
      .prepare(
        'SELECT api_token_sealed AS api, notification_token_sealed AS notify FROM profiles WHERE name = ?',
      )
      .get(name) as typeof row;
  });
  return row;
};

const exportNdjson = () => cli('export', '--format', 'ndjson');

describe('profiles forget-secret', () => {
  it('a lost vault.key: forgets the tokens only with --yes, then export and search work again', async () => {
    rmSync(join(dataDir, 'vault.key'));

    const refused = await exportNdjson();
    expect(refused.code).toBe(1);
    // The refusal names the way out.
    expect(refused.stderr).toContain('checkout-console profiles forget-secret Local');
    const searchRefused = await cli('history', '--search', 'kettle');
    expect(searchRefused.code).toBe(1);
    expect(searchRefused.stderr).toContain('checkout-console profiles forget-secret Local');
    const wholeRefused = await cli('history', '--json');
    expect(wholeRefused.code).toBe(1);
    expect(wholeRefused.stderr).toContain('checkout-console profiles forget-secret Local');
    const listNote = await cli('history');
    expect(listNote.code, listNote.stderr).toBe(0);
    expect(listNote.stderr).toContain('checkout-console profiles forget-secret Local');

    const asked = await cli('profiles', 'forget-secret', 'Local');
    expect(asked.code).toBe(2);
    expect(asked.stderr).toContain('nothing was forgotten');
    expect(asked.stderr).toMatch(/Local's API token/);
    expect(asked.stderr).toMatch(/Local's notification token/);
    expect(asked.stderr).toMatch(/key does not open it.*vault\.key.*from a backup/s);
    expect(asked.stderr).toMatch(/can no longer be masked/);
    expect(sealedTokensOf('Local')?.api).not.toBeNull();
    expect((await exportNdjson()).code).toBe(1);

    const forgotten = await cli('profiles', 'forget-secret', 'Local', '--yes');
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(forgotten.stdout).toMatch(/Forgot:/);
    expect(forgotten.stdout).toContain('profiles set Local --api-token -');
    expect(sealedTokensOf('Local')).toEqual({ api: null, notify: null });

    const list = await cli('profiles', 'list', '--json');
    const local = (JSON.parse(list.stdout) as { name: string; apiToken: { isSet: boolean } }[]).find(
      (profile) => profile.name === 'Local',
    );
    expect(local?.apiToken.isSet).toBe(false);

    const exported = await exportNdjson();
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toContain('kettle');
    const search = await cli('history', '--search', 'kettle');
    expect(search.code, search.stderr).toBe(0);
    expect(search.stdout).toContain('/hooks');

    // A new token set from here opens, and exports stay allowed.
    const set = await cli('profiles', 'set', 'Local', '--api-token', 'local_api_new_token_1234');
    expect(set.code, set.stderr).toBe(0);
    expect((await exportNdjson()).code).toBe(0);
  });

  it('never forgets a token this process can open', async () => {
    sealSandboxTokenElsewhere();
    const before = sealedTokensOf('Local');
    const local = await cli('profiles', 'forget-secret', 'Local', '--yes');
    expect(local.code, local.stderr).toBe(0);
    expect(local.stdout).toMatch(/nothing of it to forget/);
    expect(sealedTokensOf('Local')).toEqual(before);
    expect(before?.api).not.toBeNull();
  });

  it('sealed by the desktop app: says the desktop app can still open it, then forgets only that token', async () => {
    sealSandboxTokenElsewhere();
    withDatabase((db) =>
      db
        .prepare("UPDATE profiles SET notification_token_sealed = ? WHERE name = 'Sandbox'")
        .run(sealedTokensOf('Local')?.notify ?? null),
    );

    const asked = await cli('profiles', 'forget-secret', 'Sandbox');
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/Sandbox's API token.*safestorage/s);
    expect(asked.stderr).toMatch(/desktop app.*can still open it/s);
    expect(asked.stderr).not.toMatch(/notification token/);

    const forgotten = await cli('profiles', 'forget-secret', 'Sandbox', '--yes');
    expect(forgotten.code, forgotten.stderr).toBe(0);
    const after = sealedTokensOf('Sandbox');
    expect(after?.api).toBeNull();
    // The openable notification token stays.
    expect(after?.notify).toBe(sealedTokensOf('Local')?.notify);
    expect((await exportNdjson()).code).toBe(0);
  });

  it('former tokens: setting the token again leaves a refusal; --former forgets only the unopenable ones', async () => {
    sealSandboxTokenElsewhere();
    // The token set again is kept as a former token: still unopenable, so export stays refused.
    const set = await cli('profiles', 'set', 'Sandbox', '--api-token', 'sandbox_token_replacing_1');
    expect(set.code, set.stderr).toBe(0);
    const refused = await exportNdjson();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/former token/);
    expect(refused.stderr).toContain('checkout-console profiles forget-secret --former');

    // An openable former token too: it must stay, so its echoes stay masked.
    const replaced = await cli('profiles', 'set', 'Sandbox', '--api-token', 'sandbox_token_replacing_2');
    expect(replaced.code, replaced.stderr).toBe(0);

    const nameless = await cli('profiles', 'forget-secret');
    expect(nameless.code).toBe(2);

    const asked = await cli('profiles', 'forget-secret', '--former');
    expect(asked.code).toBe(2);
    expect(asked.stderr).toMatch(/former/);
    expect(asked.stderr).toMatch(/echoes in old records can no longer be masked/);
    expect((await exportNdjson()).code).toBe(1);

    const forgotten = await cli('profiles', 'forget-secret', '--former', '--yes');
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(forgotten.stdout).toMatch(/Forgot a former secret/);
    expect(core.profiles.formerSecrets()).toEqual(['sandbox_token_replacing_1']);

    const exported = await exportNdjson();
    expect(exported.code, exported.stderr).toBe(0);
    const out = join(dataDir, '..', `forget-${Date.now()}.json`);
    expect(existsSync(out)).toBe(false);
  });
});
