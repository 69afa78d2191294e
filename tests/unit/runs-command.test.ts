import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from '../../src/main/store/connection';
import { INTERRUPTED_WORDS, runSummarySchema, storedRunSchema } from '../../src/shared/scenarios/stored-runs';
import { happyPathExpectingPartialCapture } from '../fixtures/wrong-state-scenario';
import { junitSchemaErrors } from './helpers/junit-schema';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `runs`: a run's report read again after the terminal that ran it is gone.
const temp = makeTempDir('cc-runs-');
const dataDir = join(temp.dir, 'data');
const suite = join(temp.dir, 'suite');
afterAll(() => temp.remove());

let testOutput = '';

beforeAll(async () => {
  mkdirSync(join(suite, 'payloads'), { recursive: true });
  writeFileSync(join(suite, 'broken-capture.yaml'), happyPathExpectingPartialCapture('.'));
  copyFileSync('scenarios/refund.yaml', join(suite, 'refund.yaml'));
  const run = await runCliCaptured(['--data-dir', dataDir, 'test', suite]);
  expect(run.code).toBe(1);
  testOutput = run.stdout;
}, 60_000);

describe('runs', () => {
  it('lists the stored runs newest first, with their result and counts', async () => {
    // A data directory of no runs (runs reads one, never makes it).
    expect((await runCliCaptured(['--data-dir', join(temp.dir, 'fresh'), 'profiles', 'list'])).code).toBe(0);
    const empty = await runCliCaptured(['--data-dir', join(temp.dir, 'fresh'), 'runs']);
    expect(empty.stdout).toContain('No scenario runs stored yet');
    const list = await runCliCaptured(['--data-dir', dataDir, 'runs']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^RUN\s+STARTED\s+RESULT\s+SCENARIOS\s+TOOK\s+PROFILE\s+FROM\s+PATHS$/m);
    expect(list.stdout).toMatch(
      /^#1\s+\S+Z\s+failed\s+1 passed, 1 failed\s+[\d.]+ m?s\s+Local\s+checkout-console test/m,
    );
    const json = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    const [only] = runSummarySchema.array().parse(JSON.parse(json.stdout));
    expect(only).toMatchObject({ id: 1, status: 'failed', totals: { scenarios: 2, passed: 1, failed: 1 } });
  });

  it('shows one run as `test` reported it: the failing step, its diff, its records', async () => {
    const shown = await runCliCaptured(['--data-dir', dataDir, 'runs', '1']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^Run #1: failed, started \S+ by checkout-console test on profile Local/);
    // Each scenario's block is the very text `test` printed.
    const blocks = (text: string) =>
      text.split('\n').filter((line) => /^[✓✗] /.test(line) || /^ {4}/.test(line));
    expect(blocks(shown.stdout)).toEqual(blocks(testOutput));
    expect(shown.stdout).toContain('          - expected  "partially_captured"');
    expect(shown.stdout).toMatch(/2 scenarios: 1 passed, 1 failed in [\d.]+ m?s; stored as run #1\n$/);
  });

  it('gives one run as JSON, or as JUnit XML that validates, to a file or standard output', async () => {
    const json = await runCliCaptured(['--data-dir', dataDir, 'runs', '#1', '--reporter', 'json']);
    const run = storedRunSchema.parse(JSON.parse(json.stdout));
    expect(run.scenarios.map((scenario) => scenario.status).sort()).toEqual(['failed', 'passed']);
    // The fields `test --reporter json` gives, so a CI script reads a report made again the same way.
    expect(JSON.parse(json.stdout)).toMatchObject({ storedId: 1, durationMs: expect.any(Number) as unknown });
    const out = join(temp.dir, 'again.xml');
    const junit = await runCliCaptured([
      '--data-dir',
      dataDir,
      'runs',
      '1',
      '--reporter',
      'junit',
      '--out',
      out,
    ]);
    expect(junit.code, junit.stderr).toBe(0);
    expect(junit.stdout).toBe(`junit report of run #1 written to ${out}\n`);
    const xml = readFileSync(out, 'utf8');
    expect(junitSchemaErrors(xml, temp.dir)).toBeNull();
    expect(xml).toContain('tests="2" failures="1" errors="0"');
    expect(xml).toContain('<property name="run" value="1"/>');
  });

  it('says what is wrong with a number, a run that is not there, or a report flag without a run', async () => {
    const word = await runCliCaptured(['--data-dir', dataDir, 'runs', 'last']);
    expect(word.code).toBe(2);
    // Named as `history --run <number>` names it, not by the usage line's optional `[number]`.
    expect(word.stderr).toContain('error: <number>: "last" is not a run number');
    expect((await runCliCaptured(['--data-dir', dataDir, 'runs', '01'])).stderr).toContain(
      'error: <number>: "01" is not a run number',
    );
    const missing = await runCliCaptured(['--data-dir', dataDir, 'runs', '99']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe('error: no run #99 in this data directory (`runs` lists them)\n');
    const flags = await runCliCaptured(['--data-dir', dataDir, 'runs', '--reporter', 'junit']);
    expect(flags.code).toBe(2);
    expect(flags.stderr).toContain('name a run');
  });

  it('reads a run whose console was killed as interrupted, with what it finished', async () => {
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      db.prepare(
        `INSERT INTO scenario_runs (id, uid, started_ms, front_door, profile_name, paths, alive_ms)
         VALUES (50, 'killed', ?, 'browser', 'Local', '["scenarios"]', ?)`,
      ).run(Date.now() - 10 * 60_000, Date.now() - 9 * 60_000);
    } finally {
      db.close();
    }
    // Gone again after this test: the others read the data directory as beforeAll left it (one
    // run, #1), whichever order they run in.
    onTestFinished(() => {
      const again = openDatabase(join(dataDir, 'console.sqlite'));
      try {
        again.prepare('DELETE FROM scenario_runs WHERE id = 50').run();
      } finally {
        again.close();
      }
    });
    const list = await runCliCaptured(['--data-dir', dataDir, 'runs', '--limit', '1']);
    expect(list.stdout).toMatch(
      /^#50\s+\S+\s+interrupted\s+none finished\s+-\s+Local\s+Scenarios view \(browser\)/m,
    );
    const shown = await runCliCaptured(['--data-dir', dataDir, 'runs', '50']);
    expect(shown.stdout).toContain('Run #50: interrupted');
    expect(shown.stdout).toContain('the console running it was closed or killed');
    expect(shown.stdout).toContain(
      '0 scenarios: 0 passed, 0 failed (interrupted before its end); stored as run #50',
    );
    // Its JUnit XML was an empty `<testsuites tests="0" failures="0" errors="0"/>`: green in CI.
    // It holds one testcase in error saying why; `runs` still exits 0, as the reader it is.
    const junit = await runCliCaptured(['--data-dir', dataDir, 'runs', '50', '--reporter', 'junit']);
    expect(junit.code, junit.stderr).toBe(0);
    expect(junitSchemaErrors(junit.stdout, temp.dir)).toBeNull();
    expect(junit.stdout).toMatch(/<testsuites [^>]*tests="1" failures="0" errors="1"/);
    expect(junit.stdout).toContain(`<error message="${INTERRUPTED_WORDS}" type="RunInterrupted">`);
  });
});

// `runs N --reporter junit --out <a scenario of that run> --force` replaced the scenario: the
// guard `test` has was missing from `runs`.
describe('runs N --out', () => {
  it('never replaces a scenario of that run, even with --force', async () => {
    const scenario = join(suite, 'refund.yaml');
    const before = readFileSync(scenario, 'utf8');
    for (const target of [scenario, join(suite, 'report.xml')]) {
      const run = await runCliCaptured([
        '--data-dir',
        dataDir,
        'runs',
        '1',
        '--reporter',
        'junit',
        '--out',
        target,
        '--force',
      ]);
      expect(run.code, target).toBe(2);
      expect(run.stderr).toContain('of that run; write the report elsewhere');
    }
    expect(readFileSync(scenario, 'utf8')).toBe(before);
  });

  // Through a link to the run's folder, `--out linked/refund.yaml --force` replaced refund.yaml
  // with the XML: the guard compared the paths as text.
  it('never replaces one reached through a link to its folder either', async () => {
    const scenario = join(suite, 'refund.yaml');
    const before = readFileSync(scenario, 'utf8');
    const linked = join(temp.dir, 'linked-suite');
    symlinkSync(suite, linked);
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'runs',
      '1',
      '--reporter',
      'junit',
      '--out',
      join(linked, 'refund.yaml'),
      '--force',
    ]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`is inside ${suite}, among the scenarios of that run`);
    expect(readFileSync(scenario, 'utf8')).toBe(before);
  });
});
