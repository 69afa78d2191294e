import type { Locator, Page } from '@playwright/test';
import { openConsole, test, expect } from '../fixtures/console-test';
import { startSeededConsole } from '../fixtures/seed-events';

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

/**
 * The ring Tab draws on an order's card is whole: drawn 2 px outside it, the list's scroll
 * container (exactly as wide as the cards) cut its sides, and only thin lines between cards
 * showed. Light and dark.
 */
test("an order card's focus ring is inside the Orders list, not cut by it", async ({ page }) => {
  const seeded = await startSeededConsole(6);
  try {
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await openConsole(page, seeded, '#/orders');
      const list = page.getByRole('list', { name: 'Orders' });
      const first = list.getByTestId('order-row').first();
      await expect(first).toBeVisible();
      await page.getByRole('combobox', { name: 'Profile' }).focus();
      await tabTo(page, first, 6);
      await expectFocusRing(first);
      const ring = await first.evaluate((card) => {
        const style = getComputedStyle(card);
        // The outline's outer edge: the card's box grown by its offset and its width.
        const grow = parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth);
        const box = card.getBoundingClientRect();
        const scroller = card.closest('[role="list"]');
        if (scroller === null) throw new Error('no list around the card');
        const clip = scroller.getBoundingClientRect();
        // What the scroll container shows: its padding box (its client area).
        const left = clip.left + scroller.clientLeft;
        const top = clip.top + scroller.clientTop;
        return {
          ring: { left: box.left - grow, right: box.right + grow, top: box.top - grow },
          shown: { left, right: left + scroller.clientWidth, top },
        };
      });
      expect(ring.ring.left, `${scheme}: the ring's left side`).toBeGreaterThanOrEqual(ring.shown.left);
      expect(ring.ring.right, `${scheme}: the ring's right side`).toBeLessThanOrEqual(ring.shown.right);
      expect(ring.ring.top, `${scheme}: the ring's top`).toBeGreaterThanOrEqual(ring.shown.top);
      // A button: Enter opens the order (docs/settings.md).
      await page.keyboard.press('Enter');
      await expect(first).toHaveAttribute('aria-current', 'true');
    }
  } finally {
    await seeded.stop();
  }
});
