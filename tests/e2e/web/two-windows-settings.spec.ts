import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import type { ServedConsole } from '../fixtures/serve-process';
import { openEmulatorSettings } from '../pages/emulator-settings';
import { toFront } from '../fixtures/front-tab';

// Two windows (tabs) of one console on the same settings: a save carries only what its window
// changed, a field changed in the other window meanwhile shows up in a form that did not edit it,
// and the same field changed in both is the person's to overwrite or not.

async function emulatorSettings(page: Page, served: ServedConsole) {
  await toFront(page);
  await openConsole(page, served, '#/emulator');
  await openEmulatorSettings(page, 'Settings: where the spec is open');
  await openEmulatorSettings(page, 'Settings: retries and faults');
  return {
    spec: page.getByTestId('emulator-spec-settings'),
    retries: page.getByTestId('emulator-retries-settings'),
  };
}

/** The emulator's settings open in this page and in a second one of the same console. */
async function twoEmulatorWindows(page: Page, served: ServedConsole) {
  const first = await emulatorSettings(page, served);
  const other = await page.context().newPage();
  return { first, other, second: await emulatorSettings(other, served) };
}

test("the emulator's settings: each window saves only its edits, and sees the other's in fields it did not edit", async ({
  page,
  served,
}) => {
  const { first, other, second } = await twoEmulatorWindows(page, served);

  // The first window starts an edit; the second saves another field of the same form, and of the other form.
  await first.spec.getByLabel('Registered webhook URL').fill('https://hooks.example.test/first');
  await second.spec.getByLabel('Public URL').fill('https://emulator.example.test');
  await second.spec.getByRole('button', { name: 'Save settings' }).click();
  await expect(other.getByText('Emulator settings saved')).toBeVisible();
  await second.retries.getByLabel('Timeout per attempt (ms)').fill('5000');
  await second.retries.getByRole('button', { name: 'Save settings' }).click();

  // Shown in the first window at once, without a reload; its own edit stays as typed.
  await expect(first.spec.getByLabel('Public URL')).toHaveValue('https://emulator.example.test');
  await expect(first.retries.getByLabel('Timeout per attempt (ms)')).toHaveValue('5000');
  await expect(first.spec.getByLabel('Registered webhook URL')).toHaveValue(
    'https://hooks.example.test/first',
  );

  // Its saves undo nothing of the second window's.
  await toFront(page);
  await first.spec.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await first.retries.getByLabel('Attempts per notification').fill('5');
  await first.retries.getByRole('button', { name: 'Save settings' }).click();
  await expect(second.retries.getByLabel('Attempts per notification')).toHaveValue('5');
  // As stored: a fresh load shows both windows' saves.
  const after = await emulatorSettings(page, served);
  await expect(after.spec.getByLabel('Public URL')).toHaveValue('https://emulator.example.test');
  await expect(after.spec.getByLabel('Registered webhook URL')).toHaveValue(
    'https://hooks.example.test/first',
  );
  await expect(after.retries.getByLabel('Timeout per attempt (ms)')).toHaveValue('5000');
  await expect(after.retries.getByLabel('Attempts per notification')).toHaveValue('5');
});

test('the same emulator setting changed in two windows: the later save asks, Keep editing saves nothing, Overwrite does', async ({
  page,
  served,
}) => {
  const { first, other, second } = await twoEmulatorWindows(page, served);

  await first.spec.getByLabel('Public URL').fill('https://first.example.test');
  await second.spec.getByLabel('Public URL').fill('https://second.example.test');
  await second.spec.getByRole('button', { name: 'Save settings' }).click();
  await expect(other.getByText('Emulator settings saved')).toBeVisible();
  // The first window's edit is not replaced by the push.
  await expect(first.spec.getByLabel('Public URL')).toHaveValue('https://first.example.test');

  await toFront(page);
  await first.spec.getByRole('button', { name: 'Save settings' }).click();
  const asked = page.getByRole('dialog', { name: 'Emulator settings changed elsewhere' });
  await expect(asked.getByTestId('changed-elsewhere-fields')).toHaveText('Public URL');
  await asked.getByRole('button', { name: 'Keep editing' }).click();
  await expect(asked).toHaveCount(0);
  await expect(first.spec.getByLabel('Public URL')).toHaveValue('https://first.example.test');
  await expect(second.spec.getByLabel('Public URL')).toHaveValue('https://second.example.test');

  await first.spec.getByRole('button', { name: 'Save settings' }).click();
  await page
    .getByRole('dialog', { name: 'Emulator settings changed elsewhere' })
    .getByRole('button', { name: 'Overwrite' })
    .click();
  await expect(page.getByText('Emulator settings saved')).toBeVisible();
  await expect(second.spec.getByLabel('Public URL')).toHaveValue('https://first.example.test');
});

test('listener settings: a window keeps its edit when the other saves, shows the other field, and asks before overwriting the same one', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const other = await page.context().newPage();
  await openConsole(other, served, '#/listener');
  const first = page.getByRole('form', { name: 'Listener settings' });
  const second = other.getByRole('form', { name: 'Listener settings' });

  await first.getByLabel('Response delay (ms)').fill('250');
  await second.getByLabel('Response status').fill('503');
  await second.getByRole('button', { name: 'Save listener settings' }).click();
  await expect(other.getByText('Listener settings saved')).toBeVisible();
  await expect(first.getByLabel('Response status')).toHaveValue('503');
  await expect(first.getByLabel('Response delay (ms)')).toHaveValue('250');
  await toFront(page);
  await first.getByRole('button', { name: 'Save listener settings' }).click();
  await expect(second.getByLabel('Response delay (ms)')).toHaveValue('250');
  await expect(second.getByLabel('Response status')).toHaveValue('503');

  // The same field in both: asked, and Keep editing leaves the other window's value stored.
  await first.getByLabel('Response status').fill('202');
  await second.getByLabel('Response status').fill('500');
  await toFront(other);
  await second.getByRole('button', { name: 'Save listener settings' }).click();
  await expect(first.getByLabel('Response status')).toHaveValue('202');
  await toFront(page);
  await first.getByRole('button', { name: 'Save listener settings' }).click();
  const asked = page.getByRole('dialog', { name: 'Listener settings changed elsewhere' });
  await expect(asked.getByTestId('changed-elsewhere-fields')).toHaveText('Response status');
  await asked.getByRole('button', { name: 'Keep editing' }).click();
  await openConsole(other, served, '#/listener');
  await expect(second.getByLabel('Response status')).toHaveValue('500');
});

test('retention: a policy saved in another window meanwhile is not replaced without asking', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/history');
  const other = await page.context().newPage();
  await openConsole(other, served, '#/history');
  const choose = async (tab: Page, mode: string) =>
    (await toFront(tab))
      .getByRole('radiogroup', { name: 'Retention' })
      .getByText(mode, { exact: true })
      .click();

  // This window is editing when the other saves: its edit stays, and its Save asks.
  await choose(page, 'Last N records');
  await choose(other, 'Last N days');
  await other.getByRole('button', { name: 'Save policy' }).click();
  await expect(other.getByText('Retention saved')).toBeVisible();
  await expect(
    page.getByRole('radiogroup', { name: 'Retention' }).getByRole('radio', { name: 'Last N records' }),
  ).toBeChecked();

  await toFront(page);
  await page.getByRole('button', { name: 'Save policy' }).click();
  const asked = page.getByRole('dialog', { name: 'Retention changed elsewhere' });
  await expect(asked.getByTestId('changed-elsewhere-fields')).toHaveText('Retention policy');
  await asked.getByRole('button', { name: 'Keep editing' }).click();
  await openConsole(other, served, '#/history');
  await expect(
    other.getByRole('radiogroup', { name: 'Retention' }).getByRole('radio', { name: 'Last N days' }),
  ).toBeChecked();
});

test('retention: a window not editing the policy shows one saved in another window, without a reload', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/history');
  const other = await page.context().newPage();
  await openConsole(other, served, '#/history');
  const retention = (tab: Page) => tab.getByRole('radiogroup', { name: 'Retention' });
  await expect(retention(page).getByRole('radio', { name: 'Keep everything' })).toBeChecked();
  await retention(other).getByText('Last N days', { exact: true }).click();
  await other.getByRole('textbox', { name: 'Days' }).fill('7');
  await other.getByRole('button', { name: 'Save policy' }).click();
  await expect(other.getByText('Retention saved')).toBeVisible();
  await expect(retention(page).getByRole('radio', { name: 'Last N days' })).toBeChecked();
  await expect(page.getByRole('textbox', { name: 'Days' })).toHaveValue('7');
});
