import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { pointLocalProfile, startServedConsole, type ServedConsole } from '../fixtures/serve-process';
import { postNotification } from '../pages/order-flow';
import { CommandPalette } from '../pages/command-palette';
import { OrdersPage } from '../pages/orders-page';
import { ProfilesPage } from '../pages/profiles-page';
import { TimelinePage } from '../pages/timeline-page';
import { closeTabAnsweringStay } from '../fixtures/close-tab';

const NOTIFICATION_TOKEN = 'leave-guard-e2e-secret';
const ORDER_ID = '3f2b8c1d-5e6a-4b7c-9d0e-1f2a3b4c5d6e';
const REFERENCE = 'REF-LEAVE-GUARD';

// docs/settings.md: while an operation editor holds edits not yet sent, a shortcut or palette
// entry that would change the view asks first ("Leave the capture editor?"); the edits were lost
// silently. Switching the profile leaves nothing: the editor keeps its own.

const test = base.extend<{ notified: ServedConsole }>({
  notified: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-leave-guard-'));
    await pointLocalProfile(dataDir, { listenerPort: 0, notificationToken: NOTIFICATION_TOKEN });
    const served = await startServedConsole({}, dataDir);
    await use(served);
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

async function openCaptureEditor(
  page: Page,
  notified: ServedConsole,
  typed: string | null = '{"typed": "by hand"}',
) {
  await openConsole(page, notified, '#/listener');
  const listener = await page.getByTestId('listener-url').textContent();
  if (listener === null || listener === '') throw new Error('The listener shows no URL.');
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(NOTIFICATION_TOKEN));
  for (const eventType of ['order_approved', 'order_authorised']) {
    await postNotification(
      listener,
      token,
      JSON.stringify({
        order_id: ORDER_ID,
        order_reference_id: REFERENCE,
        order_number: '1001',
        event_type: eventType,
        data: [],
      }),
    );
  }
  const orders = new OrdersPage(page);
  await orders.open();
  await orders.row(REFERENCE).click();
  await orders.action('Capture').click();
  const editor = orders.editor();
  await expect(editor.getByLabel('URL')).not.toHaveValue('');
  const body = editor.getByRole('textbox', { name: 'Body' });
  if (typed !== null) await body.fill(typed);
  return { editor, body };
}

test('a shortcut or the palette that would leave an edited editor asks first; Stay keeps the edits', async ({
  page,
  notified,
}) => {
  const { editor, body } = await openCaptureEditor(page, notified);
  const ask = page.getByRole('dialog', { name: 'Leave the capture editor?' });
  const palette = new CommandPalette(page);

  for (const leave of [
    () => page.keyboard.press('Control+L'),
    () => page.keyboard.press('Control+,'),
    async () => {
      await page.keyboard.press('Control+K');
      await palette.expectOpen();
      await palette.choose('settings', /^Settings/);
    },
  ]) {
    await body.click();
    await leave();
    await expect(ask).toBeVisible();
    await expect(ask).toContainText('Your edits in the capture editor are not sent');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/#\/orders\?id=/);
    await expect(editor.getByRole('textbox', { name: 'Body' })).toHaveValue('{"typed": "by hand"}');
  }

  // Agreed to, the shortcut does what it says: the Timeline, its filter focused.
  await body.click();
  await page.keyboard.press('Control+L');
  await ask.getByRole('button', { name: 'Leave and lose the edits' }).click();
  await expect(page).toHaveURL(/#\/timeline$/);
  await expect(new TimelinePage(page).search()).toBeFocused();
});

test('an editor with nothing edited is left without a question', async ({ page, notified }) => {
  const { body } = await openCaptureEditor(page, notified, null);
  await body.click();
  await page.keyboard.press('Control+,');
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("Ctrl+2 under an edited editor switches the active profile but not the editor's", async ({
  page,
  notified,
}) => {
  const { editor, body } = await openCaptureEditor(page, notified);
  await body.click();
  await page.keyboard.press('Control+2');
  await expect(new ProfilesPage(page).activeBadge()).toHaveText('Sandbox');
  // Nothing is left: the editor stays, with its edits, sending to the order's own profile.
  await expect(editor.getByRole('textbox', { name: 'Body' })).toHaveValue('{"typed": "by hand"}');
  await expect(editor.getByLabel('Profile', { exact: true })).toHaveValue('Local · local');
  await expect(page.getByRole('dialog', { name: /^Leave/ })).toHaveCount(0);
});

// The browser's Back closed an edited editor without a word (the address changed, and the view
// with it): it asks as a shortcut does, and the address stays on the view still shown.
test("the browser's Back under an edited editor asks first; Stay keeps the edits and the address", async ({
  page,
  notified,
}) => {
  const { editor } = await openCaptureEditor(page, notified);
  const shownAt = page.url();
  const ask = page.getByRole('dialog', { name: 'Leave the capture editor?' });
  await page.goBack();
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Stay' }).click();
  await expect(ask).toBeHidden();
  expect(page.url()).toBe(shownAt);
  await expect(editor.getByRole('textbox', { name: 'Body' })).toHaveValue('{"typed": "by hand"}');

  // Agreed to, Back goes where it went: the page before the order was opened.
  await page.goBack();
  await ask.getByRole('button', { name: 'Leave and lose the edits' }).click();
  await expect(page).not.toHaveURL(shownAt);
  await expect(editor).toBeHidden();
});

// Closing or reloading the tab under an edited editor lost the edits without a word (only the
// builder's unsaved edits held the tab): the browser asks first, and staying keeps them.
test('closing the tab under an edited editor asks first; staying keeps the edits', async ({
  page,
  notified,
}) => {
  const { editor } = await openCaptureEditor(page, notified);
  expect(await closeTabAnsweringStay(page)).toBe('beforeunload');
  expect(page.isClosed()).toBe(false);
  await expect(editor.getByRole('textbox', { name: 'Body' })).toHaveValue('{"typed": "by hand"}');
});

test('an editor with nothing edited lets the tab close unasked', async ({ page, notified }) => {
  await openCaptureEditor(page, notified, null);
  let asked = false;
  page.on('dialog', (dialog) => {
    asked = true;
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => page.isClosed()).toBe(true);
  expect(asked).toBe(false);
});

// The profile form's edits, a typed replacement token among them, were dropped without a word by
// Ctrl+, or a click on another profile: it asks as an operation editor does, and staying keeps
// them; closing the tab asks too.
test('an edited profile form asks before another profile, a shortcut or a closed tab drops it', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/profiles');
  const profiles = new ProfilesPage(page);
  await profiles.profileInList('Sandbox').click();
  const form = page.getByRole('form', { name: 'Edit profile Sandbox' });
  await form.getByLabel('Base URL').fill('https://sandbox.merchant.test');
  await profiles.setSecret('API token', 'sk_test_typed_not_saved');
  // Said beside Save, as the emulator's and the listener's settings say it.
  await expect(form.getByText('Unsaved changes', { exact: true })).toBeVisible();
  const ask = page.getByRole('dialog', { name: 'Leave the profile editor?' });

  for (const leave of [
    () => page.keyboard.press('Control+,'),
    () => profiles.profileInList('Live').click(),
  ]) {
    await leave();
    await expect(ask).toContainText('Your edits in the profile editor are not saved');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/#\/profiles/);
    await expect(form.getByLabel('Base URL')).toHaveValue('https://sandbox.merchant.test');
    await expect(form.getByLabel('API token', { exact: true })).toHaveValue('sk_test_typed_not_saved');
  }
  expect(await closeTabAnsweringStay(page)).toBe('beforeunload');

  // Agreed to, the other profile is shown.
  await profiles.profileInList('Live').click();
  await ask.getByRole('button', { name: 'Leave and lose the edits' }).click();
  await expect(page.getByRole('form', { name: 'Edit profile Live' })).toBeVisible();
});
