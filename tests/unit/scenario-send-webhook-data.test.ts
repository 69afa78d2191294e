import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// `send-webhook event: order_captured` sent `"data": []` (no capture_id, no captured_amount): a
// notification "for the order" the console's own listener judged against the spec. Its data is
// now built as the emulator's and check-endpoint's are, from the order the scenario made: the
// id and amount its own capture or refund got, in the order's currency and decimals (KWD: 3).
const temp = makeTempDir('cc-send-data-');
const scenarios = join(temp.dir, 'scenarios');
const dataDir = join(temp.dir, 'data');
afterAll(() => temp.remove());

const paidInKuwait = `
  - step: checkout
    sample: { country: KW, seed: 7 }
  - step: customer
    action: pay`;
const sent = (event: string) => `
  - step: send-webhook
    to: listener
    event: ${event}
    expect: { verdict: valid, bodyVerdict: event }`;

beforeAll(() => {
  mkdirSync(scenarios);
  const write = (name: string, steps: string) =>
    writeFileSync(join(scenarios, `${name}.yaml`), `name: ${name}\nsteps:${steps}\n`);
  write(
    'captured and refunded',
    `${paidInKuwait}
  - step: operation
    operation: authorise
  - step: operation
    operation: capture
    amount: '1.5'${sent('order_captured')}
  - step: operation
    operation: refund
    amount: '0.25'${sent('order_refunded')}`,
  );
  write('captured before any capture', `${paidInKuwait}${sent('order_captured')}`);
});

interface HistoryRecord {
  order_id: string | null;
  event_type: string | null;
  provenance: string;
  body: string | null;
  findings: { body: { severity: string }[] } | null;
}

const dataOf = (record: HistoryRecord | undefined): unknown =>
  (JSON.parse(record?.body ?? 'null') as { data?: unknown } | null)?.data;

describe("a send-webhook step's notification of a capture or a refund", () => {
  it('carries the id and amount the scenario got, in the order’s currency and decimals', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', scenarios, '--reporter', 'json']);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    for (const scenario of report.scenarios) expect(scenario.status, scenario.name).toBe('passed');

    const history = await runCliCaptured(['--data-dir', dataDir, 'history', '--kind', 'webhook', '--json']);
    const records = JSON.parse(history.stdout) as HistoryRecord[];
    const [first, second] = [...new Set(records.map((record) => record.order_id))];
    const of = (orderId: string | null | undefined, event: string, provenance: string) =>
      records.find(
        (record) =>
          record.order_id === orderId && record.event_type === event && record.provenance === provenance,
      );
    const captured = (orderId: string | null | undefined) => [
      dataOf(of(orderId, 'order_captured', 'service')),
      dataOf(of(orderId, 'order_captured', 'crafted')),
    ];
    // The console's own listener finds no error in what the console sent (order_refunded keeps
    // its warning: an event the spec does not list).
    const crafted = records.filter((record) => record.provenance === 'crafted');
    expect(crafted).toHaveLength(3);
    for (const record of crafted) {
      const errors = record.findings?.body.filter((finding) => finding.severity === 'error');
      expect(errors, record.event_type ?? '').toEqual([]);
    }
    // One of the two orders was captured by the scenario: its notification names that capture.
    const [withCapture, withoutCapture] = of(first, 'order_refunded', 'service')
      ? [first, second]
      : [second, first];
    const [serviceData, craftedData] = captured(withCapture);
    expect(craftedData).toEqual(serviceData);
    expect(craftedData).toEqual({
      capture_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      captured_amount: { amount: '1.500', currency: 'KWD' },
    });
    expect(dataOf(of(withCapture, 'order_refunded', 'crafted'))).toEqual(
      dataOf(of(withCapture, 'order_refunded', 'service')),
    );
    expect(dataOf(of(withCapture, 'order_refunded', 'crafted'))).toMatchObject({
      refunded_amount: { amount: '0.250', currency: 'KWD' },
    });
    // No capture yet: the order's total, with KWD's three decimals.
    expect(dataOf(of(withoutCapture, 'order_captured', 'crafted'))).toEqual({
      capture_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      captured_amount: { amount: expect.stringMatching(/^\d+\.\d{3}$/), currency: 'KWD' },
    });
  });
});
