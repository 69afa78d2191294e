import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { seededEvent, writeEvents } from '../fixtures/seed-events';
import {
  freePort,
  pointLocalProfile,
  startServedConsole,
  type ServedConsole,
} from '../fixtures/serve-process';
import { ProfilesPage } from '../pages/profiles-page';

// Records keep the name of the profile they were stored under, and the Profile filter goes by
// that name: a profile named "Staging" after a removed "Staging" showed the removed one's
// webhooks as its own, and nothing said so when the name was typed or saved.

const STAGING_RECORDS = 3;

let served: ServedConsole;
let dataDir = '';

test.beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cc-e2e-name-records-'));
  // Any free ports, as every other console of the suite takes: the two workers never collide.
  await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: `http://127.0.0.1:${await freePort()}` });
  const start = Date.now() - 60_000;
  // A removed "Staging" profile's webhooks, and one record of Sandbox's own.
  writeEvents(dataDir, [
    ...Array.from({ length: STAGING_RECORDS }, (_, n) => ({
      ...seededEvent(n, start + n * 1000),
      profileName: 'Staging',
    })),
    { ...seededEvent(STAGING_RECORDS, start + 10_000), profileName: 'Sandbox' },
    // Imported from another console's "QA" profile.
    { ...seededEvent(STAGING_RECORDS + 1, start + 20_000), profileName: 'QA', imported: true },
  ]);
  served = await startServedConsole({}, dataDir);
});
test.afterAll(async () => {
  await served.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const carried = (count: string, name: string) =>
  count.startsWith('1 ')
    ? `${count} already carries the name "${name}" (stored under an earlier profile of that name, or imported): the Profile filter and --profile will show it with this profile's.`
    : `${count} already carry the name "${name}" (stored under an earlier profile of that name, or imported): the Profile filter and --profile will show them with this profile's.`;

test('a name records already carry is said by the name field and at save, and still saved', async ({
  page,
}) => {
  await openConsole(page, served, '#/profiles');
  const profiles = new ProfilesPage(page);
  await profiles.profileInList('Sandbox').click();
  const form = profiles.form();
  const name = form.getByLabel('Name');
  await expect(name).toHaveValue('Sandbox');
  // Its own name (its own record) is no warning, in another case of A–Z either.
  await expect(name).toHaveAccessibleDescription('');
  await name.fill('SANDBOX');
  await expect(name).toHaveAccessibleDescription('');

  // Renamed to a name a removed profile's records carry: said as it is typed.
  await name.fill('staging');
  await expect(name).toHaveAccessibleDescription(carried('3 records', 'staging'));
  await name.fill('Sandbox');
  await expect(name).toHaveAccessibleDescription('');

  // A new profile under that name: said by the field, and again when it is saved, which it is.
  await page.getByRole('button', { name: 'New profile' }).click();
  await form.getByLabel('Name').fill('Staging');
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(carried('3 records', 'Staging'));
  await form.getByLabel('Base URL').fill('https://staging.example.test');
  await form.getByRole('button', { name: 'Create profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: carried('3 records', 'Staging') })).toBeVisible();
  await expect(profiles.profileInList('Staging')).toBeVisible();
  // Saved, it keeps its own name: the field says nothing more.
  await expect(form.getByRole('button', { name: 'Save profile' })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('');

  // A rename saved: said at save, and the field, now the profile's own name, says nothing.
  await profiles.profileInList('Live').click();
  await expect(form.getByLabel('Name')).toHaveValue('Live');
  await form.getByLabel('Name').fill('QA');
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription(carried('1 record', 'QA'));
  await form.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: carried('1 record', 'QA') })).toBeVisible();
  await expect(profiles.profileInList('QA')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('');
});
