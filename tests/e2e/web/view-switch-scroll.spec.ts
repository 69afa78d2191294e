import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/**
 * Scrolls the window down by as much of `wanted` as the view allows, and says how far it went.
 * Asked again until it goes: a view's code loads when it is first opened, so right after the
 * address changed the view may not yet be tall enough to scroll.
 */
async function scrollDown(page: Page, wanted: number): Promise<number> {
  await expect
    .poll(async () => {
      await page.evaluate((y) => window.scrollTo(0, y), wanted);
      return scrollY(page);
    })
    .toBeGreaterThan(100);
  return scrollY(page);
}

const link = (page: Page, view: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: view, exact: true });

// The window kept its scroll across a view change: Profiles opened 400 px down, its heading and
// its Active and Delete buttons off screen, with nothing to show the page was scrolled.
test('a view opens at its top, whatever the scroll of the view before; a change within the view keeps it', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/profiles');
  await expect(page.getByRole('button', { name: 'Delete' }).first()).toBeVisible();

  await scrollDown(page, 400);
  await link(page, 'Settings').click();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect.poll(() => scrollY(page)).toBe(0);

  await scrollDown(page, 400);
  await link(page, 'Profiles').click();
  await expect(page).toHaveURL(/#\/profiles$/);
  await expect.poll(() => scrollY(page)).toBe(0);
  await expect(page.getByRole('button', { name: 'Delete' }).first()).toBeInViewport();

  // The address changed within the view (a link, a filter): the reader stays where they were.
  const kept = await scrollDown(page, 300);
  await page.evaluate(() => {
    window.location.hash = '#/profiles?kept=1';
  });
  await expect(page).toHaveURL(/#\/profiles\?kept=1$/);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  expect(await scrollY(page)).toBe(kept);
});
