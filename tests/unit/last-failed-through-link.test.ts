import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured, type CliRun } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `test good/` failed, then `test goodlink/ --last-failed` (goodlink → good) said no run of those
// paths had ended: the paths were compared as text, where the docs say links are followed.
const temp = makeTempDir('cc-last-failed-link-');
afterAll(() => temp.remove());
const FAILS = (name: string) =>
  `name: ${name}\nsteps:\n  - step: operation\n    operation: getOrder\n    order: '\${env.CC_TEST_NOT_SET}'\n`;
const PASSES = (name: string) => `name: ${name}\nsteps:\n  - step: wait\n    for: 1ms\n`;
const names = (result: CliRun) =>
  runReportSchema.parse(JSON.parse(result.stdout)).scenarios.map((s) => s.file.split('/').pop());

/**
 * A suite of its own for one case: `good/`, `goodlink` → `good`, and a data directory whose runs
 * are that case's alone (numbered from #1), so either case runs alone (`-t`) as in the file.
 */
function linkedSuite(name: string) {
  const root = join(temp.dir, name);
  const good = join(root, 'good');
  const link = join(root, 'goodlink');
  const data = join(root, 'data');
  mkdirSync(good, { recursive: true });
  symlinkSync(good, link);
  const run = (...args: string[]) => runCliCaptured(['--data-dir', data, ...args]);
  return { good, link, run };
}

describe('test --last-failed through a symbolic link', () => {
  it('takes a run of the folder named through a link as a run of the same paths', async () => {
    const { good, link, run } = linkedSuite('same-paths');
    writeFileSync(join(good, 'a.yaml'), FAILS('alpha'));
    writeFileSync(join(good, 'b.yaml'), PASSES('beta'));
    expect((await run('test', good)).code).toBe(1);
    const again = await run('test', link, '--last-failed', '--reporter', 'json');
    expect(again.stderr).toMatch(/^Run #1 \(failed, started \S+Z\): 1 of 2 scenarios did not pass/);
    expect(again.code, again.stderr).toBe(1);
    expect(names(again)).toEqual(['a.yaml']);
  });

  it('counts an earlier run through the other name for the scenarios the latest did not run', async () => {
    const { good, link, run } = linkedSuite('earlier-run');
    // Beta fails, run alone as good/b.yaml; then alpha, fixed, run alone through the link.
    writeFileSync(join(good, 'a.yaml'), PASSES('alpha'));
    writeFileSync(join(good, 'b.yaml'), FAILS('beta'));
    expect((await run('test', good, '--grep', 'beta')).code).toBe(1);
    expect((await run('test', link, '--grep', 'alpha')).code).toBe(0);
    const again = await run('test', good, '--last-failed', '--reporter', 'json');
    expect(again.stderr).toMatch(
      /^Run #2 \(passed, started \S+Z\), and run #1 for the 1 scenario it did not run/,
    );
    expect(again.code, again.stderr).toBe(1);
    expect(names(again)).toEqual(['b.yaml']);
  });
});
