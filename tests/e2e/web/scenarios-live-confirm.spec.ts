import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { startFakeCheckoutService } from '../fixtures/fake-checkout-service';
import { cliPath, pointProfile, startServedConsole } from '../fixtures/serve-process';
import { ProfilesPage } from '../pages/profiles-page';
import { ScenariosPage } from '../pages/scenarios-page';

// On a live profile, Run and Run all always sent confirmLive: false, and the view showed only
// "Could not run — … Confirm it in the UI": there was no dialog to confirm it in.
test('Run all on a live profile asks as the builder does; agreed, the run goes', async ({ page, served }) => {
  const folder = mkdtempSync(join(tmpdir(), 'cc-scenarios-live-e2e-'));
  writeFileSync(join(folder, 'a.yaml'), 'name: Only vars\nsteps:\n  - step: set\n    vars: { a: 1 }\n');
  try {
    await openConsole(page, served, '#/profiles');
    const profiles = new ProfilesPage(page);
    await profiles.switcherButton('Live').click();
    await expect(profiles.activeBadge()).toContainText('Live');
    const scenarios = new ScenariosPage(page);
    await scenarios.open();
    await scenarios.openFolder(folder);
    const card = scenarios.card('Only vars');
    await expect(card).toHaveCount(1);

    await scenarios.runAll();
    const confirmation = page.getByRole('dialog', { name: 'Send to LIVE profile "Live"?' });
    await expect(confirmation).toContainText('Running scenarios will reach the production service');
    await confirmation.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmation).toBeHidden();
    await expect(page.getByText('Could not run')).toHaveCount(0);
    await expect(card).not.toHaveAttribute('data-status', 'passed');

    await scenarios.runAll();
    await confirmation.getByRole('button', { name: 'Yes, send to production' }).click();
    await expect(card).toHaveAttribute('data-status', 'passed', { timeout: 30_000 });
    await expect(page.getByText('Could not run')).toHaveCount(0);
    // A set step checks nothing: the card says so, as `test` does, not a plain PASSED alone.
    await expect(card.getByTestId('scenario-no-checks')).toContainText('made no checks');
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

// Live active, Run asked about Live; `profiles use LiveB` from a terminal while it was open, and
// the yes ran on LiveB: a checkout created and cancelled on an account nobody was asked about.
test('a run confirmed for Live runs on Live, though another profile became active meanwhile', async ({
  page,
}) => {
  const live = await startFakeCheckoutService();
  const liveB = await startFakeCheckoutService();
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-scenarios-confirmed-e2e-'));
  const folder = join(dataDir, 'scenarios');
  const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };
  const cli = (...args: string[]) =>
    promisify(execFile)(process.execPath, [cliPath, '--data-dir', dataDir, ...args], { env });
  try {
    await pointProfile(dataDir, 'Live', {
      baseUrl: live.url,
      apiToken: 'confirmed-live-token',
      listenerPort: 0,
    });
    await cli(
      'profiles',
      'add',
      'LiveB',
      '--env',
      'live',
      '--base-url',
      liveB.url,
      '--api-token',
      'never-asked-liveb-token',
      '--listener-port',
      '0',
    );
    await cli('profiles', 'use', 'Live');
    mkdirSync(folder);
    writeFileSync(
      join(folder, 'a.yaml'),
      'name: One checkout\nsteps:\n  - step: checkout\n    sample: { country: SA }\n',
    );
    const served = await startServedConsole({}, dataDir);
    try {
      await openConsole(page, served, '#/scenarios');
      const profiles = new ProfilesPage(page);
      await expect(profiles.activeBadge()).toContainText('Live');
      const scenarios = new ScenariosPage(page);
      await scenarios.openFolder(folder);
      const card = scenarios.card('One checkout');
      await expect(card).toHaveCount(1);
      await scenarios.runAll();
      const confirmation = page.getByRole('dialog', { name: 'Send to LIVE profile "Live"?' });
      await expect(confirmation).toContainText(`will reach the production service at ${live.url}`);
      await cli('profiles', 'use', 'LiveB');
      await expect(profiles.activeBadge()).toContainText('LiveB');
      await confirmation.getByRole('button', { name: 'Yes, send to production' }).click();
      await expect(card).toHaveAttribute('data-status', /passed|failed/, { timeout: 30_000 });
      expect(liveB.received).toEqual([]);
      expect(live.received.map((request) => request.authorization)).toContain('Bearer confirmed-live-token');
    } finally {
      await served.stop();
    }
  } finally {
    await live.close();
    await liveB.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
