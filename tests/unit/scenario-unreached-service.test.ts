import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A step whose request could not reach the service (the emulator stopped mid-run: "Connection
// refused by 127.0.0.1:47311") was reported as a failed expectation ("status: expected 200,
// actual no answer", "order state (emulator): expected approved, actual (none)", JUnit
// <failure type="ExpectationFailed">), as if the service had answered wrongly and the order
// had no state. (A sandbox profile on a closed port here: `test` starts an emulator for a Local
// one.) It is an error, as a bad ${var} is, and every view of the run says so.
const temp = makeTempDir('cc-unreached-');
const dataDir = join(temp.dir, 'data');
const suite = join(temp.dir, 'suite');
afterAll(() => temp.remove());
const cli = (...argv: string[]) => runCliCaptured(['--data-dir', dataDir, ...argv]);

/** A port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 9;
}

let port = 0;
beforeAll(async () => {
  port = await closedPort();
  mkdirSync(suite, { recursive: true });
  writeFileSync(
    join(suite, 'gone.yaml'),
    [
      'name: service gone',
      'steps:',
      '  - step: checkout',
      '    sample: { country: SA }',
      '  - step: operation',
      '    operation: getOrder',
      '',
    ].join('\n'),
  );
  const added = await cli(
    'profiles',
    'add',
    'Stopped',
    '--env',
    'sandbox',
    '--base-url',
    `http://127.0.0.1:${port}`,
    '--api-token',
    'token',
    '--notification-token',
    'secret',
  );
  expect(added.code, added.stderr).toBe(0);
});

describe('a step that could not reach the service', () => {
  it('is an error, not a failed expectation, in the JSON, the JUnit and runs N alike', async () => {
    const run = await cli('test', suite, '--profile', 'Stopped', '--reporter', 'json');
    expect(run.code).toBe(1);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    expect(report.totals).toMatchObject({ failed: 0, errors: 1 });
    const [step] = report.scenarios[0]?.steps ?? [];
    expect(step?.status).toBe('error');
    expect(step?.message).toBe(
      `the service could not be reached: Connection refused by 127.0.0.1:${port}: nothing is listening there.`,
    );
    // Nothing was judged: no "expected 200, actual no answer", no order state "(none)".
    expect(step?.checks).toEqual([]);
    // The attempt's own record stays linked.
    expect(step?.recordIds).toHaveLength(1);

    const junit = await cli('runs', String(report.storedId), '--reporter', 'junit');
    expect(junit.stdout).toContain('type="StepError"');
    expect(junit.stdout).not.toContain('<failure');
    const again = await cli('runs', String(report.storedId));
    expect(again.stdout).toContain(
      `the service could not be reached: Connection refused by 127.0.0.1:${port}: nothing is listening there.`,
    );
    expect(again.stdout).not.toContain('(none)');
    expect(again.stdout).toMatch(/0 failed, 1 error/);
    // The step after it did not run: the order it would read was never made.
    expect(report.scenarios[0]?.steps[1]?.status).toBe('skipped');
  });
});
