import { expect, openConsole, test } from '../fixtures/console-test';
import { capturedOrder, checkoutPayload, importPayload } from '../pages/order-flow';
import { VIEWS } from '../pages/views';

/**
 * Issue 16: badges are never truncated at 1280 px and above. After a whole lifecycle (so every
 * view has records, states and verdicts to show), every badge on every view of the navigation is
 * as wide as its word, at the narrowest supported window, in both themes.
 */
test('no badge is cut on any view at 1280×800, light or dark', async ({ page, served }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const order = await capturedOrder(page, served.origin);
  const views = VIEWS.map((view) => (view === 'orders' ? `orders?id=${order.orderId}` : view));
  const cut: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const view of views) {
      await page.goto(`${served.origin}/#/${view}`);
      await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
      // The timeline with a detail open: the list narrows, its badges must not.
      if (view === 'timeline') await page.getByTestId('timeline-row').first().click();
      if (view === 'emulator') await expect(page.getByTestId('emulator-running')).toHaveText('running');
      const badges = await page.locator('.mantine-Badge-root').evaluateAll((roots) =>
        roots
          .filter((root) => root.getClientRects().length > 0)
          .map((root) => {
            const label = root.querySelector('.mantine-Badge-label') ?? root;
            return { text: root.textContent ?? '', cut: label.scrollWidth > label.clientWidth + 1 };
          }),
      );
      cut.push(...badges.filter((badge) => badge.cut).map((badge) => `${scheme} ${view}: "${badge.text}"`));
    }
  }
  expect(cut).toEqual([]);
});

/** The timeline's column headers fit their columns: "STATUS" ran into "VERDICTS" at 1440 px. */
test('the timeline column headers are whole at 1280 and 1440 px', async ({ page, served }) => {
  await openConsole(page, served, '#/timeline');
  const cut: string[] = [];
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeVisible();
    const headers = await page
      .getByRole('columnheader')
      .evaluateAll((cells) =>
        cells.map((cell) => ({ text: cell.textContent ?? '', cut: cell.scrollWidth > cell.clientWidth + 1 })),
      );
    cut.push(...headers.filter((header) => header.cut).map((header) => `${width}: "${header.text}"`));
  }
  expect(cut).toEqual([]);
});

/**
 * The profile list at 1280 px: the Sandbox address broke at its hyphen onto two lines, then,
 * kept on one, pushed the badges out of the list (clipped, so the badge test above saw whole
 * labels). Each address is one line, cut with its whole text as the title, and every badge
 * stays inside the list.
 */
test('the profile list keeps each address on one line and its badges inside at 1280 px', async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/profiles');
  const list = page.getByRole('navigation', { name: 'Profiles' });
  await expect(list.getByText('Sandbox', { exact: true })).toBeVisible();
  const rows = await list.locator('.mantine-NavLink-root').evaluateAll((links) => {
    const listRight = links[0]?.parentElement?.getBoundingClientRect().right ?? 0;
    return links.map((link) => {
      const address = link.querySelector('.mantine-NavLink-description [title]');
      const line = address === null ? 0 : parseFloat(getComputedStyle(address).lineHeight);
      return {
        name: link.querySelector('.mantine-NavLink-label')?.textContent ?? '',
        title: address?.getAttribute('title') ?? null,
        oneLine: address !== null && address.getBoundingClientRect().height <= line + 1,
        badgesInside: Array.from(link.querySelectorAll('.mantine-Badge-root')).every(
          (badge) => badge.getBoundingClientRect().right <= listRight + 0.5,
        ),
      };
    });
  });
  expect(rows.map((row) => row.name)).toEqual(['Local', 'Sandbox', 'Live']);
  for (const row of rows) expect(row, row.name).toMatchObject({ oneLine: true, badgesInside: true });
  expect(rows.find((row) => row.name === 'Sandbox')?.title).toBe('https://api-sandbox.example.com');
});

/** A finding's path is where to look: at 1280 px it read "discount.amount.curre…". */
test('a finding names its whole path in the builder at 1280 px', async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const payload = checkoutPayload(served.origin, 'REF-WHOLE-PATH');
  payload['discount'] = { name: 'STUDENT10', amount: { amount: 1, currency: 'KWD' } };
  await importPayload(page, payload);
  const path = page.getByTestId('finding-path').filter({ hasText: 'discount.amount.currency' }).first();
  await expect(path).toBeVisible();
  expect(await path.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
});
