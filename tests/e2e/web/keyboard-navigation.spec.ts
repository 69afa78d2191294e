import type { Locator, Page } from '@playwright/test';
import { openConsole, test, expect } from '../fixtures/console-test';

/** Presses Tab until `target` has the focus; fails if it is not reached in `limit` presses. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`Tab did not reach ${target.toString()} in ${limit} presses; focus is on ${focused}`);
}

/** The focus ring Mantine draws on :focus-visible: a solid outline of some width. */
async function expectFocusRing(target: Locator): Promise<void> {
  const outline = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThan(0);
}

test('the sidebar and the profile list are reached with Tab and opened with Enter', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  await expect(sidebar.getByRole('link', { name: 'Builder' })).toHaveAttribute('aria-current', 'page');

  // From the start of the page, every view is a link on the way.
  const profilesLink = sidebar.getByRole('link', { name: 'Profiles' });
  await tabTo(page, profilesLink);
  await expectFocusRing(profilesLink);
  await expect(sidebar.getByRole('link')).toHaveCount(11);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Profiles', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/profiles$/);
  await expect(profilesLink).toHaveAttribute('aria-current', 'page');
  await expect(sidebar.getByRole('link', { name: 'Builder' })).not.toHaveAttribute('aria-current');

  // Each profile of the list is on the way from "New profile" to the form, not skipped.
  const list = page.getByRole('navigation', { name: 'Profiles' });
  const sandbox = list.getByRole('button', { name: /^Sandbox/ });
  await page.getByRole('button', { name: 'New profile' }).focus();
  await tabTo(page, sandbox, 6);
  await expectFocusRing(sandbox);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Sandbox', exact: true, level: 4 })).toBeVisible();
  await expect(sandbox).toHaveAttribute('aria-current', 'true');

  // A button: Space picks one too.
  const live = list.getByRole('button', { name: /^Live/ });
  await tabTo(page, live, 3);
  await page.keyboard.press('Space');
  await expect(page.getByRole('heading', { name: 'Live', exact: true, level: 4 })).toBeVisible();
  await expect(live).toHaveAttribute('aria-current', 'true');
  await expect(sandbox).not.toHaveAttribute('aria-current');

  // Back to a view through the sidebar from the keyboard.
  await sidebar.getByRole('link', { name: 'Orders' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Orders', exact: true })).toBeVisible();
});
