import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { createConsole } from '../../src/main/app';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

const temp = makeTempDir('cc-save-scenario-');
const dataDir = join(temp.dir, 'data');
afterAll(() => temp.remove());

const openCore = (dir = dataDir) => createConsole({ dataDir: dir, frontDoor: 'browser', keychain: 'off' });

describe('a test run and the stored profiles', () => {
  it("leaves the Local profile's ports, base URL and the active profile as they were", async () => {
    const before = await openCore();
    const local = before.profiles.active();
    await before.close();
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', 'scenarios', '--grep', 'happy path']);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    // The run had its own ports…
    expect(run.stdout).not.toContain(`service ${local.fields.baseUrl}`);
    const after = await openCore();
    try {
      // …and the stored profile never saw them.
      expect(after.profiles.active()).toEqual(local);
    } finally {
      await after.close();
    }
  });
});

describe('Save as scenario', () => {
  // The happy path waits for each notification before the next call, so the records' order is fixed.
  it("turns an order's lifecycle into a scenario that runs and passes again", async () => {
    // Its own order, from a happy path run on a data directory of its own: the other test's run
    // is there only when that test ran first.
    const ownDir = join(temp.dir, 'save-as');
    const lifecycle = await runCliCaptured([
      '--data-dir',
      ownDir,
      'test',
      'scenarios',
      '--grep',
      'happy path',
    ]);
    expect(lifecycle.code, lifecycle.stdout + lifecycle.stderr).toBe(0);
    const core = await openCore(ownDir);
    let saved: string;
    try {
      const orders = core.orders.list({ limit: 10 });
      const order = orders.items.find((item) => item.state === 'fully_captured');
      expect(order).toBeDefined();
      const call = (command: string, input: unknown) =>
        core.dispatcher(command, input, { transport: 'direct' });
      const made = await call('scenarioFromOrder', { orderId: order?.orderId });
      expect(made.ok).toBe(true);
      const { text, fileName } = (made as { ok: true; data: { text: string; fileName: string } }).data;
      expect(fileName).toMatch(/^order-ord-[a-z0-9-]+\.yaml$/);
      const steps = (parse(text) as { steps: { step: string; operation?: string; event?: string }[] }).steps;
      expect(steps.map((step) => step.operation ?? step.event ?? step.step)).toEqual([
        'checkout',
        'customer',
        'order_approved',
        'authorise',
        'order_authorised',
        'capture',
        'order_captured',
        'expect-order',
      ]);
      expect(text).toContain('order_reference_id: ${fresh.reference}');
      const path = join(temp.dir, 'saved', fileName);
      const written = await call('saveScenarioFile', { path, text });
      expect(written).toEqual({ ok: true, data: { path, problems: [] } });
      expect(readFileSync(path, 'utf8')).toBe(text);
      const again = await call('saveScenarioFile', { path, text });
      expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });
      saved = path;
    } finally {
      await core.close();
    }
    const run = await runCliCaptured(['--data-dir', ownDir, 'test', saved, '--reporter', 'json']);
    expect(run.code, run.stdout).toBe(0);
    expect(runReportSchema.parse(JSON.parse(run.stdout)).totals.passed).toBe(1);
  });
});
