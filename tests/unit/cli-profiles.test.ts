import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';
import { commandCaller } from '../../src/main/cli/command-caller';
import { defaultProfileFields } from '../../src/shared/profile';

let dataDir: string;
let remove: () => void;
beforeEach(() => {
  ({ dir: dataDir, remove } = makeTempDir());
});
afterEach(() => remove());

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);

describe('checkout-console profiles', () => {
  it('lists the three first-run profiles with masked tokens', async () => {
    const run = await cli('profiles', 'list');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^\*\s+Local\s+local\s+http:\/\/127\.0\.0\.1:4010\s+••••/m);
    expect(run.stdout).toMatch(/Sandbox\s+sandbox .*\(not set\)/);
    expect(run.stdout).toMatch(/Live\s+live/);
  });

  it("marks a profile not live on a live profile's address in the list, as the Profiles view does", async () => {
    const listed = JSON.parse((await cli('profiles', 'list', '--json')).stdout) as {
      name: string;
      baseUrl: string;
    }[];
    const live = listed.find((profile) => profile.name === 'Live');
    if (live === undefined) throw new Error('no first-run Live profile');
    expect(
      (await cli('profiles', 'add', 'Live copy', '--env', 'sandbox', '--base-url', live.baseUrl)).code,
    ).toBe(0);
    const table = (await cli('profiles', 'list')).stdout;
    expect(table).toMatch(/^\s+Live copy\s+sandbox, live address\s+https?:\/\//m);
    // The mark is for a copy on production's address only: Live says live, Sandbox nothing more.
    expect(table).toMatch(/^\s+Live\s+live\s+https?:\/\//m);
    expect(table).toMatch(/^\s+Sandbox\s+sandbox\s+https?:\/\//m);
  });

  it('adds, sets, uses and removes a profile; --json is machine-readable', async () => {
    expect(
      (
        await cli(
          'profiles',
          'add',
          'Staging',
          '--env',
          'sandbox',
          '--base-url',
          'https://stg.example.test',
          '--api-token',
          'sk_test_cli_token_1111',
        )
      ).code,
    ).toBe(0);
    // "-" reads the token from standard input (an empty one is refused, never stored).
    expect(
      (
        await runCliCaptured(
          [
            '--data-dir',
            dataDir,
            'profiles',
            'set',
            'Staging',
            '--listener-port',
            '5050',
            '--notification-token',
            '-',
          ],
          'notify-secret-from-stdin\n',
        )
      ).code,
    ).toBe(0);
    expect((await cli('profiles', 'use', 'Staging')).code).toBe(0);
    const listed = await cli('profiles', 'list', '--json');
    const profiles = JSON.parse(listed.stdout) as {
      name: string;
      isActive: boolean;
      listenerPort: number;
      apiToken: { masked: string };
    }[];
    const staging = profiles.find((p) => p.name === 'Staging');
    expect(staging).toMatchObject({ isActive: true, listenerPort: 5050 });
    // Masked, without the stamp a window's save compares (this process's own key: noise to a script).
    expect(staging?.apiToken).toEqual({ isSet: true, masked: '••••1111' });
    expect(listed.stdout).not.toContain('sk_test_cli_token_1111');
    expect((await cli('profiles', 'remove', 'Staging')).code).toBe(0);
    expect((await cli('profiles', 'list')).stdout).not.toContain('Staging');
  });

  it('finds a profile by any name that reads as its own, as adding refuses one (profileNameKey)', async () => {
    const add = (name: string) =>
      cli('profiles', 'add', name, '--env', 'sandbox', '--base-url', 'https://a.example.com');
    expect((await add('ＬＯＣＡＬ ｃｏｐｙ')).code).toBe(0);
    expect((await add('Straße')).code).toBe(0);
    expect((await add('local copy')).stderr).toContain(
      'The name "local copy" reads as the profile "ＬＯＣＡＬ ｃｏｐｙ", which already exists',
    );
    const use = await cli('profiles', 'use', 'local copy');
    expect(use.stderr).toBe('');
    expect(use.stdout).toBe('Active profile: "ＬＯＣＡＬ ｃｏｐｙ" (sandbox).\n');
    expect((await cli('profiles', 'use', 'STRASSE')).stdout).toBe('Active profile: "Straße" (sandbox).\n');
    expect((await cli('profiles', 'use', 'ＬＩＶＥ')).stdout).toBe('Active profile: "Live" (live).\n');
    expect((await cli('profiles', 'set', ' strasse ', '--listener-port', '5051')).stdout).toBe(
      'Updated profile "Straße".\n',
    );
    expect((await cli('profiles', 'remove', 'ＳＴＲＡＳＳＥ')).stdout).toBe('Removed profile "Straße".\n');
    // A name that reads as no profile is still refused, naming the known ones.
    expect((await cli('profiles', 'use', 'Strasse 2')).stderr).toContain('No profile named "Strasse 2"');
  });

  it('warns on the terminal when a token is stored under a key file', async () => {
    const run = await cli('profiles', 'set', 'Sandbox', '--api-token', 'sk_test_warned_1234');
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(/warning: No OS keychain is available/);
    expect((await cli('profiles', 'use', 'Sandbox')).stderr).toBe('');
  });

  it('reads a token from standard input with "-"', async () => {
    const run = await runCliCaptured(
      ['--data-dir', dataDir, 'profiles', 'set', 'Sandbox', '--api-token', '-'],
      'sk_from_stdin_abcd\n',
    );
    expect(run.code).toBe(0);
    const listed = JSON.parse((await cli('profiles', 'list', '--json')).stdout) as {
      name: string;
      apiToken: { masked: string };
    }[];
    expect(listed.find((p) => p.name === 'Sandbox')?.apiToken.masked).toBe('••••abcd');
  });

  it('takes off the spaces a paste leaves around a token', async () => {
    expect((await cli('profiles', 'set', 'Sandbox', '--api-token', '  sk_pasted_wxyz  ')).code).toBe(0);
    const listed = JSON.parse((await cli('profiles', 'list', '--json')).stdout) as {
      name: string;
      apiToken: { masked: string };
    }[];
    expect(listed.find((p) => p.name === 'Sandbox')?.apiToken.masked).toBe('••••wxyz');
  });

  it.each([
    [['profiles', 'add', 'X', '--env', 'moon', '--base-url', 'https://x.test'], /--env/],
    [
      ['profiles', 'add', 'X', '--env', 'sandbox', '--base-url', 'ftp://x.test'],
      /--base-url: The base URL must be an http/,
    ],
    [['profiles', 'add', 'X', '--env', 'sandbox'], /--base-url/],
    // The port is what fails, not the scheme; port 0 is no address a request can go to.
    [
      ['profiles', 'add', 'X', '--env', 'sandbox', '--base-url', 'http://127.0.0.1:99999'],
      /--base-url: The base URL's port 99999 is not a port \(1–65535\)/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--base-url', 'http://127.0.0.1:abc'],
      /--base-url: The base URL's port abc is not a port \(1–65535\)/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--base-url', 'http://127.0.0.1:0'],
      /--base-url: The base URL's port 0 is not a port a request can go to \(1–65535\)/,
    ],
    // The paths appended to a base URL would land inside its query or fragment: refused, saying so.
    [
      ['profiles', 'add', 'X', '--env', 'sandbox', '--base-url', 'http://127.0.0.1:5201/v1#frag'],
      /--base-url: The base URL must not carry a fragment \(#frag\): the request paths are appended to it/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--base-url', 'http://127.0.0.1:5201/v1?a=1'],
      /--base-url: The base URL must not carry a query \(\?a=1\): the request paths are appended to it/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--base-url', 'http://127.0.0.1:5201/v1?'],
      /--base-url: The base URL must not carry a query \(\?\)/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--base-url', 'http://127.0.0.1:5201/v1#'],
      /--base-url: The base URL must not carry a fragment \(#\)/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--public-listener-url', 'https://127.0.0.1:70000/hooks'],
      /--public-listener-url: The public listener URL's port 70000 is not a port \(1–65535\)/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--listener-port', '70000'],
      /--listener-port: must be between 0 and 65535/,
    ],
    [['profiles', 'add', 'Sandbox', '--env', 'sandbox', '--base-url', 'https://x.test'], /already exists/],
    // Names that only look alike: SQLite's NOCASE folded ASCII only, and no script was checked.
    [
      ['profiles', 'add', 'ＳＡＮＤＢＯＸ', '--env', 'sandbox', '--base-url', 'https://x.test'],
      /The name "ＳＡＮＤＢＯＸ" reads as the profile "Sandbox", which already exists/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--name', 'Liv\u0435'],
      /A profile name cannot mix scripts in one word: "Liv\u0435" has е \(U\+0435, Cyrillic\) among Latin letters/,
    ],
    [['profiles', 'frobnicate'], /unknown command/],
    [['profiles', 'set', 'Sandbox', '--api-token', 'x', '--clear-api-token'], /not both/],
    [
      ['profiles', 'set', 'Sandbox', '--api-token', 'abc\ndef12345'],
      /--api-token: A token has no spaces, tabs, line breaks, control characters or invisible characters \(such as a zero-width space\) inside it/,
    ],
    [
      // Node refuses it in the Authorization header, so every send would fail.
      ['profiles', 'set', 'Sandbox', '--api-token', 'tok_\u200bZZZZZZZZZ'],
      /--api-token: A token has no .*invisible characters/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--notification-token', 'sec\u2060ret'],
      /--notification-token: A token has no/,
    ],
    [
      ['profiles', 'set', 'Sandbox', '--notification-token', 'a\tb'],
      /--notification-token: A token has no spaces/,
    ],
    [['profiles', 'set', 'Sandbox', '--api-token', '   '], /--api-token: Enter the token/],
  ])('exits 2 with a message naming the problem: %j', async (args, message) => {
    const run = await cli(...args);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  // The same refusal was worded three ways ("must be a number" for 44,056, "must be a whole
  // number" for 8080.5, "must be a number, written in decimal digits (not "0x10")"), and only
  // the last said what was given.
  it.each([
    ['44,056', 'error: --listener-port: must be a whole number (not "44,056")\n'],
    ['8080.5', 'error: --listener-port: must be a whole number (not "8080.5")\n'],
    ['0x10', 'error: --listener-port: must be a whole number, written in decimal digits (not "0x10")\n'],
    [
      '70000',
      'error: --listener-port: must be between 0 and 65535, where 0 picks a free port (not "70000")\n',
    ],
  ])('refuses --listener-port %j in one wording that quotes it, and saves nothing', async (port, stderr) => {
    const before = (await cli('profiles', 'list', '--json')).stdout;
    const run = await cli('profiles', 'set', 'Sandbox', '--listener-port', port);
    expect(run).toMatchObject({ code: 2, stdout: '', stderr });
    expect((await cli('profiles', 'list', '--json')).stdout).toBe(before);
  });

  it('a name with terminal escapes is refused by add, and one stored is printed escaped by set, use and remove', async () => {
    // The list escaped it (its table does); the one-line answers printed it raw, so a name could
    // drive the terminal (clear it, retitle the window) when it was only being confirmed. Such a
    // name is refused now, naming the character; one an earlier version stored still loads.
    const name = 'Evil\u001b]0;owned\u0007\u001b[2J';
    const added = await cli(
      'profiles',
      'add',
      name,
      '--env',
      'sandbox',
      '--base-url',
      'https://api.example.com',
    );
    expect(added.code).toBe(2);
    expect(added.stderr).toContain('A profile name cannot hold U+001B');
    expect(added.stderr).not.toContain('\u001b');
    await cli('profiles', 'add', 'Evil', '--env', 'sandbox', '--base-url', 'https://api.example.com');
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      db.prepare("UPDATE profiles SET name = ? WHERE name = 'Evil'").run(name);
    } finally {
      db.close();
    }
    const runs = [
      await cli('profiles', 'use', name),
      await cli('profiles', 'set', name, '--name', 'Evil'),
      await cli('profiles', 'set', 'Evil', '--name', name),
      await cli('profiles', 'remove', 'Evil'),
    ];
    for (const run of runs) {
      expect(run.stdout).not.toContain('\u001b');
      expect(run.stdout).not.toContain('\u0007');
      expect(run.stderr).not.toContain('\u001b');
      expect(run.code === 0 ? run.stdout : run.stderr).toContain(
        run.code === 0 ? 'Evil' : 'A profile name cannot hold U+001B',
      );
    }
    expect(runs.map((run) => run.code)).toEqual([0, 0, 2, 0]);
  });

  it('removing the active profile makes the safest one left active, a sandbox before a live one, and says so', async () => {
    await cli('profiles', 'use', 'Sandbox');
    await cli('profiles', 'remove', 'Local');
    await cli('profiles', 'add', 'Staging', '--env', 'sandbox', '--base-url', 'https://stg.example.test');
    // Left: Live, then Staging, in list order. The first in the list took over before: Live.
    const removed = await cli('profiles', 'remove', 'Sandbox');
    expect(removed.code).toBe(0);
    expect(removed.stdout).toBe(
      'Removed profile "Sandbox".\nIt was the active profile: "Staging" (sandbox) is active now.\n',
    );
    expect((await cli('profiles', 'list')).stdout).toMatch(/^\*\s+Staging\s+sandbox/m);
    // Only a live profile left: it becomes active, said as plainly.
    const last = await cli('profiles', 'remove', 'Staging');
    expect(last.stdout).toContain('It was the active profile: "Live" (live) is active now.');
    // A profile that was not the active one: nothing else changes, nothing more is said.
    await cli('profiles', 'add', 'Other', '--env', 'sandbox', '--base-url', 'https://o.example.test');
    expect((await cli('profiles', 'remove', 'Other')).stdout).toBe('Removed profile "Other".\n');
  });

  it('exits 1 when the command runs and fails', async () => {
    const missing = await cli('profiles', 'use', 'Nope');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/No profile named "Nope"\. Known profiles: Local, Sandbox, Live/);
    await cli('profiles', 'remove', 'Local');
    await cli('profiles', 'remove', 'Sandbox');
    const last = await cli('profiles', 'remove', 'Live');
    expect(last.code).toBe(1);
    expect(last.stderr).toMatch(/last profile/);
  });

  it('prints help and exits 0 for --help', async () => {
    const run = await cli('--help');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/serve/);
    expect(run.stdout).toMatch(/profiles/);
  });
});

describe('profile commands go through the contract dispatcher', () => {
  it('the same validation and the same words as the bridge, with the flag named', async () => {
    const open = await openTempConsole();
    try {
      const input = {
        fields: { ...defaultProfileFields('sandbox', 'X'), baseUrl: 'ftp://x.test' },
      };
      const bridge = await open.core.dispatcher('createProfile', input, { transport: 'websocket' });
      expect(bridge.ok).toBe(false);
      const call = commandCaller(open.core.dispatcher, (path) =>
        path === 'fields.baseUrl' ? '--base-url' : undefined,
      );
      const failure = await call('createProfile', input).catch((error: unknown) => error);
      expect(failure).toMatchObject({ code: 'invalid_input' });
      // One issue, worded once: the window says the sentence alone (its form places it by the
      // path), the terminal names the flag before the same sentence.
      const issue = bridge.ok ? undefined : bridge.error.issues?.[0];
      expect(issue?.path).toBe('fields.baseUrl');
      expect(bridge.ok ? '' : bridge.error.message).toBe(issue?.message);
      expect(String((failure as Error).message)).toBe(`--base-url: ${issue?.message ?? ''}`);
    } finally {
      await open.dispose();
    }
  });
});
