import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A send-webhook step is the console's doing: the listener's record of it may neither move the
// order nor stand in for the service's notification in a later expect-webhook step.
const temp = makeTempDir('cc-crafted-');
const scenarios = join(temp.dir, 'scenarios');
afterAll(() => temp.remove());

const approvedThenCrafted = `
  - step: checkout
    sample: { country: SA }
  - step: customer
    action: pay
  - step: expect-webhook
    event: order_approved
  - step: send-webhook
    to: listener
    event: order_captured
    token: valid
    expect: { verdict: valid }`;

beforeAll(() => {
  mkdirSync(scenarios);
  writeFileSync(
    join(scenarios, 'moves-nothing.yaml'),
    `name: moves nothing\nsteps:${approvedThenCrafted}\n  - step: expect-order\n    state: approved\n`,
  );
  writeFileSync(
    join(scenarios, 'not-the-service.yaml'),
    `name: not the service\nsteps:${approvedThenCrafted}\n  - step: expect-webhook\n    event: order_captured\n    within: 1s\n`,
  );
});

describe('a notification a scenario sends to its own listener', () => {
  it('leaves the order approved, and does not pass an expect-webhook for the service’s notification', async () => {
    const dataDir = join(temp.dir, 'data');
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', scenarios, '--reporter', 'json']);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    const byName = new Map(report.scenarios.map((scenario) => [scenario.name, scenario]));
    expect(byName.get('moves nothing')?.status).toBe('passed');
    const notService = byName.get('not the service');
    expect(notService?.status).toBe('failed');
    expect(notService?.steps.map((step) => step.status)).toEqual([
      'passed',
      'passed',
      'passed',
      'passed',
      'failed',
    ]);

    const records = await runCliCaptured(['--data-dir', dataDir, 'history', '--kind', 'webhook', '--json']);
    const captured = (
      JSON.parse(records.stdout) as { event_type: string | null; provenance: string }[]
    ).filter((record) => record.event_type === 'order_captured');
    // The listener's records of the two sends: each linked to its send, the console's doing.
    expect(captured.map((record) => record.provenance)).toEqual(['crafted', 'crafted']);
    const orderId = (JSON.parse(records.stdout) as { order_id: string | null }[])[0]?.order_id ?? '';
    const order = await runCliCaptured(['--data-dir', dataDir, 'orders', 'show', orderId]);
    expect(order.stdout).toMatch(
      /#\d+ {2}A scenario's send-webhook step \(a notification the console made, token valid\), received by the listener of profile "Local" as #\d+; the console's doing, never evidence/,
    );
  });
});
