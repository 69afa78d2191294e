import type { Locator, Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';

// Playwright's headless Chromium hides scrollbars; a desktop window shows them, and the form's
// own scrollbar takes its width from the items card (485 px there at 1280, not 500). Shown here,
// so the widths measured are the ones people see.
test.use({
  launchOptions: {
    executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    ignoreDefaultArgs: ['--hide-scrollbars'],
  },
});

const SIZES = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
] as const;

/** Enough for a short product name or SKU ("Blue T-shirt", 12 characters) to be read whole: it read "Blue T-sl" at 73. */
const READABLE_INPUT = 100;

/** Nothing inside the element is cut or left to scroll to sideways. */
async function expectNoSidewaysOverflow(element: Locator, what: string): Promise<void> {
  const sizes = await element.evaluate((node) => ({ scroll: node.scrollWidth, client: node.clientWidth }));
  expect(sizes.scroll, `${what}: ${sizes.scroll} px of content in ${sizes.client} px`).toBeLessThanOrEqual(
    sizes.client,
  );
}

/** Wholly inside `box` (the card), so nothing of it is cut at the card's edge. */
async function expectInside(control: Locator, box: Locator, what: string): Promise<void> {
  const [inner, outer] = await Promise.all([control.boundingBox(), box.boundingBox()]);
  if (inner === null || outer === null) throw new Error(`${what} is not laid out`);
  expect(inner.x, what).toBeGreaterThanOrEqual(outer.x);
  expect(inner.x + inner.width, what).toBeLessThanOrEqual(outer.x + outer.width + 0.5);
}

async function twoItemsOneOpen(page: Page, builder: BuilderPage): Promise<void> {
  const items = builder.section('Items');
  await items.getByRole('button', { name: 'Add item' }).click();
  await items.getByRole('button', { name: 'Add item' }).click();
  await builder.field('Name of item 1').fill('Blue T-shirt');
  await builder.field('SKU of item 1').fill('TS-BLUE-M');
  await builder.field('Name of item 2').fill('Green socks');
  await builder.field('SKU of item 2').fill('SOCK-GRN-L');
  await items.getByRole('button', { name: 'Show all fields of item 1' }).click();
  await expect(builder.field('Item tax currency', 'Items')).toBeVisible();
}

test('the items table fits its card at 1280×800 and 1440×900: every box readable, every button whole', async ({
  page,
  served,
}) => {
  await page.setViewportSize(SIZES[0]);
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await twoItemsOneOpen(page, builder);
  const items = builder.section('Items');
  const card = items.locator('[data-path="items"]');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${size.width}×${size.height}`;
    await expectNoSidewaysOverflow(card, `the items card at ${at}`);
    await expectNoSidewaysOverflow(
      items.getByRole('table', { name: 'Items' }).locator('..'),
      `the table at ${at}`,
    );
    for (const row of [1, 2]) {
      for (const name of ['Name', 'SKU']) {
        const input = builder.field(`${name} of item ${row}`);
        const width = await input.evaluate((element) => element.clientWidth);
        expect(width, `${name} of item ${row} at ${at}`).toBeGreaterThanOrEqual(READABLE_INPUT);
        expect(await input.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      }
      for (const button of ['Move item N up', 'Move item N down', 'Duplicate item N', 'Remove item N']) {
        const name = button.replace('N', String(row));
        await expectInside(items.getByRole('button', { name, exact: true }), card, `${name} at ${at}`);
      }
      for (const name of [
        `Quantity of item ${row}`,
        `Item total of item ${row}`,
        `Item total of item ${row} currency`,
      ])
        await expectInside(builder.field(name), card, `${name} at ${at}`);
    }
    await expectInside(builder.field('Item tax currency', 'Items'), card, `Item tax currency at ${at}`);
    await expectInside(builder.field('Item tax', 'Items'), card, `Item tax at ${at}`);
  }
});

test("the Response tab's lifecycle strip names every step whole at 1280×800 and 1440×900", async ({
  page,
  served,
}) => {
  await page.setViewportSize(SIZES[0]);
  await openConsole(page, served, '#/builder');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const strip = page.getByTestId('lifecycle-strip');
  await expect(strip).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    const at = `${size.width}×${size.height}`;
    await expectNoSidewaysOverflow(strip, `the strip at ${at}`);
    for (const step of await strip.getByRole('listitem').all()) {
      const name = (await step.getAttribute('aria-label')) ?? '';
      const label = name.slice(0, name.indexOf(':'));
      await expectNoSidewaysOverflow(step, `${label} at ${at}`);
      const text = step.getByText(label, { exact: true });
      await expect(text).toBeVisible();
      expect(
        await text.evaluate((element) => element.scrollWidth <= element.clientWidth),
        `${label} whole at ${at}`,
      ).toBe(true);
    }
  }
});
