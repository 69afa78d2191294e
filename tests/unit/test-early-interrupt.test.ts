import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/main/cli/program';
import { STOPPED_BEFORE_RUN } from '../../src/main/cli/test-stop';
import { captureCliContext } from './helpers/captured-cli-context';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * Ctrl+C pressed while `test` was still starting (its console opening, a stored run being read
 * for --last-failed, the files being read) cancelled nothing, since no run was under way yet,
 * and used up the one handler: the whole suite then ran, and a second Ctrl+C killed it with its
 * run left "running". A stop asked for before the run starts is now heard there: nothing runs,
 * no run is stored, and the command says so and exits as a Ctrl+C does (130).
 */
const temp = makeTempDir('cc-early-interrupt-');
afterAll(() => temp.remove());

describe('Ctrl+C before the run has started', () => {
  it('stops before the run starts, instead of being forgotten', async () => {
    const suite = join(temp.dir, 'suite');
    mkdirSync(suite);
    // Waits, then needs a variable this process does not have: it does not pass.
    writeFileSync(
      join(suite, 'slow.yaml'),
      'name: slow\nsteps:\n  - step: wait\n    for: 2s\n  - step: set\n    vars: { x: "${env.CC_EARLY_INTERRUPT_UNSET}" }\n',
    );
    const dataDir = join(temp.dir, 'data');
    const first = await runCliCaptured(['--data-dir', dataDir, 'test', suite]);
    expect(first.code).toBe(1);

    // --last-failed says which run it starts from before it starts one: Ctrl+C then.
    const run = captureCliContext({
      onStdout: (text) => {
        if (text.includes('running it again')) process.emit('SIGINT');
      },
    });
    const code = await runCli(['--data-dir', dataDir, 'test', suite, '--last-failed'], run.context);
    expect(run.out()).toContain('running it again');
    expect(run.err()).toContain(STOPPED_BEFORE_RUN.trim());
    expect(code).toBe(130);
    const runs = await runCliCaptured(['--data-dir', dataDir, 'runs', '--json']);
    expect(JSON.parse(runs.stdout)).toMatchObject([{ id: 1, status: 'failed' }]);
    expect(JSON.parse(runs.stdout)).toHaveLength(1);
  });
});
