import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { TimelinePage } from '../pages/timeline-page';

/**
 * A word the Status filter refused is said under it ("abc" is not a status) while the filter
 * beside it is the one applied. Navigating to the Timeline without that filter (its link in the
 * navigation, a link without a status) left the sentence on screen over a list no status
 * filtered.
 */
const refused = (page: Page) => page.getByText('"abc" is not a status', { exact: false });

async function typeStatus(page: Page, word: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Status', exact: true });
  await box.fill(word);
  await box.press('Enter');
}

test('the Status filter says a refused word only while the filter it was typed into is applied', async ({
  page,
  served,
}) => {
  const timeline = new TimelinePage(page);
  await openConsole(page, served, '#/timeline?status=404');
  await timeline.expectReady();

  // Refused, beside the 404 still applied: said, and the filter stays.
  await typeStatus(page, 'abc');
  await expect(refused(page)).toBeVisible();
  await expect(page).toHaveURL(/#\/timeline\?status=404$/);

  // The Timeline's link in the navigation: no status filter, so no word about one.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Timeline', exact: true })
    .click();
  await expect(page).toHaveURL(/#\/timeline$/);
  await timeline.expectReady();
  await expect(refused(page)).toHaveCount(0);

  // Refused with nothing applied, then a link without a status: the sentence goes with the arrival.
  await typeStatus(page, 'abc');
  await expect(refused(page)).toBeVisible();
  await page.goto(`${served.origin}/#/timeline?kind=webhook`);
  await timeline.expectReady();
  await expect(refused(page)).toHaveCount(0);

  // Refused beside 404, then the 404 removed in the box itself: the filter it was said beside is gone.
  await page.goto(`${served.origin}/#/timeline?status=404`);
  await timeline.expectReady();
  await typeStatus(page, 'abc');
  await expect(refused(page)).toBeVisible();
  await page.getByRole('combobox', { name: 'Status', exact: true }).press('Backspace');
  await expect(page).toHaveURL(/#\/timeline$/);
  await expect(refused(page)).toHaveCount(0);
});
