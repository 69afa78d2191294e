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
      'name: unknown order\nsteps:\n  - step: expect-order\n    order: no-such-order-xyz\n    facts: { /capturedAmount: null }\n',
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
    expect(scenario?.steps[0]?.checks).toEqual([
      {
        what: 'order',
        expected: 'no-such-order-xyz',
        actual: 'no such order on the timeline',
        passed: false,
      },
    ]);
  });
});
