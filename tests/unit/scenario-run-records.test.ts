import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// A run's records (what its steps sent and what came back) were stored unmarked: after a run
// nobody could list what it sent. Each record a step writes itself now carries the run's number
// and the step; the listener's records of what arrived meanwhile are not the run's.
const temp = makeTempDir('cc-run-records-');
const scenarios = join(temp.dir, 'scenarios');
const dataDir = join(temp.dir, 'data');
afterAll(() => temp.remove());

beforeAll(() => {
  mkdirSync(scenarios);
  writeFileSync(
    join(scenarios, 'marks.yaml'),
    `name: marks
steps:
  - step: checkout
    sample: { country: SA }
  - step: customer
    action: pay
  - step: expect-webhook
    event: order_approved
  - step: operation
    operation: getOrder
  - step: send-webhook
    to: listener
    event: order_captured
    token: valid
`,
  );
});

interface Listed {
  id: number;
  kind: string;
  scenario_run: { run: number; scenario: number; file: string; step: number; title: string } | null;
}

async function runOnce(): Promise<{
  storedId: number;
  file: string | undefined;
  stepRecords: number[][];
  titles: string[];
}> {
  const run = await runCliCaptured(['--data-dir', dataDir, 'test', scenarios, '--reporter', 'json']);
  const report = runReportSchema.parse(JSON.parse(run.stdout));
  expect(report.scenarios[0]?.steps.map((step) => step.status)).toEqual(Array(5).fill('passed'));
  return {
    storedId: report.storedId,
    file: report.scenarios[0]?.file,
    stepRecords: report.scenarios[0]?.steps.map((step) => step.recordIds) ?? [],
    titles: report.scenarios[0]?.steps.map((step) => step.title) ?? [],
  };
}

async function listed(argv: string[]): Promise<Listed[]> {
  const run = await runCliCaptured(['--data-dir', dataDir, 'history', '--json', ...argv]);
  expect(run.stderr).toBe('');
  return JSON.parse(run.stdout) as Listed[];
}

describe('the records a scenario run wrote', () => {
  it('carry its number and step, and history --run lists them and nothing else', async () => {
    const first = await runOnce();
    const second = await runOnce();
    const own = await listed(['--run', String(first.storedId)]);
    // Its checkout, the customer's pay, the capture and the notification it sent, in each step's
    // title as the report gives it; not the listener's records (the service's order_approved, nor its copy of the send).
    const [checkout, pay, , getOrder, sent] = first.stepRecords;
    const wrote = [checkout?.[0], pay?.[0], getOrder?.[0], sent?.[0]];
    expect(own.map((record) => record.id).sort((a, b) => a - b)).toEqual(wrote);
    expect(
      own.map((record) => [record.kind, record.scenario_run?.step, record.scenario_run?.title]).reverse(),
    ).toEqual([
      ['request', 0, first.titles[0]],
      ['request', 1, first.titles[1]],
      ['request', 3, first.titles[3]],
      ['replay', 4, first.titles[4]],
    ]);
    expect(first.titles[1]).toBe('customer: pay');
    expect(own.every((record) => record.scenario_run?.run === first.storedId)).toBe(true);
    expect(own.every((record) => record.scenario_run?.file === first.file)).toBe(true);
    const webhooks = await listed(['--kind', 'webhook']);
    expect(webhooks.length).toBeGreaterThan(0);
    expect(webhooks.every((record) => record.scenario_run === null)).toBe(true);
    const others = await listed(['--run', String(second.storedId)]);
    expect(others).toHaveLength(4);
    expect(others.some((record) => own.some((mine) => mine.id === record.id))).toBe(false);
  });

  it('history --run takes a number as runs lists it, and refuses another', async () => {
    const bad = await runCliCaptured(['--data-dir', dataDir, 'history', '--run', 'x']);
    expect([bad.code, bad.stderr]).toEqual([
      2,
      'error: --run: "x" is not a run number (a whole number, as `runs` lists them).\n',
    ]);
    const none = await runCliCaptured(['--data-dir', dataDir, 'history', '--run', '#999']);
    expect([none.code, none.stderr]).toEqual([
      1,
      'error: no run #999 in this data directory (`runs` lists them)\n',
    ]);
    const hashed = await runCliCaptured(['--data-dir', dataDir, 'history', '--run', '#1', '--json']);
    expect((JSON.parse(hashed.stdout) as unknown[]).length).toBe(4);
  });

  it("does not claim another console's records that carry the same run number (an import)", async () => {
    const exported = join(temp.dir, 'run-1.json');
    const out = await runCliCaptured([
      '--data-dir',
      dataDir,
      'export',
      '--format',
      'json',
      '--run',
      '1',
      '--out',
      exported,
    ]);
    expect(out.code).toBe(0);
    const elsewhere = join(temp.dir, 'elsewhere');
    const run = await runCliCaptured(['--data-dir', elsewhere, 'test', scenarios, '--reporter', 'json']);
    expect(runReportSchema.parse(JSON.parse(run.stdout)).storedId).toBe(1);
    expect((await runCliCaptured(['--data-dir', elsewhere, 'import', exported])).code).toBe(0);
    const imported = await runCliCaptured([
      '--data-dir',
      elsewhere,
      'history',
      '--json',
      '--kind',
      'request',
    ]);
    const records = JSON.parse(imported.stdout) as Listed[];
    // Its own three requests and the first console's three, which keep no mark here.
    expect(records).toHaveLength(6);
    const own = await runCliCaptured(['--data-dir', elsewhere, 'history', '--json', '--run', '1']);
    const ownIds = (JSON.parse(own.stdout) as Listed[]).map((record) => record.id);
    expect(ownIds).toHaveLength(4);
    expect(records.filter((record) => record.scenario_run !== null).map((record) => record.id)).toEqual(
      records.filter((record) => ownIds.includes(record.id)).map((record) => record.id),
    );
  });
});
