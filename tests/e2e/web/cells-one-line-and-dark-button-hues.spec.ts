import type { Locator } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { createOrder } from '../pages/order-flow';
import { OrdersPage } from '../pages/orders-page';

/** How many lines an element's text takes: the distinct tops of its text's boxes. */
function linesOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });
}

/** Whether a CSS colour is a red: red well over green and blue. */
function isRed(color: string): boolean {
  const [r = 0, g = 0, b = 0] = (/rgba?\(([^)]+)\)/.exec(color)?.[1] ?? '').split(',').map(Number);
  return r > g + 60 && r > b + 60;
}

// "102.500 / KWD" broke over two lines in the emulator's Total while Expires beside it was empty.
test("the emulator's Total keeps amount and currency on one line at 1280", async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  await createOrder(page, served.origin);
  await page.goto(`${served.origin}/#/emulator`);
  const total = page.getByTestId('emulator-order').first().getByTestId('emulator-order-total');
  await expect(total).toContainText(/\d [A-Z]{3}$/);
  expect(await linesOf(total)).toBe(1);
});

// t74: Delete and Clear were red in light, plain white in dark.
test("Profiles' Delete and Clear are red in both themes", async ({ page, served }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await openConsole(page, served, '#/profiles');
    await page.getByText('http://127.0.0.1', { exact: false }).first().click();
    for (const button of [
      page.getByRole('button', { name: 'Delete', exact: true }),
      page.getByRole('button', { name: 'Clear', exact: true }).first(),
    ]) {
      await expect(button).toBeVisible();
      const color = await button.evaluate((node) => getComputedStyle(node).color);
      expect(isRed(color), `${scheme}: ${await button.textContent()} is ${color}`).toBe(true);
    }
  }
});

/** Whether a CSS colour is an orange: red high, green between red and blue. */
function isOrange(color: string): boolean {
  const [r = 0, g = 0, b = 0] = (/rgba?\(([^)]+)\)/.exec(color)?.[1] ?? '').split(',').map(Number);
  return r > 150 && r > g + 40 && g > b + 20;
}

// t77: the Orders view's orange "Send anyway (out of order)" was near white in dark, as red was.
test("Orders' Send anyway is orange in both themes", async ({ page, served }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openConsole(page, served, '#/builder');
  const order = await createOrder(page, served.origin);
  const orders = new OrdersPage(page);
  await orders.open();
  await orders.row(order.reference).click();
  const button = page.getByRole('button', { name: 'Send anyway (out of order)' });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(button).toBeVisible();
    const color = await button.evaluate((node) => getComputedStyle(node).color);
    expect(isOrange(color), `${scheme}: Send anyway is ${color}`).toBe(true);
  }
});

// t74: "This console's listener" ran into both edges of its segment at 1280.
test("Replay's Send to segments keep room around their labels at 1280", async ({ page, served }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/replay');
  const label = page.locator('.mantine-SegmentedControl-label', { hasText: "Console's listener" });
  await expect(label).toBeVisible();
  const room = await label.evaluate((node) => {
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    const box = (node.closest('.mantine-SegmentedControl-control') ?? node).getBoundingClientRect();
    return { left: text.left - box.left, right: box.right - text.right };
  });
  expect(room.left, JSON.stringify(room)).toBeGreaterThanOrEqual(16);
  expect(room.right, JSON.stringify(room)).toBeGreaterThanOrEqual(16);
});
