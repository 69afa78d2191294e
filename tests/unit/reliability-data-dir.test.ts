import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConsole } from '../../src/main/app';
import { runEmulator } from '../../src/main/cli/commands/emulator';
import { DATA_DIR_ENV, tightenDataDir } from '../../src/main/data-dir';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { captureCliContext } from './helpers/captured-cli-context';
import { rawRequest } from './helpers/http';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * Issue 15.9: a data directory that already existed with mode 0755 left console.sqlite
 * world-readable; the emulator took tokens only as flags (visible in `ps`); `jwt sign --secret`
 * created a whole data directory in the user's home.
 */
const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));
const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('the data directory is the owner’s only', () => {
  it('tightens a directory and files that existed with loose modes', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const dir = join(temp.dir, 'data');
    mkdirSync(join(dir, 'logs'), { recursive: true });
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'logs'), 0o755);
    const first = await createConsole({ dataDir: dir, frontDoor: 'cli', keychain: 'off' });
    first.log.info('one line, so the log file exists');
    await first.close();
    for (const name of ['console.sqlite', 'vault.key', 'logs/console.log']) chmodSync(join(dir, name), 0o644);
    chmodSync(dir, 0o755);
    chmodSync(join(dir, 'logs'), 0o755);
    // A WAL and its index left behind by a crash, readable by everyone.
    writeFileSync(join(dir, 'console.sqlite-wal'), '', { mode: 0o644 });
    writeFileSync(join(dir, 'console.sqlite-shm'), '', { mode: 0o644 });
    chmodSync(join(dir, 'console.sqlite-wal'), 0o644);
    chmodSync(join(dir, 'console.sqlite-shm'), 0o644);

    const again = await createConsole({ dataDir: dir, frontDoor: 'cli', keychain: 'off' });
    try {
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(dir, 'logs'))).toBe(0o700);
      for (const name of ['console.sqlite', 'vault.key', 'logs/console.log'])
        expect(modeOf(join(dir, name)), name).toBe(0o600);
      for (const name of ['console.sqlite-wal', 'console.sqlite-shm'])
        if (existsSync(join(dir, name))) expect(modeOf(join(dir, name)), name).toBe(0o600);
    } finally {
      await again.close();
    }
  });

  it('creates a new one owner-only, whatever the umask', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const dir = join(temp.dir, 'fresh', 'data');
    const previous = process.umask(0o000);
    try {
      const core = await createConsole({ dataDir: dir, frontDoor: 'cli', keychain: 'off' });
      core.log.warn('a line');
      const files = [
        'console.sqlite',
        'console.sqlite-wal',
        'console.sqlite-shm',
        'vault.key',
        'logs/console.log',
      ];
      for (const name of files) expect(modeOf(join(dir, name)), name).toBe(0o600);
      expect(modeOf(dir)).toBe(0o700);
      expect(modeOf(join(dir, 'logs'))).toBe(0o700);
      await core.close();
    } finally {
      process.umask(previous);
    }
  });
});

describe('a data directory that is not one is named, and left as it was', () => {
  it('a file where the folder should be', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const file = join(temp.dir, 'not-a-folder');
    writeFileSync(file, 'mine');
    const run = await runCliCaptured(['history', '--data-dir', file]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`The data directory ${file} is a file, not a folder. Nothing was changed`);
    expect(readFileSync(file, 'utf8')).toBe('mine');
  });

  it('a path through a file, and a console.sqlite that is a folder, in words', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const file = join(temp.dir, 'afile');
    writeFileSync(file, 'mine');
    // Made by a command that sets one up (history reads one, and never makes it).
    const through = await runCliCaptured(['profiles', 'list', '--data-dir', join(file, 'sub')]);
    expect(through.code).toBe(1);
    expect(through.stderr).toContain(
      `The data directory ${join(file, 'sub')} cannot be created: a part of the path is a file, not a directory.`,
    );
    const dir = join(temp.dir, 'data');
    mkdirSync(join(dir, 'console.sqlite'), { recursive: true });
    const folder = await runCliCaptured(['history', '--data-dir', dir]);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(`${join(dir, 'console.sqlite')} cannot be opened: it is a directory.`);
  });

  it('a console.sqlite that is not a database (another program’s, or damaged)', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const file = join(temp.dir, 'console.sqlite');
    const bytes = Buffer.from('SQLite format 3\n and then anything at all, repeated '.repeat(200));
    writeFileSync(file, bytes);
    const run = await runCliCaptured(['history', '--data-dir', temp.dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file} is not a database this console can read`);
    expect(run.stderr).toContain('Nothing in it was changed');
    expect(readFileSync(file).equals(bytes)).toBe(true);
  });
});

// A file named logs, or a folder named vault.key, made every command fail in Node's words
// ("EEXIST: file already exists, mkdir '…/logs'", "EISDIR: illegal operation on a directory,
// read", naming no file), and the listener did not start. Each is said as the data directory's
// other refusals are, left as it was, and the console runs without it.
describe('a console file or folder of the wrong kind is named, left as it was, and the console runs', () => {
  afterEach(() => vi.restoreAllMocks());

  /** A data directory the console made, with its listener on any free port. */
  async function usedDataDir(): Promise<string> {
    const temp = makeTempDir();
    temps.push(temp);
    const dir = join(temp.dir, 'data');
    const setup = await createConsole({ dataDir: dir, frontDoor: 'cli', keychain: 'off' });
    const keep = { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } } as const;
    setup.profiles.update(setup.profiles.active().id, { listenerPort: 0 }, keep);
    await setup.close();
    return dir;
  }

  /** The listener of a console on `dir` takes a webhook, and what it said on standard error. */
  async function listenerTakesAWebhook(dir: string): Promise<string> {
    const said: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      said.push(String(chunk));
      return true;
    });
    const core = await createConsole({
      dataDir: dir,
      frontDoor: 'cli',
      keychain: 'off',
      background: true,
      startEmulator: false,
      logToStderr: true,
    });
    try {
      const status = core.listener.status();
      expect(status.error).toBeNull();
      const answer = await rawRequest(`${status.url ?? ''}/notify`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: payload('order_approved'),
      });
      expect(answer.status).toBe(200);
      expect(core.events.count()).toBe(1);
      core.log.warn('a later warning');
    } finally {
      await core.close();
      vi.restoreAllMocks();
    }
    return said.join('');
  }

  it('a file named logs: said once, kept, and no command fails for it', async () => {
    const dir = await usedDataDir();
    rmSync(join(dir, 'logs'), { recursive: true });
    writeFileSync(join(dir, 'logs'), 'mine', { mode: 0o644 });
    chmodSync(join(dir, 'logs'), 0o644);
    const listed = await runCliCaptured(['history', '--data-dir', dir]);
    expect(listed.code, listed.stderr).toBe(0);
    const said = await listenerTakesAWebhook(dir);
    const warning = `warning: ${join(dir, 'logs')} cannot be opened: a file of that name is in the way. It was left as it is`;
    expect(said.split(warning)).toHaveLength(2);
    expect(said).toContain('warning: a later warning');
    expect(said).not.toMatch(/EEXIST/);
    expect(readFileSync(join(dir, 'logs'), 'utf8')).toBe('mine');
    expect(modeOf(join(dir, 'logs'))).toBe(0o644);
  });

  it('a folder named vault.key: named in words, kept as it was, and the listener still keeps webhooks', async () => {
    const dir = await usedDataDir();
    const key = join(dir, 'vault.key');
    rmSync(key);
    mkdirSync(key, { mode: 0o755 });
    chmodSync(key, 0o755);
    const listed = await runCliCaptured(['history', '--data-dir', dir]);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stderr).toContain(`${key} cannot be opened: it is a directory`);
    expect(listed.stderr).not.toMatch(/EISDIR/);
    const said = await listenerTakesAWebhook(dir);
    expect(said).toContain(`${key} cannot be opened: it is a directory. It is kept as it is`);
    expect(statSync(key).isDirectory()).toBe(true);
    expect(modeOf(key)).toBe(0o755);
  });
});

describe("someone else's folder or database is refused, and left as it was", () => {
  it('a folder that already holds other files and none of the console’s', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const dir = join(temp.dir, 'project');
    mkdirSync(dir);
    writeFileSync(join(dir, 'readme.txt'), 'mine');
    chmodSync(dir, 0o755);
    const run = await runCliCaptured(['profiles', 'list', '--data-dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `The data directory ${dir} already holds other files (readme.txt) and none of the console's. Nothing was changed`,
    );
    expect(readdirSync(dir)).toEqual(['readme.txt']);
    expect(modeOf(dir)).toBe(0o755);
  });

  it('a folder holding only what a file manager leaves (.DS_Store) is empty to its owner, and taken', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const dir = join(temp.dir, 'fresh');
    mkdirSync(dir);
    writeFileSync(join(dir, '.DS_Store'), 'finder');
    writeFileSync(join(dir, 'Thumbs.db'), 'explorer');
    const run = await runCliCaptured(['profiles', 'list', '--data-dir', dir]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(readdirSync(dir)).toContain('console.sqlite');
  });

  it('a folder holding other dot-files (a fresh home folder) is still someone else’s', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const dir = join(temp.dir, 'home');
    mkdirSync(dir);
    writeFileSync(join(dir, '.DS_Store'), 'finder');
    writeFileSync(join(dir, '.profile'), 'export PATH');
    const run = await runCliCaptured(['profiles', 'list', '--data-dir', dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`already holds other files (.profile) and none of the console's`);
    expect(readdirSync(dir).sort()).toEqual(['.DS_Store', '.profile']);
  });

  it.each([
    ['unrelated tables', 'CREATE TABLE foo (x)'],
    ['a table named as one of the console’s', 'CREATE TABLE events (x)'],
  ])('a SQLite database with %s', async (_what, sql) => {
    const temp = makeTempDir();
    temps.push(temp);
    const file = join(temp.dir, 'console.sqlite');
    const foreign = new Database(file);
    foreign.exec(sql);
    foreign.close();
    const bytes = readFileSync(file);
    const run = await runCliCaptured(['history', '--data-dir', temp.dir]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${file} is a SQLite database this console did not create`);
    expect(run.stderr).toContain('Nothing in it was changed');
    expect(readFileSync(file).equals(bytes)).toBe(true);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  // Refused, yet its folder went 0700, its file 0600, and a logs folder was added to it.
  it.each([
    [
      'another program’s SQLite database',
      () => {
        const scratch = makeTempDir();
        temps.push(scratch);
        const file = join(scratch.dir, 'x.sqlite');
        const foreign = new Database(file);
        foreign.exec('CREATE TABLE t (x)');
        foreign.close();
        return readFileSync(file);
      },
    ],
    ['a file that is not a database', () => Buffer.from('SQLite format 3\n but not one, '.repeat(100))],
  ])(
    '%s named console.sqlite: its folder and file keep their modes, and nothing is added',
    async (_what, contents) => {
      const temp = makeTempDir();
      temps.push(temp);
      const dir = join(temp.dir, 'foreign');
      mkdirSync(dir);
      const file = join(dir, 'console.sqlite');
      writeFileSync(file, contents());
      chmodSync(file, 0o644);
      chmodSync(dir, 0o755);
      const run = await runCliCaptured(['history', '--data-dir', dir]);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('Nothing in it was changed');
      expect(readdirSync(dir)).toEqual(['console.sqlite']);
      expect(modeOf(dir)).toBe(0o755);
      expect(modeOf(file)).toBe(0o644);
    },
  );

  it('a folder its owner made read-only is tightened, not opened up', () => {
    const temp = makeTempDir();
    temps.push(temp);
    const dir = join(temp.dir, 'data');
    mkdirSync(dir);
    writeFileSync(join(dir, 'console.sqlite'), '');
    chmodSync(join(dir, 'console.sqlite'), 0o444);
    chmodSync(dir, 0o555);
    try {
      expect(tightenDataDir(dir)).toEqual([]);
      expect(modeOf(dir)).toBe(0o500);
      expect(modeOf(join(dir, 'console.sqlite'))).toBe(0o400);
    } finally {
      chmodSync(dir, 0o700);
    }
  });
});

describe('commands that only compute create nothing', () => {
  let home: { dir: string; remove: () => void };
  const saved = { ...process.env };
  beforeEach(() => {
    home = makeTempDir('cc-home-');
    temps.push(home);
    process.env['HOME'] = home.dir;
    process.env['XDG_CONFIG_HOME'] = join(home.dir, '.config');
    process.env['APPDATA'] = join(home.dir, 'AppData');
    process.env[DATA_DIR_ENV] = '';
  });
  afterEach(() => {
    // Restored key by key: process.env itself stays, as the files after this one in the worker
    // need it (a plain object in its place no longer sets TZ, nor turns values into text).
    for (const key of Object.keys(process.env)) if (!(key in saved)) Reflect.deleteProperty(process.env, key);
    Object.assign(process.env, saved);
  });

  it('jwt sign --secret, jwt decode and validate leave the home directory untouched', async () => {
    const signed = await runCliCaptured(['jwt', 'sign', '--secret', 'compute-only-secret']);
    expect(signed.code, signed.stderr).toBe(0);
    const token = signed.stdout.trim();
    expect((await runCliCaptured(['jwt', 'decode', token])).code).toBe(0);
    const file = join(makeTempDir().dir, 'checkout.json');
    writeFileSync(file, '{}');
    expect((await runCliCaptured(['validate', file])).code).toBe(1);
    expect(readdirSync(home.dir)).toEqual([]);
  });
});

describe('tokens can come from standard input for every command that takes one', () => {
  it('emulator --api-token - reads the token it accepts from standard input', async () => {
    const temp = makeTempDir();
    temps.push(temp);
    const run = captureCliContext({ dataDir: temp.dir, stdin: 'api-token-from-stdin\n' });
    let stop: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => {
      stop = resolve;
    });
    const running = runEmulator(run.context, { port: '0', apiToken: '-' }, stopped);
    for (let attempt = 0; attempt < 300 && !/listening on/.test(run.out()); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    const url = /listening on (\S+)/.exec(run.out())?.[1] ?? '';
    const answer = await fetch(`${url}/orders/unknown`, {
      headers: { authorization: 'Bearer api-token-from-stdin' },
    });
    expect(answer.status).toBe(404);
    expect(run.out()).not.toContain('api-token-from-stdin');
    stop();
    await running;
  });

  it('jwt decode - and jwt verify - read the token; two values from one standard input are refused', async () => {
    const token = await signWith('stdin-secret', { iss: 'checkout' });
    const decoded = await runCliCaptured(['jwt', 'decode', '-', '--json'], `${token}\n`);
    expect(decoded.code).toBe(0);
    expect(decoded.stdout).toContain('"iss": "checkout"');
    const temp = makeTempDir();
    temps.push(temp);
    const verified = await runCliCaptured(
      ['--data-dir', temp.dir, 'jwt', 'verify', '-', '--secret', 'stdin-secret'],
      token,
    );
    expect(verified.stdout).toMatch(/^valid: /);
    const both = await runCliCaptured(['--data-dir', temp.dir, 'jwt', 'verify', '-', '--secret', '-'], token);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/standard input/);
    const twice = await runCliCaptured(
      ['--data-dir', temp.dir, 'profiles', 'set', 'Local', '--api-token', '-', '--notification-token', '-'],
      'x',
    );
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/standard input/);
  });
});
