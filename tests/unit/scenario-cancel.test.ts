import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadScenarios } from '../../src/main/scenarios/load-scenarios';
import { junitReport } from '../../src/main/scenarios/reporters/junit-report';
import { formatScenario } from '../../src/main/scenarios/reporters/pretty-reporter';
import { unreachedOutcome, type StepContext } from '../../src/main/scenarios/step-context';
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
  writeFileSync(
    join(temp.dir, 'c-begun.yaml'),
    'name: begun\nsteps:\n  - step: set\n    vars: { a: 1 }\n  - step: wait\n    for: 5s\n  - step: set\n    vars: { b: 2 }\n',
  );
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

  // docs/scenarios.md: a scenario is skipped only when it never ran. One whose first step had
  // run (an order created, say) was called skipped when the cancel came during its second.
  it('calls a scenario cancelled after a step had run an error of the cancel, in every report', async () => {
    const report = await cancelledRun(['c-begun.yaml']);
    const [begun] = report.scenarios;
    expect(begun?.status).toBe('error');
    expect(begun?.steps.map((step) => [step.status, step.message])).toEqual([
      ['passed', null],
      ['error', 'cancelled (the run was cancelled while this step was under way)'],
      ['skipped', 'not run (the run was cancelled)'],
    ]);
    expect(report.totals).toMatchObject({ errors: 1, skipped: 0 });
    const text = begun === undefined ? '' : formatScenario(begun, onDefault);
    expect(text).toMatch(/^! begun/);
    expect(text).toMatch(/! 2\. .*cancelled \(the run was cancelled while this step was under way\)/);
    const junit = junitReport(report);
    expect(junit).not.toContain('<skipped');
    expect(junit).toContain(
      '<error message="step 2 (line 5) wait 5s: cancelled (the run was cancelled while this step was under way)" type="Cancelled">',
    );
  });

  // A request cancelled once it was written whole may have been carried out: never "could not
  // be reached", as the record's own status (unanswered) and the builder say.
  it('says a request cancelled after it was sent may have been carried out', () => {
    const context = { profile: { fields: { environment: 'local' } } } as unknown as StepContext;
    const outcome = unreachedOutcome(
      context,
      { kind: 'cancelled_after_sending', message: 'Cancelled after the request was sent…' },
      [4],
    );
    expect(outcome.unreached).toBe(
      'No answer: it was sent, and may have been carried out (the run was cancelled while this step was under way)',
    );
    expect(outcome.sentUnanswered).toBe(true);
    expect(unreachedOutcome(context, { kind: 'refused', message: 'Connection refused.' }, []).unreached).toBe(
      'the emulator could not be reached: Connection refused.',
    );
  });
});
