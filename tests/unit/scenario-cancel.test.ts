import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { formatScenario } from '../../src/main/scenarios/reporters/pretty-reporter';
import { consoleCommandNaming } from '../../src/shared/console-command';
import type { RunReport } from '../../src/shared/scenarios/scenario-results';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { makeTempDir } from './helpers/temp-console';

/** The commands a report names, on the default data directory. */
const onDefault = consoleCommandNaming(null);

// Ctrl-C (or Cancel run) in the middle of a step: the step used to read as a timeout ("no
// order_approved … within 10 s") or as done ("waited 5000 ms"), and scenarios never started
// said "--bail after a failure" with no --bail given.
const temp = makeTempDir('cc-cancel-');
let app: ListeningConsole;
beforeAll(async () => {
  app = await openListeningConsole();
  writeFileSync(
    join(temp.dir, 'a-webhook.yaml'),
    'name: awaits a webhook\nsteps:\n  - step: expect-webhook\n    order: no-such-order\n    event: order_approved\n  - step: set\n    vars: { a: 1 }\n',
  );
  writeFileSync(join(temp.dir, 'b-wait.yaml'), 'name: waits\nsteps:\n  - step: wait\n    for: 5s\n');
});
afterAll(async () => {
  await app.dispose();
  temp.remove();
});

async function cancelledRun(files: string[]): Promise<RunReport> {
  const { scenarios, problems } = loadScenarios(files, temp.dir);
  expect(problems).toEqual([]);
  const controller = new AbortController();
  const started = Date.now();
  setTimeout(() => controller.abort(), 300);
  const report = await app.core.scenarios.run({
    scenarios,
    paths: files,
    confirmLive: false,
    signal: controller.signal,
  });
  expect(Date.now() - started).toBeLessThan(3_000);
  return report;
}

describe('a cancelled run', () => {
  it('says a webhook step under way was cancelled, not that nothing arrived, and why the rest did not run', async () => {
    const report = await cancelledRun(['a-webhook.yaml', 'b-wait.yaml']);
    expect(report.status).toBe('cancelled');
    const [webhook, wait] = report.scenarios;
    expect(webhook?.status).toBe('skipped');
    expect(webhook?.steps.map((step) => [step.status, step.message])).toEqual([
      ['skipped', 'cancelled (the run was cancelled while this step was under way)'],
      ['skipped', 'not run (the run was cancelled)'],
    ]);
    expect(wait?.steps.map((step) => step.message)).toEqual(['not run (the run was cancelled)']);
    expect(report.totals).toMatchObject({ failed: 0, errors: 0, skipped: 2 });
    const text = webhook === undefined ? '' : formatScenario(webhook, onDefault);
    expect(text).toMatch(/- 1\. .*\(line 3\) {2}\d+ ms {2}cancelled \(the run was cancelled while this step/);
    expect(text).toContain('- 1 more step not run (the run was cancelled)');
    expect(text).not.toContain('within 10 s');
  });

  it('does not say a wait cut short waited its whole time', async () => {
    const report = await cancelledRun(['b-wait.yaml']);
    expect(report.scenarios[0]?.steps.map((step) => [step.status, step.message])).toEqual([
      ['skipped', 'cancelled (the run was cancelled while this step was under way)'],
    ]);
  });
});
