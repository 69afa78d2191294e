import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-expect-order-');
afterAll(() => temp.remove());

describe('an expect-order step', () => {
  it('fails for an order the console has no record of, saying so', async () => {
    writeFileSync(
      join(temp.dir, 'unknown-order.yaml'),
      'name: unknown order\nsteps:\n  - step: expect-order\n    order: no-such-order-xyz\n    state: canceled\n    facts: { /capturedAmount: null }\n',
    );
    const run = await runCliCaptured([
      '--data-dir',
      join(temp.dir, 'data'),
      'test',
      temp.dir,
      '--reporter',
      'json',
    ]);
    expect(run.code, run.stderr).toBe(1);
    const [scenario] = runReportSchema.parse(JSON.parse(run.stdout)).scenarios;
    expect(scenario?.steps[0]?.status).toBe('failed');
    // Each check it was given is shown, its actual absent as the docs say (a stand-in string,
    // "no such order on the timeline", read as a value, and the step's own checks were hidden).
    expect(scenario?.steps[0]?.checks).toEqual([
      { what: 'order', expected: 'no-such-order-xyz', actual: null, actualAbsent: true, passed: false },
      { what: 'order state', expected: 'canceled', actual: null, actualAbsent: true, passed: false },
      { what: '/capturedAmount', expected: null, actual: null, actualAbsent: true, passed: false },
    ]);
    expect(scenario?.steps[0]?.message).toBe('order no-such-order-xyz is unknown to the console');
  });
});
