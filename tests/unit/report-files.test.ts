import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// test --out and check-endpoint --junit once wrote over console.sqlite and vault.key (a report
// path inside the data directory) and over any file: they now write as export does.
const temp = makeTempDir('cc-report-files-');
const dataDir = join(temp.dir, 'data');
const suite = join(temp.dir, 'suite');
const scenario = join(suite, 'quick.yaml');
afterAll(() => temp.remove());

beforeAll(async () => {
  expect((await runCliCaptured(['--data-dir', dataDir, 'profiles', 'list'])).code).toBe(0);
  mkdirSync(suite, { recursive: true });
  // A scenario that ends at once (its payload file is missing): a report to write, no network.
  writeFileSync(scenario, 'name: quick\nsteps:\n  - step: checkout\n    file: missing.json\n');
});

const database = () => readFileSync(join(dataDir, 'console.sqlite'));

describe('a report is never written into the data directory, nor over a file without --force', () => {
  it.each([
    ['test --out', (path: string) => ['test', scenario, '--reporter', 'junit', '--out', path]],
    [
      'check-endpoint --junit',
      (path: string) => [
        'check-endpoint',
        'http://127.0.0.1:9/',
        '--notification-token',
        's',
        '--junit',
        path,
      ],
    ],
  ])('%s naming console.sqlite or vault.key is refused before anything runs', async (flag, args) => {
    for (const name of ['console.sqlite', 'vault.key']) {
      const before = readFileSync(join(dataDir, name));
      const run = await runCliCaptured(['--data-dir', dataDir, ...args(join(dataDir, name))]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(
        `${flag.split(' ')[1] ?? ''}: Cannot write ${join(dataDir, name)}: it is inside the data directory`,
      );
      expect(readFileSync(join(dataDir, name)).equals(before)).toBe(true);
    }
    expect(database().length).toBeGreaterThan(0);
  });

  it('test --out naming a scenario being run, or a file in its folder, is refused even with --force', async () => {
    const before = readFileSync(scenario, 'utf8');
    const over = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      scenario,
      '--reporter',
      'json',
      '--out',
      scenario,
      '--force',
    ]);
    expect(over).toMatchObject({ code: 2, stdout: '' });
    expect(over.stderr).toBe(
      `error: --out: ${scenario} is one of the scenario files being run; write the report elsewhere\n`,
    );
    expect(readFileSync(scenario, 'utf8')).toBe(before);
    const inside = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      suite,
      '--reporter',
      'json',
      '--out',
      join(suite, 'report.json'),
    ]);
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain(`is inside ${suite}, among the scenarios being run`);
  });

  // A link to the folder walked around the guard, which compared paths as text: `test suite --out
  // linked/quick.yaml --force` (and `test linked --out suite/quick.yaml --force`) replaced the
  // scenario with the report.
  it('test --out reaching a scenario being run through a symbolic link is refused too', async () => {
    const before = readFileSync(scenario, 'utf8');
    const linked = join(temp.dir, 'linked-suite');
    symlinkSync(suite, linked);
    for (const [run, out] of [
      [suite, join(linked, 'quick.yaml')],
      [linked, scenario],
      [suite, join(linked, 'report.xml')],
    ] as const) {
      const refused = await runCliCaptured([
        '--data-dir',
        dataDir,
        'test',
        run,
        '--reporter',
        'junit',
        '--out',
        out,
        '--force',
      ]);
      expect(refused.code, out).toBe(2);
      expect(refused.stderr).toMatch(/among the scenarios being run; write the report elsewhere\n$/);
      expect(readFileSync(scenario, 'utf8')).toBe(before);
    }
  });

  it('an existing file is kept unless --force, then replaced whole', async () => {
    const kept = join(temp.dir, 'keep.xml');
    writeFileSync(kept, 'precious');
    const refused = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      scenario,
      '--reporter',
      'junit',
      '--out',
      kept,
    ]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`--out: Cannot write ${kept}: it exists; add --force to replace it.`);
    expect(readFileSync(kept, 'utf8')).toBe('precious');

    const forced = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      scenario,
      '--reporter',
      'junit',
      '--out',
      kept,
      '--force',
    ]);
    expect(forced.code).toBe(1);
    expect(forced.stdout).toContain(`junit report written to ${kept}`);
    expect(readFileSync(kept, 'utf8')).toMatch(/^<\?xml/);
  });
});

// The guard knew only the command's own data directory: `export --out <another data dir>/
// console.sqlite --force` replaced that console's live database (its running listener went on
// answering 200 into a file no longer there), and any SQLite file could be replaced.
describe('an export never lands in another console’s data directory, nor over a database', () => {
  it('refuses another data directory’s files and folder, and any SQLite database, even with --force', async () => {
    const other = join(temp.dir, 'other-data');
    expect((await runCliCaptured(['--data-dir', other, 'profiles', 'list'])).code).toBe(0);
    const otherDatabase = readFileSync(join(other, 'console.sqlite'));
    for (const target of [join(other, 'console.sqlite'), join(other, 'export.json')]) {
      const run = await runCliCaptured([
        '--data-dir',
        dataDir,
        'export',
        '--format',
        'json',
        '--out',
        target,
        '--force',
      ]);
      expect(run.code, target).not.toBe(0);
      expect(run.stderr).toContain(`Cannot write ${target}: ${other} is a console's data directory`);
    }
    expect(readFileSync(join(other, 'console.sqlite')).equals(otherDatabase)).toBe(true);
    // A database outside any data directory (a copy kept aside) is not replaced either.
    const kept = join(temp.dir, 'kept.sqlite');
    writeFileSync(kept, readFileSync(join(other, 'console.sqlite')));
    const over = await runCliCaptured([
      '--data-dir',
      dataDir,
      'export',
      '--format',
      'ndjson',
      '--out',
      kept,
      '--force',
    ]);
    expect(over.code).not.toBe(0);
    expect(over.stderr).toContain('it is an SQLite database, which an export or a report never replaces');
    expect(readFileSync(kept).subarray(0, 15).toString('latin1')).toBe('SQLite format 3');
    // Any other file is still replaced with --force.
    const plain = join(temp.dir, 'plain.json');
    writeFileSync(plain, 'old');
    const replaced = await runCliCaptured([
      '--data-dir',
      dataDir,
      'export',
      '--format',
      'json',
      '--out',
      plain,
      '--force',
    ]);
    expect(replaced.code, replaced.stderr).toBe(0);
    expect(readFileSync(plain, 'utf8')).toContain('checkout-console-history');
  });
});

// The guard looked for console.sqlite only in the target's own folder: `export --out <another
// data dir>/logs/console.log --force` emptied that console's log (exit 0), and `runs N --out` or
// `test --out` there did the same.
describe('an export or a report never lands in a subfolder of another console’s data directory', () => {
  it('refuses <other data dir>/logs/console.log and a deeper new file, even with --force', async () => {
    const other = join(temp.dir, 'other-with-logs');
    expect((await runCliCaptured(['--data-dir', other, 'profiles', 'list'])).code).toBe(0);
    const log = join(other, 'logs', 'console.log');
    const logBefore = readFileSync(log);
    expect(logBefore.length).toBeGreaterThan(0);
    mkdirSync(join(other, 'logs', 'deeper'));
    for (const target of [log, join(other, 'logs', 'deeper', 'new.ndjson')]) {
      const exported = await runCliCaptured([
        '--data-dir',
        dataDir,
        'export',
        '--format',
        'ndjson',
        '--out',
        target,
        '--force',
      ]);
      expect(exported.code, target).toBe(1);
      expect(exported.stderr).toContain(`Cannot write ${target}: ${other} is a console's data directory`);
      const report = await runCliCaptured([
        '--data-dir',
        dataDir,
        'test',
        scenario,
        '--reporter',
        'junit',
        '--out',
        target,
        '--force',
      ]);
      expect(report.code, target).toBe(2);
      expect(report.stderr).toContain(
        `--out: Cannot write ${target}: ${other} is a console's data directory`,
      );
    }
    expect(readFileSync(log).equals(logBefore)).toBe(true);
    // Through a link that leads there, too.
    symlinkSync(join(other, 'logs'), join(temp.dir, 'logs-link'));
    const linked = await runCliCaptured([
      '--data-dir',
      dataDir,
      'export',
      '--format',
      'ndjson',
      '--out',
      join(temp.dir, 'logs-link', 'console.log'),
      '--force',
    ]);
    expect(linked.code).toBe(1);
    expect(linked.stderr).toContain(`${other} is a console's data directory`);
    expect(readFileSync(log).equals(logBefore)).toBe(true);
  });
});

// `export --out -` was standard output while `test --out -` and `runs N --out -` wrote a file
// named `-` ("junit report of run #5 written to -"): every --out now reads `-` as export does.
describe('--out - is standard output for every report, as it is for export', () => {
  it('test and runs N print the report on standard output and leave no file named -', async () => {
    const here = process.cwd();
    const cwd = join(temp.dir, 'cwd-dash');
    mkdirSync(cwd, { recursive: true });
    process.chdir(cwd);
    try {
      const run = await runCliCaptured([
        '--data-dir',
        dataDir,
        'test',
        scenario,
        '--reporter',
        'junit',
        '--out',
        '-',
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/^<\?xml/);
      expect(run.stdout).not.toContain('written to');
      const listed = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
      const latest = (JSON.parse(listed.stdout) as { id: number }[])[0]?.id;
      expect(latest).toBeDefined();
      for (const reporter of ['json', 'junit']) {
        const again = await runCliCaptured([
          '--data-dir',
          dataDir,
          'runs',
          String(latest),
          '--reporter',
          reporter,
          '--out',
          '-',
        ]);
        expect(again.code, again.stderr).toBe(0);
        expect(again.stdout).toMatch(reporter === 'json' ? /^\{/ : /^<\?xml/);
        expect(again.stdout).not.toContain('written to');
      }
      expect(existsSync(join(cwd, '-'))).toBe(false);
    } finally {
      process.chdir(here);
    }
  });
});
