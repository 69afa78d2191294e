import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConsole } from '../../../src/main/app';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startFakeCheckoutService, type FakeCheckoutService } from '../fixtures/fake-checkout-service';
import { pointLocalProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { ProfilesPage } from '../pages/profiles-page';

/** A console whose Sandbox profile is set up against a fake service on 127.0.0.1. */
const test = base.extend<{ sandbox: { served: ServedConsole; fake: FakeCheckoutService } }>({
  sandbox: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-first-run-sandbox-'));
    const fake = await startFakeCheckoutService();
    await pointLocalProfile(dataDir, { listenerPort: 0 });
    const core = await createConsole({ dataDir, frontDoor: 'cli', keychain: 'off' });
    try {
      const sandbox = core.profiles.findByName('Sandbox');
      if (sandbox === undefined) throw new Error('A fresh data directory has no Sandbox profile');
      const result = await core.dispatcher(
        'updateProfile',
        {
          id: sandbox.id,
          fields: { baseUrl: fake.url, listenerPort: 0 },
          apiToken: { action: 'set', value: 'first-run-sandbox-token' },
          notificationToken: { action: 'keep' },
        },
        { transport: 'direct' },
      );
      if (!result.ok) throw new Error(result.error.message);
      // The profile named Local is the one the emulator stands in for (pickLocalProfile), even
      // behind another local profile: the guide offered the first local one ('Switch to Emulator').
      const local = core.profiles.findByName('Local');
      if (local === undefined) throw new Error('A fresh data directory has no Local profile');
      const direct = { transport: 'direct' } as const;
      const copied = await core.dispatcher('duplicateProfile', { id: local.id, name: 'Local 2' }, direct);
      if (!copied.ok) throw new Error(copied.error.message);
      const copy = core.profiles.findByName('Local 2');
      if (copy === undefined) throw new Error('No copy of Local');
      for (const [id, name] of [
        [local.id, 'Emulator'],
        [copy.id, 'Local'],
      ] as const) {
        const renamed = await core.dispatcher('updateProfile', { id, fields: { name } }, direct);
        if (!renamed.ok) throw new Error(renamed.error.message);
      }
    } finally {
      await core.close();
    }
    const served = await startServedConsole({}, dataDir);
    await use({ served, fake });
    await served.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

// The guide is the way through the emulator. A send to Sandbox ticked "Send to Local" and told
// the user to pay on the checkout page so that "the emulator then sends order_approved".
test('a send to Sandbox does not tick "Send to Local": the guide says where it went and offers Local', async ({
  page,
  sandbox,
}) => {
  await openConsole(page, sandbox.served);
  await new ProfilesPage(page).switcherButton('Sandbox').click();
  const guide = page.getByTestId('first-run-guide');
  await guide.getByRole('button', { name: 'Fill with a sample' }).click();
  await expect(guide).toHaveAttribute('data-step', '1');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  expect(sandbox.fake.orderIds).toHaveLength(1);
  await expect(guide).toHaveAttribute('data-step', '1');
  await expect(guide.getByRole('listitem').filter({ hasText: 'Send to Local' })).toHaveAttribute(
    'data-status',
    'current',
  );
  await expect(page.getByTestId('first-run-next')).toContainText(
    'The last send went to Sandbox, not the emulator.',
  );
  await expect(page.getByTestId('first-run-next')).not.toContainText('The emulator then sends');
  await expect(guide.getByRole('button', { name: 'Switch to Local' })).toBeVisible();
});
