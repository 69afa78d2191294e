import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ConsoleCore } from '../../src/main/app';
import { openConsoleWithWebhook, sealedElsewhere, type ConsoleWithWebhook } from './helpers/unopened-secrets';

// With a lost vault.key (or a token the desktop app sealed, read from the CLI), an export, a
// text search and `history --json` were refused with no way out: `profiles set` keeps the
// token it replaces as a former token, still unopenable, so they stayed refused forever.
// `profiles forget-secret` forgets what this process cannot open, and only that.

let opened: ConsoleWithWebhook;
let core: ConsoleCore;
let dataDir = '';

beforeEach(async () => {
  opened = await openConsoleWithWebhook();
  ({ core, dataDir } = opened);
});
afterEach(async () => {
  await opened.dispose();
});

const cli = (...args: string[]) => opened.cli(...args);
const sealSandboxTokenElsewhere = () => opened.sealElsewhere('Sandbox');

const sealedTokensOf = (name: string) => {
  let row: { api: string | null; notify: string | null } | undefined;
  opened.withDatabase((db) => {
    row = db
      .prepare(
        'SELECT api_token_sealed AS api, notification_token_sealed AS notify FROM profiles WHERE name = ?',
      )
      .get(name) as typeof row;
  });
  return row;
};

const exportNdjson = () => cli('export', '--format', 'ndjson');

/**
 * A command as the console prints it for this test's data directory: pasted into another
 * shell, one without `--data-dir` would act on the default data directory.
 */
const printed = (command: string) => `npx checkout-console --data-dir ${dataDir} ${command}`;

describe('profiles forget-secret', () => {
  it('a lost vault.key: forgets the tokens only with --yes, then export and search work again', async () => {
    rmSync(join(dataDir, 'vault.key'));

    const refused = await exportNdjson();
    expect(refused.code).toBe(1);
    // The refusal names the way out.
    expect(refused.stderr).toContain(printed('profiles forget-secret Local'));
    const searchRefused = await cli('history', '--search', 'kettle');
    expect(searchRefused.code).toBe(1);
    expect(searchRefused.stderr).toContain(printed('profiles forget-secret Local'));
    const wholeRefused = await cli('history', '--json');
    expect(wholeRefused.code).toBe(1);
    expect(wholeRefused.stderr).toContain(printed('profiles forget-secret Local'));
    const listNote = await cli('history');
    expect(listNote.code, listNote.stderr).toBe(0);
    expect(listNote.stderr).toContain(printed('profiles forget-secret Local'));

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
    expect(forgotten.stdout).toContain(
      `set one with: printf '%s' "$TOKEN" | ${printed('profiles set Local --api-token -')}`,
    );
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
    opened.withDatabase((db) =>
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
    expect(refused.stderr).toContain(printed('profiles forget-secret --former'));

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

/**
 * The fingerprint a preview printed, and the command it says forgets exactly that set: it names
 * this data directory, so it is run here as printed (without `--data-dir`, it forgot nothing here).
 */
function previewed(stderr: string): { fingerprint: string; command: string[] } {
  const fingerprint = /\(fingerprint ([0-9a-f-]+)\)/.exec(stderr)?.[1];
  const command = /run: (npx checkout-console .*--expect [0-9a-f-]+)/.exec(stderr)?.[1];
  if (fingerprint === undefined || command === undefined) throw new Error(`no fingerprint in: ${stderr}`);
  const program = printed('');
  if (!command.startsWith(program)) throw new Error(`not this data directory's command: ${command}`);
  return { fingerprint, command: command.slice(program.length).split(' ') };
}

describe('profiles forget-secret --yes forgets only the set its preview showed', () => {
  it('a token that became unopenable since the preview: --expect forgets nothing and names it', async () => {
    sealSandboxTokenElsewhere();
    const asked = await cli('profiles', 'forget-secret', 'Sandbox');
    expect(asked.code).toBe(2);
    const seen = previewed(asked.stderr);
    expect(seen.command.join(' ')).toBe(`profiles forget-secret Sandbox --yes --expect ${seen.fingerprint}`);

    // Between the preview and --yes, the notification token too stops opening here (the
    // desktop app set it): forgotten before, unseen.
    opened.sealElsewhere('Sandbox', 'notification', sealedElsewhere('a notification token'));
    const refused = await cli(...seen.command);
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('nothing was forgotten');
    expect(refused.stderr).toMatch(
      /New since:\n {2}- Sandbox's notification token: sealed with "safestorage"/,
    );
    expect(refused.stderr).not.toMatch(/New since:[^]*Sandbox's API token/);
    expect(sealedTokensOf('Sandbox')).toEqual({
      api: sealedElsewhere(),
      notify: sealedElsewhere('a notification token'),
    });

    // The refusal gives the set as it is now; forgetting that one works.
    const now = previewed(refused.stderr);
    expect(now.fingerprint).not.toBe(seen.fingerprint);
    const forgotten = await cli(...now.command);
    expect(forgotten.code, forgotten.stderr).toBe(0);
    expect(forgotten.stdout).toContain(`fingerprint ${now.fingerprint}`);
    expect(sealedTokensOf('Sandbox')).toEqual({ api: null, notify: null });
  });

  it('a token set again since (another unopenable one in its place) is not the one seen', async () => {
    sealSandboxTokenElsewhere();
    const seen = previewed((await cli('profiles', 'forget-secret', 'Sandbox')).stderr);
    // As the desktop app sets a token: another sealed value, the profile changed.
    opened.withDatabase((db) =>
      db
        .prepare("UPDATE profiles SET api_token_sealed = ?, updated_at = ? WHERE name = 'Sandbox'")
        .run(sealedElsewhere('another API token'), '2099-01-01T00:00:00.000Z'),
    );
    const refused = await cli(...seen.command);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/New since:\n {2}- Sandbox's API token/);
    expect(refused.stderr).toMatch(/One you saw is no longer there/);
    expect(sealedTokensOf('Sandbox')?.api).toBe(sealedElsewhere('another API token'));
  });

  it('a former secret retired since the preview: --former --expect forgets nothing', async () => {
    sealSandboxTokenElsewhere();
    expect((await cli('profiles', 'set', 'Sandbox', '--api-token', 'sandbox_token_replacing_1')).code).toBe(
      0,
    );
    const asked = await cli('profiles', 'forget-secret', '--former');
    const seen = previewed(asked.stderr);
    expect(seen.command.join(' ')).toBe(`profiles forget-secret --former --yes --expect ${seen.fingerprint}`);
    opened.withDatabase((db) => {
      const row = db.prepare("SELECT value FROM settings WHERE key = 'profiles.formerSecrets'").get() as {
        value: string;
      };
      const former = JSON.parse(row.value) as string[];
      db.prepare("UPDATE settings SET value = ? WHERE key = 'profiles.formerSecrets'").run(
        JSON.stringify([...former, sealedElsewhere('a header value the desktop app sealed')]),
      );
    });
    const refused = await cli(...seen.command);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/New since:\n {2}- a former token or webhook header value/);
    expect((await cli('export', '--format', 'ndjson')).code).toBe(1);
  });

  it('the fingerprint holds no byte of a secret, sealed or not, and a bad one is refused naming the flag', async () => {
    sealSandboxTokenElsewhere();
    const { fingerprint } = previewed((await cli('profiles', 'forget-secret', 'Sandbox')).stderr);
    expect(fingerprint).toMatch(/^[0-9a-f]{6}$/);
    // The same place and kind, other sealed bytes: the same fingerprint.
    opened.sealElsewhere('Sandbox', 'api', sealedElsewhere('other sealed bytes'));
    expect(previewed((await cli('profiles', 'forget-secret', 'Sandbox')).stderr).fingerprint).toBe(
      fingerprint,
    );

    const bad = await cli('profiles', 'forget-secret', 'Sandbox', '--yes', '--expect', 'sk_test_oops');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--expect/);
    const alone = await cli('profiles', 'forget-secret', 'Sandbox', '--expect', fingerprint);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--expect: only with --yes/);
    expect(sealedTokensOf('Sandbox')?.api).not.toBeNull();
  });
});
