import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `test --profile Live` on a fresh data directory (Live's base URL still a placeholder) asked for
// --yes-live first, and given it, every checkout step said Live was not set up: a production
// run was asked to be confirmed that could reach nothing. As `send` does, "not set up" comes first.
const temp = makeTempDir('cc-live-placeholder-');
afterAll(() => temp.remove());

describe('test --profile Live whose base URL is still a placeholder', () => {
  const scenarios = join(temp.dir, 'scenarios');
  mkdirSync(scenarios);
  writeFileSync(
    join(scenarios, 'one.yaml'),
    'name: one checkout\nsteps:\n  - step: checkout\n    sample: { country: SA }\n',
  );

  it('runs unasked, and its checkout step says Live is not set up', async () => {
    // A data directory of its own: the other test sets Live's base URL, and may run first.
    const dataDir = join(temp.dir, 'data-placeholder');
    // Live keeps its listener on its stored port, 4455 by default: taken by another console on
    // this machine, or another test file's listener, the run stopped before its steps ("the
    // webhook listener is not running"). A free port instead; its base URL stays a placeholder.
    const port = await runCliCaptured([
      '--data-dir',
      dataDir,
      'profiles',
      'set',
      'Live',
      '--listener-port',
      '0',
    ]);
    expect(port.code, port.stderr).toBe(0);
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      scenarios,
      '--profile',
      'Live',
      '--reporter',
      'json',
    ]);
    expect(run.stderr).not.toContain('--yes-live');
    expect(run.code).toBe(1);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    expect(report.scenarios[0]?.steps[0]?.message).toMatch(/^Live is not set up, so nothing was sent: /);
  });

  it('set up, it is refused until --yes-live, naming it', async () => {
    const dataDir = join(temp.dir, 'data-set-up');
    const set = await runCliCaptured([
      '--data-dir',
      dataDir,
      'profiles',
      'set',
      'Live',
      '--base-url',
      'http://127.0.0.1:9',
    ]);
    expect(set.code, set.stderr).toBe(0);
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', scenarios, '--profile', 'Live']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'Running scenarios would reach the LIVE (production) profile "Live": it goes to http://127.0.0.1:9.',
    );
    expect(run.stderr).toContain('--yes-live');
  });
});
