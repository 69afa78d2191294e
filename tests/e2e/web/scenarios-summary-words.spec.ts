import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { cliPath } from '../fixtures/serve-process';
import { ScenariosPage } from '../pages/scenarios-page';

// The view's summary of a run counted a scenario that could not run (error) as failed ("1
// passed, 2 failed in 0.0 s") where `test` and `runs` said "1 passed, 1 failed, 1 error in
// 12 ms". It now says the run in the same words and time as they print.
test("a run's summary in the Scenarios view says what `runs` prints for it", async ({ page, served }) => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-summary-'));
  try {
    writeFileSync(join(folder, 'a-passes.yaml'), 'name: passes\nsteps:\n  - step: wait\n    for: 1ms\n');
    writeFileSync(
      join(folder, 'b-fails.yaml'),
      'name: fails\nsteps:\n  - step: checkout\n    sample: { country: SA }\n    expect: { status: 201 }\n',
    );
    writeFileSync(
      join(folder, 'c-errors.yaml'),
      // An order from an environment variable that is not set: the step errs when the run reaches
      // it (with no order at all, the file is refused when read).
      "name: errors\nsteps:\n  - step: operation\n    operation: getOrder\n    order: '${env.CC_E2E_NOT_SET}'\n",
    );
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(3);
    await scenarios.runAll();
    await expect(scenarios.summary()).toBeVisible({ timeout: 30_000 });
    const printed = execFileSync(process.execPath, [cliPath, '--data-dir', served.dataDir, 'runs', '1'], {
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    }).toString();
    const words = /^3 scenarios: (.+); stored as run #1$/m.exec(printed)?.[1];
    expect(words).toMatch(/^1 passed, 1 failed, 1 error in /);
    await expect(scenarios.summary()).toContainText(words ?? 'missing');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// After Cancel run, the summary read "0 passed, 0 failed, 2 skipped in 2.6 s", where `runs`
// (and `test`) end the same run with "(cancelled)": the words of how a run ended have one owner.
test("a cancelled run's summary says it was cancelled, as `runs` prints it", async ({ page, served }) => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-e2e-cancelled-'));
  try {
    writeFileSync(join(folder, 'a-waits.yaml'), 'name: waits\nsteps:\n  - step: wait\n    for: 60s\n');
    writeFileSync(join(folder, 'b-waits.yaml'), 'name: waits too\nsteps:\n  - step: wait\n    for: 60s\n');
    await openConsole(page, served, '#/scenarios');
    const scenarios = new ScenariosPage(page);
    await scenarios.openFolder(folder);
    await expect(page.getByTestId('scenario-card')).toHaveCount(2);
    await scenarios.runAll();
    await expect(scenarios.card('waits').first()).toHaveAttribute('data-status', 'running');
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await expect(scenarios.summary()).toBeVisible({ timeout: 30_000 });
    const printed = execFileSync(process.execPath, [cliPath, '--data-dir', served.dataDir, 'runs', '1'], {
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    }).toString();
    const words = /^2 scenarios: (.+); stored as run #1$/m.exec(printed)?.[1];
    expect(words).toMatch(/^0 passed, 0 failed, 2 skipped in .+ \(cancelled\)$/);
    await expect(scenarios.summary()).toContainText(words ?? 'missing');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
