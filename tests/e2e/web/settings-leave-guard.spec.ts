import type { Locator, Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { openEmulatorSettings } from '../pages/emulator-settings';

// docs/settings.md: a settings form keeps its edits until Save. A change shown as made, then left
// by another view (or a reload), was lost without a word; now the form says "Unsaved changes" and
// leaving asks first ("Leave the emulator settings?"), as the profile editor does.

const goTo = (page: Page, view: 'Listener' | 'Emulator') =>
  page.getByRole('navigation', { name: 'Main' }).getByText(view, { exact: true }).click();

/** Edits made in `form`: leaving asks, Stay keeps them, and once saved the view is left unasked. */
async function expectAskedUntilSaved(
  page: Page,
  {
    form,
    what,
    away,
    save,
    saved,
    kept,
  }: {
    form: Locator;
    what: string;
    away: 'Listener' | 'Emulator';
    save: Locator;
    saved: string;
    kept: () => Promise<void>;
  },
) {
  const here = page.url();
  const mark = form.getByText('Unsaved changes', { exact: true });
  await expect(mark).toBeVisible();
  await goTo(page, away);
  const ask = page.getByRole('dialog', { name: `Leave ${what}?` });
  await expect(ask).toContainText(`Your edits in ${what} are not saved`);
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  expect(page.url()).toBe(here);
  await kept();
  await save.click();
  await expect(page.getByText(saved).first()).toBeVisible();
  await expect(mark).toBeHidden();
}

test('edited emulator settings say so and ask before the view is left; saved, they do not', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/emulator');
  const retries = await openEmulatorSettings(page, 'Settings: retries and faults');
  const attempts = retries.getByLabel('Attempts per notification');
  await attempts.fill('4');
  await expectAskedUntilSaved(page, {
    form: retries,
    what: 'the emulator settings',
    away: 'Listener',
    save: retries.getByRole('button', { name: 'Save settings' }),
    saved: 'Emulator settings saved',
    kept: () => expect(attempts).toHaveValue('4'),
  });

  const spec = await openEmulatorSettings(page, 'Settings: where the spec is open');
  const single = spec.getByLabel('Single checkout (education form)');
  const checked = !(await single.isChecked());
  await single.click();
  await expectAskedUntilSaved(page, {
    form: spec,
    what: 'the emulator settings',
    away: 'Listener',
    save: spec.getByRole('button', { name: 'Save settings' }),
    saved: 'Emulator settings saved',
    kept: () => expect(single).toBeChecked({ checked }),
  });
  await goTo(page, 'Listener');
  await expect(page).toHaveURL(/#\/listener$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('edited listener settings say so and ask before the view is left; saved, they do not', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const form = page.getByRole('form', { name: 'Listener settings' });
  const status = form.getByLabel('Response status');
  await status.fill('503');
  await expectAskedUntilSaved(page, {
    form,
    what: 'the listener settings',
    away: 'Emulator',
    save: form.getByRole('button', { name: 'Save listener settings' }),
    saved: 'Listener settings saved',
    kept: () => expect(status).toHaveValue('503'),
  });
  await goTo(page, 'Emulator');
  await expect(page).toHaveURL(/#\/emulator$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
