import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * Issue 15.2: `export --out <data-dir>/console.sqlite` truncated the live database; export
 * overwrote any file without asking; a missing directory, a directory or /dev/full ended in an
 * unhandled 'error' event with a stack trace; `--out -` wrote a file named "-".
 */
const temps: { remove: () => void }[] = [];
afterEach(() => temps.splice(0).forEach((temp) => temp.remove()));

async function consoleWithRecords(): Promise<{ dataDir: string; outside: string }> {
  const data = makeTempDir('cc-data-');
  const outside = makeTempDir('cc-out-');
  temps.push(data, outside);
  const file = join(outside.dir, 'seed.ndjson');
  writeFileSync(
    file,
    ['a', 'b']
      .map((uid) => JSON.stringify({ uid, kind: 'webhook', at: '2026-01-01T00:00:00Z', request_body: '{}' }))
      .join('\n'),
  );
  expect((await runCliCaptured(['--data-dir', data.dir, 'import', file])).code).toBe(0);
  return { dataDir: data.dir, outside: outside.dir };
}

/** `export` of the data directory's records to `out`, with any further flags. */
const exportTo = (dataDir: string, format: string, out: string, ...flags: string[]) =>
  runCliCaptured(['--data-dir', dataDir, 'export', '--format', format, '--out', out, ...flags]);

/** One line on standard error, no stack trace, exit 1. */
function expectOneClearLine(run: { code: number; stderr: string }, pattern: RegExp): void {
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(pattern);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
}

describe('export never harms the data directory or an existing file', () => {
  it.each(['console.sqlite', 'vault.key', 'logs/console.log', 'new-file.json'])(
    'refuses --out <data-dir>/%s, even with --force, and the console still works',
    async (name) => {
      const { dataDir } = await consoleWithRecords();
      writeFileSync(join(dataDir, 'vault.key'), 'k'.repeat(32), { flag: 'a' });
      const before = existsSync(join(dataDir, name)) ? readFileSync(join(dataDir, name)) : null;
      for (const force of [[], ['--force']]) {
        const run = await exportTo(dataDir, 'json', join(dataDir, name), ...force);
        expectOneClearLine(run, /data directory/);
      }
      const after = existsSync(join(dataDir, name)) ? readFileSync(join(dataDir, name)) : null;
      if (name !== 'logs/console.log') expect(after).toEqual(before);
      const history = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
      expect(history.code).toBe(0);
      expect(JSON.parse(history.stdout)).toHaveLength(2);
    },
  );

  it('refuses a path that leads into the data directory through a link', async () => {
    const { dataDir, outside } = await consoleWithRecords();
    symlinkSync(dataDir, join(outside, 'link'));
    const run = await exportTo(dataDir, 'ndjson', join(outside, 'link', 'console.sqlite'), '--force');
    expectOneClearLine(run, /data directory/);
    expect(
      (await runCliCaptured(['--data-dir', dataDir, 'history', '--json'])).stdout.includes('"uid"'),
    ).toBe(true);
  });

  it('replaces an existing file only with --force, whole, leaving no temporary file', async () => {
    const { dataDir, outside } = await consoleWithRecords();
    const out = join(outside, 'records.json');
    writeFileSync(out, 'precious');
    const refused = await exportTo(dataDir, 'json', out);
    expectOneClearLine(refused, /exists.*--force/);
    expect(readFileSync(out, 'utf8')).toBe('precious');
    const forced = await exportTo(dataDir, 'json', out, '--force');
    expect(forced.code).toBe(0);
    expect((JSON.parse(readFileSync(out, 'utf8')) as { events: unknown[] }).events).toHaveLength(2);
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(readdirSync(outside).sort()).toEqual(['records.json', 'seed.ndjson']);
  });

  // `kill -9` during an export left `.records.json.<hex>.tmp` (8 MB) that nothing removed.
  it('a later write to the same target removes the temporary files of writers that are gone, and only those', async () => {
    const { dataDir, outside } = await consoleWithRecords();
    const out = join(outside, 'records.json');
    // A process that has ended: its pid names no writer.
    const gone = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))',
    ]).stdout.toString();
    const hour = Date.now() / 1000 - 2 * 3600;
    const files = {
      deadWriter: `.records.json.${gone}-0123456789ab.tmp`,
      liveWriter: `.records.json.${process.ppid}-0123456789ab.tmp`,
      // Named before the name carried a pid: removed once nobody has written it for an hour.
      oldUnnamed: '.records.json.abcdef012345.tmp',
      newUnnamed: '.records.json.fedcba543210.tmp',
      otherTarget: `.other.json.${gone}-0123456789ab.tmp`,
    };
    for (const name of Object.values(files)) writeFileSync(join(outside, name), 'partial');
    utimesSync(join(outside, files.oldUnnamed), hour, hour);
    expect((await exportTo(dataDir, 'json', out, '--force')).code).toBe(0);
    expect(readdirSync(outside).sort()).toEqual(
      [files.liveWriter, files.newUnnamed, files.otherTarget, 'records.json', 'seed.ndjson'].sort(),
    );
  });

  it.each([
    ['a missing directory', (outside: string) => join(outside, 'missing', 'x.json'), /does not exist/],
    ['a directory', (outside: string) => outside, /is a directory/],
    ['a full device', () => '/dev/full', /no space left/i],
  ])('reports %s as one clear line with exit 1', async (_case, target, pattern) => {
    const { dataDir, outside } = await consoleWithRecords();
    const run = await exportTo(dataDir, 'ndjson', target(outside), '--force');
    expectOneClearLine(run, pattern);
  });

  it('--out - writes to standard output and creates no file named "-"', async () => {
    const { dataDir, outside } = await consoleWithRecords();
    const cwd = process.cwd();
    const here = join(outside, 'cwd');
    mkdirSync(here);
    process.chdir(here);
    try {
      const run = await exportTo(dataDir, 'ndjson', '-');
      expect(run.code).toBe(0);
      expect(run.stdout.trim().split('\n')).toHaveLength(2);
      expect(readdirSync(here)).toEqual([]);
    } finally {
      process.chdir(cwd);
    }
  });
});
