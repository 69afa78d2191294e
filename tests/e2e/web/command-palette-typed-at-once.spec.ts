import type { Page } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, openConsole, test as base } from '../fixtures/console-test';
import { startFakeCheckoutService, type FakeCheckoutService } from '../fixtures/fake-checkout-service';
import {
  pointLocalProfile,
  pointProfile,
  startServedConsole,
  type ServedConsole,
} from '../fixtures/serve-process';
import { BuilderPage } from '../pages/builder-page';
import { CommandPalette } from '../pages/command-palette';
import { ProfilesPage } from '../pages/profiles-page';

/**
 * A served console whose Local profile sends to a fake service on 127.0.0.1, and whose Live
 * profile is set up elsewhere: on the fake's address too, Local's sends would be asked as live.
 */
const test = base.extend<{ setup: { served: ServedConsole; fake: FakeCheckoutService } }>({
  setup: async ({}, use) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cc-palette-typed-e2e-'));
    const fake = await startFakeCheckoutService();
    await pointLocalProfile(dataDir, { listenerPort: 0, baseUrl: fake.url, apiToken: 'palette-e2e-token' });
    await pointProfile(dataDir, 'Live', { baseUrl: 'http://127.0.0.1:9', apiToken: 'palette-e2e-live' });
    const served = await startServedConsole({}, dataDir);
    await use({ served, fake });
    await served.stop();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
});

/**
 * Holds the page's animation frames until the returned function is called: a page busy enough
 * to draw no frame between two keys. Playwright's own checks run in another JS world, unheld.
 */
async function holdAnimationFrames(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    const held: FrameRequestCallback[] = [];
    const request = window.requestAnimationFrame.bind(window);
    const frames = window as unknown as { releaseHeldFrames: () => void };
    window.requestAnimationFrame = (callback) => held.push(callback) + 1_000_000;
    frames.releaseHeldFrames = () => {
      window.requestAnimationFrame = request;
      held.splice(0).forEach((callback) => request(callback));
    };
  });
  return () =>
    page.evaluate(() => (window as unknown as { releaseHeldFrames: () => void }).releaseHeldFrames());
}

async function builderWithSample(page: Page, served: ServedConsole): Promise<BuilderPage> {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  return builder;
}

test('keys typed at once after Ctrl+K are the query, even with no frame drawn between them', async ({
  page,
  setup,
}) => {
  const builder = await builderWithSample(page, setup.served);
  const palette = new CommandPalette(page);
  const description = builder.field('Description', 'Order');
  await description.click();
  const before = await description.inputValue();

  const release = await holdAnimationFrames(page);
  await page.keyboard.press('Control+k');
  await page.keyboard.type('1aaa254b');
  // Every key reached the palette: none went into the builder's field it was opened over.
  await expect(palette.input()).toHaveValue('1aaa254b');
  await expect(palette.input()).toBeFocused();
  await expect(description).toHaveValue(before);
  await release();

  await expect(palette.dialog().getByText('Nothing matches “1aaa254b”.')).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(palette.dialog()).toBeVisible();
  await expect(description).toHaveValue(before);
  expect(setup.fake.received).toHaveLength(0);

  // Closed, it gives the focus back to the field it was opened from.
  await page.keyboard.press('Escape');
  await expect(palette.dialog()).toBeHidden();
  await expect(description).toBeFocused();
});

test('Enter on the palette just opened, nothing typed, chooses nothing: it does not send', async ({
  page,
  setup,
}) => {
  await builderWithSample(page, setup.served);
  const palette = new CommandPalette(page);
  const theme = await page.locator('html').getAttribute('data-mantine-color-scheme');

  await page.keyboard.press('Control+k');
  await palette.expectOpen();
  await expect(palette.option(/^Send/)).toBeVisible();
  await expect(palette.dialog().getByRole('option', { selected: true })).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(palette.dialog()).toBeVisible();
  expect(setup.fake.received).toHaveLength(0);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme ?? '');

  // The arrow keys choose from the empty query: Send first, taken only when asked for.
  await page.keyboard.press('ArrowDown');
  await expect(palette.option(/^Send/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette.dialog()).toBeHidden();
  await expect(page.getByTestId('checkout-created')).toBeVisible();
  expect(setup.fake.received).toHaveLength(1);
});

test('Send from the palette on a live profile asks as the Send button does', async ({ page, setup }) => {
  await builderWithSample(page, setup.served);
  const palette = new CommandPalette(page);
  const profiles = new ProfilesPage(page);
  await page.keyboard.press('Control+k');
  await palette.expectOpen();
  await palette.choose('live', /^Live/);
  await expect(profiles.activeBadge()).toHaveText('Live');

  await page.keyboard.press('Control+k');
  await palette.expectOpen();
  await palette.choose('send', /^Send/);
  const confirmation = page.getByRole('dialog', { name: 'Send to LIVE profile "Live"?' });
  await expect(confirmation).toBeVisible();
  await confirmation.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirmation).toBeHidden();
  expect(setup.fake.received).toHaveLength(0);
});
