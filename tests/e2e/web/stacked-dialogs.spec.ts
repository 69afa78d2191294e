import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startFakeCheckoutService, type FakeCheckoutService } from '../fixtures/fake-checkout-service';
import {
  cliPath,
  pointProfile,
  projectRoot,
  startServedConsole,
  type ServedConsole,
} from '../fixtures/serve-process';
import { OrdersPage } from '../pages/orders-page';
import { ProfilesPage } from '../pages/profiles-page';

const run = promisify(execFile);
const env = { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' };
const REFERENCE = 'ORD-E2E-STACKED-1';

/**
 * A console with one order of the Live profile: the Live profile points at a fake service, and a
 * checkout is sent to it from a terminal (--yes-live) before the console is served.
 */
const test = base.extend<{ served: ServedConsole; fake: FakeCheckoutService }>({
  fake: async ({}, use) => {
    const fake = await startFakeCheckoutService();
    await use(fake);
    await fake.close();
  },
  served: async ({ fake }, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-stacked-e2e-'));
    const cli = (...args: string[]) =>
      run(process.execPath, [cliPath, '--data-dir', dataDir, ...args], { env });
    await pointProfile(dataDir, 'Live', { baseUrl: fake.url, apiToken: 'stacked-e2e-live-token' });
    const payload = JSON.parse(
      readFileSync(join(projectRoot, 'tests/fixtures/general-valid.json'), 'utf8'),
    ) as Record<string, unknown>;
    const file = join(dataDir, 'live-order.json');
    writeFileSync(file, JSON.stringify({ ...payload, order_reference_id: REFERENCE }));
    await cli('send', file, '--profile', 'Live', '--yes-live', '--json');
    const served = await startServedConsole({}, dataDir);
    await use(served);
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

test('Escape on the live confirmation closes only it: the editor under it stays, with its body', async ({
  page,
  served,
  fake,
}) => {
  const orders = new OrdersPage(page);
  await openConsole(page, served);
  await orders.open();
  await orders.row(REFERENCE).click();
  await orders.action('Get order').click();
  const editor = page.getByRole('dialog', { name: /^Get order/ });
  await expect(editor.getByRole('combobox', { name: 'Profile' })).toHaveValue('Live · live');
  const body = editor.getByLabel('Body');
  await body.fill('{"kept": "as typed"}');
  const received = fake.received.length;

  // The confirmation names the address the call goes to: the URL as the editor holds it.
  const url = await editor.getByLabel('URL').inputValue();
  expect(url).toContain(fake.url);
  await editor.getByRole('button', { name: 'Send get order' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Send to LIVE profile "Live"?' });
  await expect(confirmation).toContainText(`Get order of order`);
  await expect(confirmation).toContainText(`will reach the production service at ${url}.`);
  // Ctrl+2 under the confirmation switches nothing: the top bar stays as it was while it asks.
  const activeBadge = new ProfilesPage(page).activeBadge();
  await expect(activeBadge).toHaveText('Local');
  await page.keyboard.press('ControlOrMeta+2');
  await expect(confirmation).toBeVisible();
  await expect(activeBadge).toHaveText('Local');
  // Nor does the palette: it opened over the question and switched the profile it named.
  await page.keyboard.press('ControlOrMeta+K');
  await expect(confirmation).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
  await expect(activeBadge).toHaveText('Local');
  await page.keyboard.press('Escape');
  await expect(confirmation).toBeHidden();
  // The dialog under it is still open, with what was typed; nothing was sent.
  await expect(editor).toBeVisible();
  await expect(body).toHaveValue('{"kept": "as typed"}');
  expect(fake.received.length).toBe(received);

  // So does the palette opened over the editor.
  await page.keyboard.press('ControlOrMeta+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(palette).toBeHidden();
  await expect(editor).toBeVisible();
  await expect(body).toHaveValue('{"kept": "as typed"}');

  // A dropdown open in the editor takes its own Escape: the list closes, the editor stays.
  await editor.getByRole('combobox', { name: 'Profile' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(editor).toBeVisible();

  // The next Escape is the editor's own: with the body edited and not sent, it asks first.
  await body.focus();
  await page.keyboard.press('Escape');
  await page
    .getByRole('dialog', { name: 'Discard unsaved changes?' })
    .getByRole('button', { name: 'Discard and close' })
    .click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
