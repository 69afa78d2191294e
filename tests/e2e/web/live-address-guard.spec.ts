import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startFakeCheckoutService, type FakeCheckoutService } from '../fixtures/fake-checkout-service';
import { cliPath, pointProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { ProfilesPage } from '../pages/profiles-page';

/** A served console whose Live profile is set up on a fake service on 127.0.0.1 ("production"). */
const test = base.extend<{ setup: { served: ServedConsole; fake: FakeCheckoutService } }>({
  setup: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-live-address-e2e-'));
    const fake = await startFakeCheckoutService();
    await pointProfile(dataDir, 'Live', { baseUrl: fake.url, apiToken: 'live-address-e2e-token' });
    const served = await startServedConsole({}, dataDir);
    await use({ served, fake });
    await served.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

// Judged by its label only, a duplicate of Live set to Sandbox sent to production unasked, and
// its form said nothing: it keeps Live's base URL and API token.
test('a duplicate of Live set to Sandbox is warned of in its form', async ({ page, setup }) => {
  await openConsole(page, setup.served, '#/profiles');
  const profiles = new ProfilesPage(page);
  await profiles.profileInList('Live').click();
  await expect(page.getByRole('heading', { name: 'Live', level: 4 })).toBeVisible();
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: 'Live copy', level: 4 })).toBeVisible();
  const form = profiles.form();
  const warning = form.getByTestId('live-address-warning');
  // Live itself, and its copy while live, need no word: a live profile is asked as such.
  await expect(warning).toHaveCount(0);
  await form.getByRole('radiogroup', { name: 'Environment' }).getByText('Sandbox', { exact: true }).click();
  await expect(warning).toContainText(`the base URL of the LIVE profile "Live" (${setup.fake.url})`);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Saved profile "Live copy"')).toBeVisible();
  await expect(warning).toBeVisible();
  // The list marks it too (only its form did): one row, the copy's, not Live's own.
  const marked = page.getByRole('navigation', { name: 'Profiles' }).getByTestId('profile-live-address');
  await expect(marked).toHaveCount(1);
  await expect(
    page.getByRole('navigation', { name: 'Profiles' }).getByRole('button', { name: /^Live copy/ }),
  ).toContainText('live address');
});

test("a Sandbox on Live's address, spelled another way, asks before its send as Live does", async ({
  page,
  setup,
}) => {
  await openConsole(page, setup.served, '#/profiles');
  const profiles = new ProfilesPage(page);
  await profiles.profileInList('Sandbox').click();
  await expect(page.getByRole('heading', { name: 'Sandbox', level: 4 })).toBeVisible();
  const form = profiles.form();
  await form.getByLabel('Base URL').fill(setup.fake.url.replace('127.0.0.1', 'localhost'));
  await profiles.setSecret('API token', 'sandbox-e2e-token-0001');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Saved profile "Sandbox"')).toBeVisible();

  await profiles.switcherButton('Sandbox').click();
  await expect(profiles.activeBadge()).toHaveText('Sandbox');
  // Active, it is marked as Live is: the red header and the banner saying where its calls go.
  await expect(page.locator('header')).toHaveAttribute('data-live', 'true');
  await expect(page.getByTestId('live-banner')).toContainText(
    `Sandbox is a sandbox profile, but talks to production: its base URL is the base URL of the LIVE profile "Live" (${setup.fake.url})`,
  );
  await expect(profiles.switcherButton('Sandbox')).toContainText('live address');
  await openConsole(page, setup.served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const send = page.getByRole('button', { name: /^Send to Sandbox/ });
  await send.click();
  const confirmation = page.getByRole('dialog', { name: 'Send to LIVE profile "Live"?' });
  await expect(confirmation).toContainText(
    `"Sandbox" is not live, but this call goes to the base URL of the LIVE profile "Live" (${setup.fake.url})`,
  );
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  expect(setup.fake.received).toHaveLength(0);
  // Said as what happened, not left to the last answer (or "Nothing sent yet") to stand for it.
  await expect(page.getByTestId('send-error')).toHaveText('Not sent: the live confirmation was cancelled');

  await send.click();
  await confirmation.getByRole('button', { name: 'Yes, send to production' }).click();
  await expect(page.getByTestId('checkout-created')).toBeVisible();
  expect(setup.fake.received).toHaveLength(1);
});

// A replay to Live's address asked first; the Listener's Forward to and Check endpoint sent there
// unasked (every webhook forwarded, the battery's signed requests): each asks as Replay does.
test("Forward to and Check endpoint on Live's address, spelled another way, ask as Replay does", async ({
  page,
  setup,
}) => {
  await openConsole(page, setup.served, '#/listener');
  const url = `${setup.fake.url.replace('127.0.0.1', 'localhost')}/hooks`;
  const form = page.getByRole('form', { name: 'Listener settings' });
  await form.getByLabel('Forward to').fill(url);
  await page.getByRole('button', { name: 'Save listener settings' }).click();
  const forward = page.getByRole('dialog', { name: 'Forward to a LIVE profile?' });
  await expect(forward).toContainText(
    `Every webhook the listener receives goes on to ${url}, a production address.`,
  );
  await forward.getByRole('button', { name: 'Cancel' }).click();
  await expect(forward).toBeHidden();
  await expect(page.getByRole('button', { name: 'Check endpoint' })).toBeDisabled();

  await page.getByRole('button', { name: 'Save listener settings' }).click();
  await forward.getByRole('button', { name: 'Yes, forward to production' }).click();
  await expect(page.getByText('Listener settings saved')).toBeVisible();

  await page.getByRole('button', { name: 'Check endpoint' }).click();
  const check = page.getByRole('dialog', { name: 'Check an endpoint of a LIVE profile?' });
  await expect(check).toContainText(`The battery’s signed requests go to ${url}, a production address.`);
  await check.getByRole('button', { name: 'Cancel' }).click();
  await expect(check).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Check the merchant endpoint' })).toHaveCount(0);
  expect(setup.fake.received).toEqual([]);

  await page.getByRole('button', { name: 'Check endpoint' }).click();
  await check.getByRole('button', { name: 'Yes, check production' }).click();
  await expect(page.getByTestId('check-summary')).toBeVisible({ timeout: 30_000 });
  expect(setup.fake.received.length).toBeGreaterThan(0);
});

// The dialog named Live at one address; `profiles set Live --base-url …` from a terminal while it
// was open, and the yes sent to the new address, the dialog still naming the old one.
test('a live yes is refused when the address changed under the dialog; nothing goes anywhere', async ({
  page,
  setup,
}) => {
  const moved = await startFakeCheckoutService();
  try {
    await openConsole(page, setup.served, '#/profiles');
    const profiles = new ProfilesPage(page);
    await profiles.switcherButton('Live').click();
    await expect(profiles.activeBadge()).toContainText('Live');
    await openConsole(page, setup.served, '#/builder');
    await page.getByRole('button', { name: 'Sample', exact: true }).click();
    await page.getByRole('button', { name: /^Send to Live/ }).click();
    const confirmation = page.getByRole('dialog', { name: 'Send to LIVE profile "Live"?' });
    await expect(confirmation).toContainText(`will reach the production service at ${setup.fake.url}`);

    await promisify(execFile)(
      process.execPath,
      [cliPath, '--data-dir', setup.served.dataDir, 'profiles', 'set', 'Live', '--base-url', moved.url],
      { env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' } },
    );
    await expect(confirmation).toContainText(setup.fake.url);
    await confirmation.getByRole('button', { name: 'Yes, send to production' }).click();
    await expect(
      page.getByText(
        `Live's address changed to ${moved.url} after you confirmed ${setup.fake.url}; nothing was sent.`,
      ),
    ).toBeVisible();
    await expect(page.getByTestId('send-error')).toContainText(
      "Not sent: the profile's address or token changed since you confirmed; confirm again",
    );
    expect(moved.received).toHaveLength(0);
    expect(setup.fake.received).toHaveLength(0);
  } finally {
    await moved.close();
  }
});
