import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `test --parallel N` printed scenarios in the order they finished, `runs N` in the files'
// order, though docs/scenarios.md says `runs N` prints a run "as `test` printed it". The first
// file here waits, so the second finishes first.
const temp = makeTempDir('cc-parallel-order-');
afterAll(() => temp.remove());
const dataDir = join(temp.dir, 'data');
const suite = join(temp.dir, 'suite');
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);

/** What follows a report's head (test: the start lines; runs N: the run's line): its scenarios and totals. */
const body = (text: string) => text.slice(text.indexOf('\n\n') + 2);
const storedAs = (text: string) => /stored as run #(\d+)/.exec(text)?.[1] ?? 'none';

describe('a run of scenarios in parallel', () => {
  it('is reported in the files’ order by test, pretty and JUnit, exactly as runs N reports it', async () => {
    mkdirSync(suite, { recursive: true });
    writeFileSync(
      join(suite, 'a-slow.yaml'),
      'name: slow, first in order\nsteps:\n  - step: wait\n    for: 500\n  - step: set\n    vars: { x: 1 }\n',
    );
    writeFileSync(
      join(suite, 'b-fast.yaml'),
      'name: fast, second in order\nsteps:\n  - step: expect-order\n    order: no-such-order\n    state: approved\n',
    );
    const pretty = await cli('test', suite, '--parallel', '2');
    expect(pretty.code, pretty.stderr).toBe(1);
    const printed = pretty.stdout.slice(pretty.stdout.indexOf('Running 2 scenarios'));
    expect(printed.indexOf('slow, first in order')).toBeLessThan(printed.indexOf('fast, second in order'));
    const junit = await cli('test', suite, '--parallel', '2', '--reporter', 'junit');

    const again = await cli('runs', storedAs(pretty.stdout));
    expect(body(printed)).toBe(body(again.stdout));
    const junitAgain = await cli('runs', storedAs(junit.stderr), '--reporter', 'junit');
    expect(junit.stdout).toBe(junitAgain.stdout);
  });
});
