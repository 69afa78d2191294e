import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole, type ServedConsole } from '../e2e/fixtures/serve-process';
import { screenshotTaker } from './review-shots';

const out = (name: string) => join(projectRoot, 'docs', 'images', name);
// README_SHOTS=dir takes every view of the captured order in every size and theme there, for
// review; without it, the docs pictures.
const shootEach = screenshotTaker(process.env['README_SHOTS']);

test('builder', async ({ page }) => {
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/builder');
    await page.getByRole('button', { name: 'Sample for a country' }).click();
    await page.getByRole('menuitem', { name: 'Saudi Arabia (SA)' }).click();
    // Two deliberate mistakes, to show what the findings look like.
    const form = page.getByRole('form', { name: 'Checkout session request' });
    await form.getByRole('combobox', { name: 'Country', exact: true }).first().fill('AE');
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('');
    await page.getByTestId('error-count').filter({ hasText: '2 errors' }).waitFor();
    await page.screenshot({ path: out('builder.png') });
  } finally {
    await served.stop();
  }
});

test('profiles', async ({ page }) => {
  // A data directory of its own, so the Local profile shows its defaults (emulator on 4010,
  // listener on 4455) as a new user sees them, not the free ports the other pictures use.
  const dataDir = mkdtempSync(join(tmpdir(), 'cc-shots-'));
  const served = await startServedConsole({}, dataDir);
  try {
    await openConsole(page, served, '#/profiles');
    await page.screenshot({ path: out('profiles.png') });
  } finally {
    await served.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('command palette', async ({ page }) => {
  const served = await startServedConsole();
  try {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openConsole(page, served, '#/profiles');
    await page.keyboard.press('Control+K');
    await page.getByRole('dialog', { name: 'Command palette' }).getByRole('combobox').fill('pro');
    await page.getByRole('option', { name: /^Sandbox/ }).waitFor();
    // Let the modal finish fading in.
    await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCSS('opacity', '1');
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: out('command-palette.png') });
  } finally {
    await served.stop();
  }
});

/**
 * The README's quick start, done in the UI (Sample → Send to Local → Pay on the hosted page →
 * Authorise → Capture), then a picture of every view with that order's records in it.
 */
test.describe('a captured order, and every view', () => {
  test.describe.configure({ mode: 'serial' });
  let served: ServedConsole;
  let page: Page;
  let orderId = '';

  test.beforeAll(async ({ browser }) => {
    served = await startServedConsole();
    page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
    await openConsole(page, served, '#/builder');
    await page.getByRole('button', { name: 'Sample for a country' }).click();
    await page.getByRole('menuitem', { name: 'Saudi Arabia (SA)' }).click();
    await page.getByRole('button', { name: 'Send to Local' }).click();
    await expect(page.getByTestId('created-status')).toHaveText('new');
    orderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
    const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
    await page.goto(checkoutUrl);
    await expect(page.locator('#countdown')).toHaveText(/^\d+:\d\d$/);
    await page.screenshot({ path: out('checkout-page.png') });
    // Paid as a customer would: the page's Pay ends on the local merchant page.
    await page.locator('button[data-action="pay"]').click();
    await expect(page.getByTestId('landing-state')).toHaveText('approved');
    await page.screenshot({ path: out('emulator-merchant-page.png') });
    await openConsole(page, served, `#/orders?id=${orderId}`);
    await expect(page.getByTestId('order-state')).toHaveText('approved');
    for (const action of ['Authorise', 'Capture']) {
      await page.getByTestId('order-actions').getByRole('button', { name: action, exact: true }).click();
      const editor = page.getByRole('dialog');
      await expect(editor.getByLabel('URL')).not.toHaveValue('');
      await editor.getByRole('button', { name: `Send ${action.toLowerCase()}` }).click();
      await expect(editor.getByTestId('operation-answer')).toBeVisible();
      if (action === 'Capture') await page.screenshot({ path: out('operation-editor.png') });
      await editor.getByRole('button', { name: 'Close', exact: true }).click();
    }
    await expect(page.getByTestId('order-state')).toHaveText('fully captured');
  });

  test.afterAll(async () => {
    await page.close();
    await served.stop();
  });

  const shoot = (hash: string, name: string, ready: () => Promise<void>) =>
    shootEach(page, name.replace(/\.png$/, ''), async () => {
      await page.goto(`${served.origin}/${hash}`);
      await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
      await ready();
    });

  test('orders', async () => {
    await shoot(`#/orders?id=${orderId}`, 'orders.png', () =>
      expect(page.getByTestId('order-state')).toHaveText('fully captured'),
    );
  });

  test('timeline', async () => {
    await shoot('#/timeline', 'timeline.png', async () => {
      await expect(page.getByRole('table', { name: 'Timeline records' })).toHaveAttribute(
        'aria-busy',
        'false',
      );
      await page.getByTestId('timeline-row').filter({ hasText: 'webhook' }).first().click();
      await expect(page.getByTestId('token-verdict').first()).toBeVisible();
    });
  });

  test('listener', async () => {
    await shoot('#/listener', 'listener.png', () =>
      expect(page.getByTestId('listener-state')).toHaveText('listening'),
    );
  });

  test('emulator', async () => {
    await shoot('#/emulator', 'emulator.png', () =>
      expect(page.getByTestId('emulator-running')).toHaveText('running'),
    );
  });

  test('replay', async () => {
    await shoot(`#/replay?kind=webhook&order=${orderId}`, 'replay.png', () =>
      expect(page.getByTestId('replay-plan')).toBeVisible(),
    );
  });

  test('history', async () => {
    await shoot('#/history', 'history.png', () => expect(page.getByTestId('history-count')).toBeVisible());
  });

  test('jwt inspector', async () => {
    await page.goto(`${served.origin}/#/timeline?kind=webhook&event=order_captured`);
    const row = page.getByTestId('timeline-row').first();
    await expect(row).toBeVisible();
    const id = await row.getAttribute('data-id');
    await shoot(`#/jwt?event=${id ?? ''}`, 'jwt-inspector.png', async () => {
      await expect(page.getByText(`Arrived with webhook #${id ?? ''}`)).toBeVisible();
      // The verdict, not the spinner before it (the picture once showed the spinner).
      await expect(page.getByTestId('jwt-verdict').getByTestId('token-verdict')).toBeVisible();
    });
  });

  test('settings', async () => {
    await shoot('#/settings', 'settings.png', () =>
      expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible(),
    );
  });
});
