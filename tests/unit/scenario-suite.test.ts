import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReportSchema } from '../../src/shared/scenarios/scenario-results';
import { openDatabase } from '../../src/main/store/connection';
import { createScenarioRunsRepository } from '../../src/main/store/scenario-runs-repository';
import { happyPathExpectingPartialCapture } from '../fixtures/wrong-state-scenario';
import { junitSchemaErrors } from './helpers/junit-schema';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';

// The starter suite runs here, as `npx checkout-console test scenarios/` does on a fresh clone:
// a fresh data directory, the Local profile, its emulator and listener started on free ports.
const temp = makeTempDir('cc-scenarios-');
const dataDir = join(temp.dir, 'data');
const brokenDir = join(temp.dir, 'broken');
afterAll(() => temp.remove());

beforeAll(() => {
  mkdirSync(join(brokenDir, 'payloads'), { recursive: true });
  // A copy of a starter scenario whose expectation is wrong: the capture leaves it fully captured.
  writeFileSync(join(brokenDir, 'broken-capture.yaml'), happyPathExpectingPartialCapture('.'));
  copyFileSync('scenarios/refund.yaml', join(brokenDir, 'refund.yaml'));
});

describe('the starter suite', () => {
  it('passes offline on a fresh data directory, and the run is stored step by step', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', 'scenarios', '--reporter', 'json']);
    expect(run.stderr).toContain('Running 10 scenarios');
    // The run's setting, read through the same contract commands as the views.
    expect(run.stderr).toMatch(
      /^Profile Local \(local\): service http:\/\/127\.0\.0\.1:\d+ \(emulator started for this run\), listener http:\/\/127\.0\.0\.1:\d+\/?\S*$/m,
    );
    expect(run.code, run.stderr).toBe(0);
    const report = runReportSchema.parse(JSON.parse(run.stdout));
    expect(report.totals).toEqual({ scenarios: 10, passed: 10, failed: 0, errors: 0, skipped: 0 });
    for (const scenario of report.scenarios)
      expect(scenario.steps.every((step) => step.status === 'passed')).toBe(true);

    const db = openDatabase(join(dataDir, 'console.sqlite'));
    try {
      const stored = createScenarioRunsRepository(db).get(report.storedId);
      expect(stored?.status).toBe('passed');
      expect(stored?.scenarios.map((scenario) => scenario.name)).toEqual(
        report.scenarios.map((scenario) => scenario.name),
      );
      const happy = stored?.scenarios.find((scenario) =>
        scenario.file.endsWith('happy-path-general-sa.yaml'),
      );
      const webhookStep = happy?.steps.find((step) => step.kind === 'expect-webhook');
      const [recordId] = webhookStep?.recordIds ?? [];
      // The step links the listener's own record of the notification.
      const row = db.prepare('SELECT kind, event_type, token_verdict FROM events WHERE id = ?').get(recordId);
      expect(row).toEqual({ kind: 'webhook', event_type: 'order_approved', token_verdict: 'valid' });
      expect(webhookStep?.durationMs).toBeGreaterThanOrEqual(0);
    } finally {
      db.close();
    }
  });

  it('fails a scenario whose expected state is wrong, with a readable diff, and keeps the others going', async () => {
    const run = await runCliCaptured(['--data-dir', dataDir, 'test', brokenDir]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('✓ Refund after capture');
    expect(run.stdout).toContain('✗ Happy path, general form, SA / SAR');
    expect(run.stdout).toMatch(/✗ 6\. capture \(line 29\)/);
    expect(run.stdout).toContain(
      [
        '        order state',
        '          - expected  "partially_captured"',
        '          + actual    "fully_captured"',
      ].join('\n'),
    );
    expect(run.stdout).toContain('2 more steps not run');
    expect(run.stdout).toContain('2 scenarios: 1 passed, 1 failed');
  });

  it('writes JUnit XML that validates against the JUnit schema, with the failure and its diff', async () => {
    // Not report.xml: junitSchemaErrors writes its copy there, in the schema tests too.
    const out = join(temp.dir, 'run-report.xml');
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      brokenDir,
      '--reporter',
      'junit',
      '--out',
      out,
    ]);
    expect(run.code).toBe(1);
    const xml = readFileSync(out, 'utf8');
    expect(junitSchemaErrors(xml, temp.dir)).toBeNull();
    expect(xml).toContain(
      '<testsuites name="checkout-console scenarios (profile Local)" tests="2" failures="1" errors="0"',
    );
    expect(xml).toMatch(
      /<failure message="step 6 \(line 29\) capture: order state not as expected" type="ExpectationFailed">/,
    );
    expect(xml).toContain('- expected  "partially_captured"');
  });

  it('the schema check can fail: a report with a misspelt element is rejected', () => {
    const bad =
      '<?xml version="1.0"?><testsuites><testsuite name="x" tests="1" failures="0" errors="0"><testcase name="a"><failur/></testcase></testsuite></testsuites>';
    expect(junitSchemaErrors(bad, temp.dir)).toMatch(/failur/);
  });

  it('--bail stops after the first failure and --grep chooses scenarios', async () => {
    const bail = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      brokenDir,
      '--bail',
      '--reporter',
      'json',
    ]);
    const report = runReportSchema.parse(JSON.parse(bail.stdout));
    expect(report.totals).toMatchObject({ failed: 1, skipped: 1 });
    const grep = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      'scenarios',
      '--grep',
      'REFUND',
      '--reporter',
      'json',
    ]);
    expect(runReportSchema.parse(JSON.parse(grep.stdout)).scenarios.map((scenario) => scenario.name)).toEqual(
      ['Refund after capture'],
    );
    const none = await runCliCaptured([
      '--data-dir',
      dataDir,
      'test',
      'scenarios',
      '--grep',
      'no such scenario',
    ]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--grep: no scenario name or file contains "no such scenario"');
  });
});
