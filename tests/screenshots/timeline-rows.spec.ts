import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { openConsole } from '../e2e/fixtures/console-test';
import { projectRoot, startServedConsole } from '../e2e/fixtures/serve-process';
import { JwtPage } from '../e2e/pages/jwt-page';
import { capturedOrder, postNotification } from '../e2e/pages/order-flow';
import { TimelinePage } from '../e2e/pages/timeline-page';
import { shotsFor } from './review-shots';

// TIMELINE_SHOTS=<folder>: every size and theme a person checks, saved there (for review);
// otherwise the docs picture (docs/images/timeline-rows.png).
const review = process.env['TIMELINE_SHOTS'];

test('timeline rows: a captured order, a replay and a forgery, with a delivery expanded and its webhook open', async ({
  page,
}) => {
  const served = await startServedConsole();
  try {
    await openConsole(page, served, '#/builder');
    const order = await capturedOrder(page, served.origin);
    const jwt = new JwtPage(page);
    const listener = await jwt.listenerUrl();
    await jwt.open();
    const forged = await jwt.craft('Wrong key');
    await postNotification(
      listener,
      forged,
      JSON.stringify({
        order_id: order.orderId,
        order_reference_id: order.reference,
        order_number: order.reference,
        event_type: 'order_canceled',
        data: { canceled_amount: { amount: '1.999', currency: 'XYZ' } },
      }),
    );
    const timeline = new TimelinePage(page);
    for (const shot of shotsFor(review)) {
      await page.setViewportSize({ width: shot.width, height: shot.height });
      await page.emulateMedia({ colorScheme: shot.scheme });
      await page.goto(`${served.origin}/#/timeline`);
      await timeline.expectReady();
      const expand = timeline.rows().filter({ hasText: 'order_captured' }).getByTestId('row-expand');
      if ((await expand.getAttribute('aria-expanded')) !== 'true') await expand.click();
      await page.getByTestId('timeline-part').filter({ hasText: 'webhook' }).click();
      await expect(timeline.detail().getByTestId('token-verdict').first()).toBeVisible();
      // The arrival toasts belong to the builder's story, not this picture.
      for (const close of await page.locator('.mantine-Notification-closeButton').all()) await close.click();
      await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
      const file = review ? `timeline-${shot.width}-${shot.scheme}.png` : 'timeline-rows.png';
      await page.screenshot({ path: join(review ?? join(projectRoot, 'docs', 'images'), file) });
    }
  } finally {
    await served.stop();
  }
});
