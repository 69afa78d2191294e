import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { junitReport } from '../../src/main/scenarios/reporters/junit-report';
import { formatScenario } from '../../src/main/scenarios/reporters/pretty-reporter';
import { storedRow } from '../../src/renderer/src/features/scenarios/scenario-rows';
import { consoleCommandNaming } from '../../src/shared/console-command';
import type { RunProgress, RunReport, ScenarioResult } from '../../src/shared/scenarios/scenario-results';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';

// docs/scenarios.md: a scenario is skipped only when it never ran. A cancel that came while a
// checkout's request was answered (the step passed, an order was created), or between two steps
// of a scenario whose first steps had passed, left the scenario "skipped / not run" in the
// terminal, JSON, JUnit (<skipped>), the stored run and the view: each now says it is an error
// of the cancel, at the step the cancel kept from starting.
const onDefault = consoleCommandNaming(null);
const temp = makeTempDir('cc-cancel-begun-');
let app: ListeningConsole;
/** A service that answers a checkout only after a while, as a slow sandbox does. */
let slowService: Server;
const ANSWER_AFTER_MS = 800;

beforeAll(async () => {
  app = await openListeningConsole();
  slowService = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      setTimeout(() => {
        const orderId = `slow-${Date.now()}`;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            order_id: orderId,
            checkout_id: `co-${orderId}`,
            status: 'new',
            checkout_url: `http://127.0.0.1/checkout?order_id=${orderId}`,
          }),
        );
      }, ANSWER_AFTER_MS);
    });
  });
  await new Promise<void>((resolve) => slowService.listen(0, '127.0.0.1', resolve));
  const local = app.core.profiles.active();
  app.core.profiles.update(
    local.id,
    { baseUrl: `http://127.0.0.1:${(slowService.address() as AddressInfo).port}` },
    { apiToken: { action: 'keep' }, notificationToken: { action: 'keep' } },
  );
  writeFileSync(
    join(temp.dir, 'slow-checkout.yaml'),
    'name: slow checkout then wait\nsteps:\n  - step: checkout\n    sample: { country: SA }\n  - step: wait\n    for: 10s\n',
  );
  writeFileSync(
    join(temp.dir, 'two-sets.yaml'),
    'name: two sets then wait\nsteps:\n  - step: set\n    vars: { a: 1 }\n  - step: set\n    vars: { b: 2 }\n  - step: wait\n    for: 10s\n',
  );
});
afterAll(async () => {
  await app.dispose();
  await new Promise((resolve) => slowService.close(resolve));
  temp.remove();
});

/** Runs `file`, cancelling when `cancelAt` says so of a progress push. */
async function runCancelled(file: string, cancelAt: (progress: RunProgress) => boolean): Promise<RunReport> {
  const { scenarios, problems } = loadScenarios([file], temp.dir);
  expect(problems).toEqual([]);
  const controller = new AbortController();
  return app.core.scenarios.run({
    scenarios,
    paths: [file],
    confirmLive: false,
    signal: controller.signal,
    onProgress: (progress) => {
      if (cancelAt(progress)) controller.abort();
    },
  });
}

/** Every report says the scenario is an error of the cancel: terminal, JUnit, stored run, view. */
function expectErrorOfTheCancel(report: RunReport, cutOffStep: string): ScenarioResult {
  expect(report.status).toBe('cancelled');
  const [result] = report.scenarios;
  if (result === undefined) throw new Error('no scenario reported');
  expect(result.status).toBe('error');
  expect(report.totals).toMatchObject({ errors: 1, skipped: 0 });
  const text = formatScenario(result, onDefault);
  expect(text).toMatch(/^! /);
  expect(text).toContain('cancelled (the run was cancelled before this step started)');
  const junit = junitReport(report);
  expect(junit).not.toContain('<skipped');
  expect(junit).toContain(
    `<error message="${cutOffStep}: cancelled (the run was cancelled before this step started)" type="Cancelled">`,
  );
  const stored = app.core.scenarios.storedRun(report.storedId);
  expect(stored?.scenarios.map((scenario) => scenario.status)).toEqual(['error']);
  expect(stored?.totals).toMatchObject({ errors: 1, skipped: 0 });
  expect(stored?.scenarios[0] === undefined ? null : storedRow(stored.scenarios[0]).status).toBe('error');
  return result;
}

describe('a run cancelled after a scenario had begun', () => {
  it('calls a scenario whose checkout passed under the cancel an error, not skipped', async () => {
    let checkoutStarted = false;
    const report = await runCancelled('slow-checkout.yaml', (progress) => {
      if (progress.type !== 'step-started' || progress.step !== 0 || checkoutStarted) return false;
      checkoutStarted = true;
      return true;
    });
    const result = expectErrorOfTheCancel(report, 'step 2 (line 5) wait 10s');
    expect(result.steps.map((step) => [step.status, step.message])).toEqual([
      ['passed', expect.stringMatching(/^order slow-\d+/)],
      ['error', 'cancelled (the run was cancelled before this step started)'],
    ]);
    expect(result.orderIds).toHaveLength(1);
  });

  it('calls a scenario an error when the cancel lands between two of its steps', async () => {
    const report = await runCancelled(
      'two-sets.yaml',
      (progress) => progress.type === 'step-finished' && progress.result.index === 0,
    );
    const result = expectErrorOfTheCancel(report, 'step 2 (line 5) set b');
    expect(result.steps.map((step) => [step.status, step.message])).toEqual([
      ['passed', null],
      ['error', 'cancelled (the run was cancelled before this step started)'],
      ['skipped', 'not run (the run was cancelled)'],
    ]);
  });

  it('calls a scenario whose every step passed before the cancel passed', async () => {
    const report = await runCancelled(
      'two-sets.yaml',
      (progress) => progress.type === 'step-started' && progress.step === 2,
    );
    // The wait under way is cut off once the two sets had run: the cancel's error, as before.
    expect(report.scenarios[0]?.status).toBe('error');
    writeFileSync(
      join(temp.dir, 'one-set.yaml'),
      'name: one set\nsteps:\n  - step: set\n    vars: { a: 1 }\n',
    );
    const whole = await runCancelled(
      'one-set.yaml',
      (progress) => progress.type === 'step-finished' && progress.result.index === 0,
    );
    expect(whole.status).toBe('cancelled');
    expect(whole.scenarios.map((scenario) => scenario.status)).toEqual(['passed']);
  });
});
