import { expect, openConsole, test } from '../fixtures/console-test';

// Send's tooltip ("Send to Local (Ctrl+Enter)") opened above it, over the first-run guide's row:
// while the mouse rested on Send it lay over "Hide the guide" and "Open the checkout page".
for (const [width, height] of [
  [1280, 800],
  [1440, 900],
] as const)
  test(`Send's tooltip covers nothing of the first-run guide at ${width}×${height}`, async ({
    page,
    served,
  }) => {
    await page.setViewportSize({ width, height });
    await openConsole(page, served);
    const guide = page.getByTestId('first-run-guide');
    await guide.getByRole('button', { name: 'Fill with a sample' }).click();
    await page.getByRole('button', { name: /^Send to Local/ }).hover();
    const tooltip = page.getByRole('tooltip').filter({ hasText: 'Send to Local' });
    await expect(tooltip).toBeVisible();
    // Its place settles after it opens (the floating element is moved once measured).
    await expect(async () => {
      const [tip, row] = await Promise.all([tooltip.boundingBox(), guide.boundingBox()]);
      if (tip === null || row === null) throw new Error('not laid out');
      expect(tip.y, 'the tooltip starts below the guide').toBeGreaterThanOrEqual(row.y + row.height);
    }).toPass({ timeout: 5_000 });
  });
