import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { droppableConnection } from '../fixtures/droppable-connection';
import { startFakeCheckoutService, type FakeCheckoutService } from '../fixtures/fake-checkout-service';
import { pointLocalProfile, startServedConsole } from '../fixtures/serve-process';
import { BuilderPage } from '../pages/builder-page';
import { JwtPage } from '../pages/jwt-page';
import { TimelinePage } from '../pages/timeline-page';
import { ProfilesPage } from '../pages/profiles-page';
import { closeTabAnsweringStay } from '../fixtures/close-tab';

/** A data directory whose Local profile sends to a fake service; the test starts serve itself. */
const test = base.extend<{ setup: { dataDir: string; fake: FakeCheckoutService } }>({
  setup: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-lost-tab-e2e-'));
    const fake = await startFakeCheckoutService();
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: fake.url, apiToken: 'lost-tab-token' });
    await use({ dataDir, fake });
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

test('a lost tab: a send while serve is down is never sent, a restarted console says how to get back in, and a new link brings it back', async ({
  page,
  setup,
}) => {
  const first = await startServedConsole({}, setup.dataDir);
  await openConsole(page, first, '#/builder');
  // The Local profile sends to the fake service, whose port the emulator cannot take: the
  // builder offers to start the emulator while the tab is connected.
  const emulatorNotice = page.getByTestId('emulator-stopped');
  await expect(emulatorNotice.getByRole('button', { name: 'Start the emulator' })).toBeVisible();
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByLabel('Fresh reference').check();

  await first.stop();
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toHaveAttribute('data-connection', 'closed');
  await expect(banner).toContainText('Reconnecting');

  // "Send to Local" while nothing answers: not sent, and the tab says so.
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('send-error')).toContainText('nothing was sent');

  // serve again on the same port and data directory, and a new link opened in this browser.
  const second = await startServedConsole({}, setup.dataDir, undefined, first.port);
  try {
    // The old tab does not resume on a process that never knew it, and says what to run.
    await expect(banner).toHaveAttribute('data-connection', 'refused', { timeout: 15_000 });
    await expect(banner).toContainText("This console was restarted; this tab's sign-in ended.");
    await expect(banner.getByTestId('open-command')).toHaveText(
      `npx checkout-console --data-dir ${setup.dataDir} open`,
    );
    // It offers only what can work from here: no Start for an emulator it cannot reach.
    await expect(emulatorNotice).toHaveCount(0);
    // Nothing it was told had failed went out after all.
    expect(setup.fake.orderIds).toEqual([]);

    // "Check again" before any new link: still signed out, and it says so.
    await banner.getByRole('button', { name: 'Check again' }).click();
    await expect(banner.getByTestId('recheck-words')).toHaveText(
      'Still signed out: open the new link first.',
    );

    // The new link opened in another tab of this browser; back on this tab, it looks again and
    // offers the reload that opens the console running now.
    const other = await page.context().newPage();
    await openConsole(other, second);
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(banner).toHaveAttribute('data-signed-in', 'true');
    await expect(banner.getByTestId('open-command')).toHaveCount(0);
    // The reload leaves edits this tab could not save; the browser asks first, and the test agrees.
    page.on('dialog', (dialog) => void dialog.accept());
    await banner.getByRole('button', { name: 'Reload this tab' }).click();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(page.getByTestId('connection-banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Send to Local' })).toBeEnabled();
  } finally {
    await second.stop();
  }
});

test('the Listener view: what failed while disconnected is not still said once the console answers again', async ({
  page,
  setup,
}) => {
  const served = await startServedConsole({}, setup.dataDir);
  try {
    const connection = await droppableConnection(page);
    await openConsole(page, served);
    await new JwtPage(page).listenerUrl();
    const form = page.getByRole('form', { name: 'Listener settings' });

    await connection.drop();
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-connection', 'closed');
    await page.getByRole('button', { name: 'Restart listener' }).click();
    await form.getByLabel('Response status').fill('503');
    await form.getByRole('button', { name: 'Save listener settings' }).click();
    await expect(page.getByText('The console is not connected; nothing was sent.')).toHaveCount(2);

    await connection.restore();
    await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 15_000 });
    // Connected again: no alert says it is not; the edit stays, to be saved now.
    await expect(page.getByText('The console is not connected; nothing was sent.')).toHaveCount(0);
    await expect(form.getByLabel('Response status')).toHaveValue('503');
    await form.getByRole('button', { name: 'Save listener settings' }).click();
    await expect(page.getByText('Listener settings saved')).toBeVisible();
  } finally {
    await served.stop();
  }
});

test('edits made while disconnected are said to be unsaved, and saved when the same console answers again', async ({
  page,
  setup,
}) => {
  const served = await startServedConsole({}, setup.dataDir);
  try {
    const connection = await droppableConnection(page);
    await openConsole(page, served, '#/builder');
    const builder = new BuilderPage(page);
    await page.getByRole('button', { name: 'Sample', exact: true }).click();
    await expect(page.locator('[data-working-copy="saved"]')).toBeVisible();

    await connection.drop();
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-connection', 'closed');
    await builder.field('Description', 'Order').fill('Typed while disconnected');
    await expect(page.getByTestId('working-copy-unsaved')).toContainText('Your edits are not being saved');
    await expect(page.locator('[data-working-copy]')).toHaveAttribute('data-working-copy', 'unsaved');
    // Closing the tab now would lose them: the browser asks first, and staying keeps the tab.
    expect(await closeTabAnsweringStay(page)).toBe('beforeunload');
    expect(page.isClosed()).toBe(false);

    await connection.restore();
    await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 15_000 });
    await expect(page.locator('[data-working-copy]')).toHaveAttribute('data-working-copy', 'saved');
    await expect(page.getByTestId('working-copy-unsaved')).toBeHidden();

    // Saved in the console, not only shown: a reload brings the edit back.
    await page.reload();
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await expect(builder.field('Description', 'Order')).toHaveValue('Typed while disconnected');
  } finally {
    await served.stop();
  }
});

test('a tab that gets its console back reloads what it shows: changes made meanwhile appear', async ({
  page,
  setup,
}) => {
  const served = await startServedConsole({}, setup.dataDir);
  try {
    const connection = await droppableConnection(page);
    await openConsole(page, served);
    const listener = await new JwtPage(page).listenerUrl();
    const timeline = new TimelinePage(page);
    await timeline.open();
    const profiles = new ProfilesPage(page);
    await expect(profiles.switcherButton('Sandbox')).toBeVisible();

    await connection.drop();
    await expect(page.getByTestId('connection-banner')).toHaveAttribute('data-connection', 'closed');

    // Meanwhile the console records a webhook, and another tab of this browser adds a profile:
    // pushes this tab misses.
    const response = await page.request.post(`${listener}/webhooks`, {
      headers: { 'Content-Type': 'application/json' },
      data: JSON.stringify({
        order_id: 'o-1',
        order_reference_id: 'REF-LOST-TAB',
        event_type: 'order_approved',
      }),
    });
    const recordId = ((await response.json()) as { id: number }).id;
    const other = await page.context().newPage();
    await other.goto(`${served.origin}/#/profiles`);
    await expect(other.locator('#root')).toHaveAttribute('data-app-state', 'ready');
    await new ProfilesPage(other).profileInList('Sandbox').click();
    await other.getByRole('button', { name: 'Duplicate' }).click();
    await expect(new ProfilesPage(other).profileInList('Sandbox copy')).toBeVisible();
    await expect(profiles.switcherButton('Sandbox copy')).toHaveCount(0);
    await expect(timeline.row(recordId)).toHaveCount(0);

    await connection.restore();
    await expect(page.getByTestId('connection-banner')).toBeHidden({ timeout: 15_000 });
    await expect(profiles.switcherButton('Sandbox copy')).toBeVisible();
    await expect(timeline.row(recordId)).toBeVisible();
  } finally {
    await served.stop();
  }
});
