import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/cli/program';
import { openDatabase } from '../../src/main/store/connection';
import { createScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import { runReportSchema, type ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import { runSummarySchema } from '../../src/shared/scenarios/stored-runs';
import { happyPathExpectingPartialCapture } from '../fixtures/wrong-state-scenario';
import { captureCliContext } from './helpers/captured-cli-context';
import { runCliCaptured, type CliRun } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `test --last-failed` and `test --rerun N`: after a red suite, fix and run again only what did
// not pass. The suite: one scenario that fails (broken-capture.yaml), one that passes.
const temp = makeTempDir('cc-last-failed-');
const dataDir = join(temp.dir, 'data');
const suite = join(temp.dir, 'suite');
const broken = join(suite, 'broken-capture.yaml');
/** A scenario's name in a report: its path from the working directory. */
const brokenFile = relative(process.cwd(), broken);
afterAll(() => temp.remove());

const cli = (...args: string[]) => runCliCaptured(['--data-dir', dataDir, ...args]);
const ran = (run: CliRun) => runReportSchema.parse(JSON.parse(run.stdout)).scenarios.map((s) => s.file);

async function storedRuns() {
  const list = await cli('runs', '--json');
  return runSummarySchema.array().parse(JSON.parse(list.stdout));
}

beforeAll(() => {
  mkdirSync(join(suite, 'payloads'), { recursive: true });
  writeFileSync(broken, happyPathExpectingPartialCapture('.'));
  copyFileSync('scenarios/cancelled.yaml', join(suite, 'cancelled.yaml'));
});

describe('test --last-failed', () => {
  it('says there is nothing to go on before any run of the paths has ended (exit 2)', async () => {
    const none = await cli('test', suite, '--last-failed');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      `error: --last-failed: no run of ${suite} from ${process.cwd()} has ended yet, so none is known not to have passed; run them whole first (npx checkout-console --data-dir ${dataDir} test ${suite})\n`,
    );
    expect(await storedRuns()).toEqual([]);
  });

  it('runs only the scenarios that did not pass in the latest run of the same paths', async () => {
    const whole = await cli('test', suite);
    expect(whole.code).toBe(1);
    const again = await cli(
      'test',
      suite,
      '--last-failed',
      '--reporter',
      'json',
      '--out',
      join(temp.dir, 'r.json'),
    );
    expect(again.code, again.stderr).toBe(1);
    expect(again.stdout).toMatch(
      /^Run #1 \(failed, started \S+Z\): 1 of 2 scenarios did not pass; running it again\n/,
    );
    expect(again.stdout).toContain('Running 1 scenario\n');
    expect(again.stdout).not.toContain('cancelled.yaml');
    const [latest] = await storedRuns();
    // The new run is one of the same paths, from here: the next --last-failed starts from it.
    expect(latest).toMatchObject({ id: 2, paths: [suite], source: { kind: 'paths', cwd: process.cwd() } });
    expect(latest?.totals).toMatchObject({ scenarios: 1, failed: 1 });
  });

  it('counts a scenario skipped by --bail as not passed: it never ran', async () => {
    const bail = await cli('test', suite, '--bail', '--reporter', 'json');
    expect(runReportSchema.parse(JSON.parse(bail.stdout)).totals).toMatchObject({ failed: 1, skipped: 1 });
    const again = await cli('test', suite, '--last-failed', '--reporter', 'json');
    expect(again.stderr).toContain('2 of 2 scenarios did not pass; running them again');
    expect(ran(again).map((file) => file.split('/').pop())).toEqual([
      'broken-capture.yaml',
      'cancelled.yaml',
    ]);
  });

  it('once fixed, passes; then says nothing is left to run again and exits 0', async () => {
    copyFileSync('scenarios/happy-path-general-sa.yaml', broken);
    const fixed = await cli('test', suite, '--last-failed');
    expect(fixed.code, fixed.stdout).toBe(0);
    const before = (await storedRuns()).length;
    const nothing = await cli('test', suite, '--last-failed');
    expect(nothing.code).toBe(0);
    // The run that passed ran only the fixed scenario; the other passed in the run before it.
    expect(nothing.stdout).toBe(
      `Every scenario passed when it last ran (run #${before}, and run #${before - 1} for the 1 scenario it did not run): nothing to run again.\n`,
    );
    // Nothing ran, so no run was stored.
    expect((await storedRuns()).length).toBe(before);
  });

  it('names a file that did not pass and is gone, and runs nothing (exit 2)', async () => {
    writeFileSync(broken, happyPathExpectingPartialCapture('.'));
    expect((await cli('test', suite)).code).toBe(1);
    const [failedRun] = await storedRuns();
    rmSync(broken);
    const gone = await cli('test', suite, '--last-failed');
    expect(gone.code).toBe(2);
    expect(gone.stderr).toContain(
      `error: ${brokenFile}: no such file: it did not pass in run #${failedRun?.id}, and has been removed or renamed since\n`,
    );
    expect((await storedRuns())[0]?.id).toBe(failedRun?.id);
    writeFileSync(broken, happyPathExpectingPartialCapture('.'));
  });

  it('takes only runs of the same paths: another path named is another suite', async () => {
    const other = await cli('test', join(suite, 'cancelled.yaml'), '--last-failed');
    expect(other.code).toBe(2);
    expect(other.stderr).toContain(`no run of ${join(suite, 'cancelled.yaml')} from`);
  });
});

describe('test --rerun N', () => {
  it("runs again the scenarios that did not pass in run N, from that run's own paths", async () => {
    const [failedRun] = await storedRuns();
    const again = await cli('test', '--rerun', `#${failedRun?.id}`, '--reporter', 'json');
    expect(again.code, again.stderr).toBe(1);
    expect(again.stderr).toContain(`Run #${failedRun?.id} (failed,`);
    expect(ran(again)).toEqual([brokenFile]);
  });

  it("runs a Scenarios view run's files from its folder, named as the view named them", async () => {
    // As the view stores a run of a folder: its files named from the folder.
    const db = openDatabase(join(dataDir, 'console.sqlite'));
    let id: number;
    try {
      const runs = createScenarioRunsRepository(db);
      id = runs.startRun({
        uid: 'from-the-view',
        startedMs: Date.now(),
        frontDoor: 'browser',
        profileId: null,
        profileName: 'Local',
        paths: [suite],
        source: { kind: 'folder', folder: suite },
      });
      const result = (file: string, status: ScenarioResult['status']): ScenarioResult => ({
        file,
        name: file,
        status,
        startedAt: new Date().toISOString(),
        durationMs: 1,
        orderIds: [],
        steps: [],
      });
      runs.addResult(id, 0, result('broken-capture.yaml', 'failed'));
      runs.addResult(id, 1, result('cancelled.yaml', 'passed'));
      runs.finishRun(id, Date.now(), 'failed');
    } finally {
      db.close();
    }
    // Its report is never written among the files it runs, whose folder is known only from the run.
    const among = await cli(
      'test',
      '--rerun',
      String(id),
      '--reporter',
      'json',
      '--out',
      join(suite, 'r.json'),
    );
    expect(among.code).toBe(2);
    expect(among.stderr).toContain(`--out: ${join(suite, 'r.json')} is inside ${suite}, among the scenarios`);
    const again = await cli('test', '--rerun', String(id), '--reporter', 'json');
    expect(again.code, again.stderr).toBe(1);
    expect(ran(again)).toEqual(['broken-capture.yaml']);
    const [latest] = await storedRuns();
    expect(latest?.source).toEqual({ kind: 'folder', folder: suite });
  });

  it('says what is wrong with the number, paths beside it, or both flags', async () => {
    expect((await cli('test', '--rerun', 'last')).stderr).toContain('"last" is not a run number');
    const missing = await cli('test', '--rerun', '99');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('error: --rerun: no run #99 in this data directory (`runs` lists them)\n');
    expect((await cli('test', suite, '--rerun', '1')).stderr).toContain('leave the paths out');
    expect((await cli('test', '--rerun', '1', '--last-failed')).stderr).toContain('choose one');
  });
});

describe('test --last-failed after a narrowed run (--grep)', () => {
  // A scenario that errors at once (no order to get), and one that passes.
  // Errs when it runs: its order from an environment variable that is not set (with no order at
  // all, the file is refused when read).
  const FAILS = (name: string) =>
    `name: ${name}\nsteps:\n  - step: operation\n    operation: getOrder\n    order: '\${env.CC_TEST_NOT_SET}'\n`;
  const PASSES = (name: string) => `name: ${name}\nsteps:\n  - step: wait\n    for: 1ms\n`;
  const narrowed = join(temp.dir, 'narrowed');
  const data = join(temp.dir, 'data-narrowed');
  const run = (...args: string[]) => runCliCaptured(['--data-dir', data, ...args]);
  const names = (result: CliRun) => ran(result).map((file) => file.split('/').pop());

  it('runs what did not pass when it last ran, not only what the narrowed run saw', async () => {
    mkdirSync(narrowed, { recursive: true });
    writeFileSync(join(narrowed, 'a.yaml'), FAILS('alpha'));
    writeFileSync(join(narrowed, 'b.yaml'), FAILS('beta'));
    expect((await run('test', narrowed)).code).toBe(1);
    // Alpha fixed and run alone: beta is still as red as the whole run left it.
    writeFileSync(join(narrowed, 'a.yaml'), PASSES('alpha'));
    expect((await run('test', narrowed, '--grep', 'alpha')).code).toBe(0);
    const again = await run('test', narrowed, '--last-failed', '--reporter', 'json');
    expect(again.code, again.stderr).toBe(1);
    expect(names(again)).toEqual(['b.yaml']);
    expect(again.stderr).toMatch(
      /^Run #2 \(passed, started \S+Z\), and run #1 for the 1 scenario it did not run: 1 of 2 scenarios did not pass when they last ran; running it again\n/,
    );
  });

  it('is green only when every scenario passed when it last ran, and says which runs say so', async () => {
    writeFileSync(join(narrowed, 'b.yaml'), PASSES('beta'));
    expect((await run('test', narrowed, '--last-failed')).code).toBe(0);
    const nothing = await run('test', narrowed, '--last-failed');
    expect(nothing.code).toBe(0);
    expect(nothing.stdout).toBe(
      'Every scenario passed when it last ran (run #4, and run #2 for the 1 scenario it did not run): nothing to run again.\n',
    );
  });

  it('says a scenario that never ran is left out', async () => {
    writeFileSync(join(narrowed, 'c.yaml'), PASSES('gamma'));
    writeFileSync(join(narrowed, 'b.yaml'), FAILS('beta'));
    expect((await run('test', narrowed, '--grep', 'beta')).code).toBe(1);
    const again = await run('test', narrowed, '--last-failed', '--reporter', 'json');
    expect(names(again)).toEqual(['b.yaml']);
    expect(again.stderr).toContain(
      '1 scenario in the paths has not run in any ended run of them, so it is left out (run the paths whole to include it)\n',
    );
  });
});

describe('test --last-failed after a cancelled run', () => {
  it('runs again what the cancel left unrun: it never passed', async () => {
    const folder = join(temp.dir, 'cancelled-suite');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'slow.yaml'), 'name: slow\nsteps:\n  - step: wait\n    for: 2s\n');
    writeFileSync(join(folder, 'quick.yaml'), 'name: quick\nsteps:\n  - step: wait\n    for: 1ms\n');
    const data = join(temp.dir, 'data-cancelled');
    // Ctrl+C as soon as the run has started.
    const run = captureCliContext({
      onStdout: (text) => {
        if (text.startsWith('Running ')) process.emit('SIGINT');
      },
    });
    const code = await runCli(['--data-dir', data, 'test', folder], run.context);
    expect(code).toBe(1);
    const again = await runCliCaptured([
      '--data-dir',
      data,
      'test',
      folder,
      '--last-failed',
      '--reporter',
      'json',
    ]);
    expect(again.stderr).toMatch(
      /^Run #1 \(cancelled, started \S+Z\): 2 of 2 scenarios did not pass; running them again\n/,
    );
    expect(again.code, again.stderr).toBe(0);
  });
});
