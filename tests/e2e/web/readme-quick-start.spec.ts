import { expect, openConsole, test } from '../fixtures/console-test';

/**
 * The README's quick start, step by step, with the words it uses: if a label it names changes,
 * this fails and the README has to change with it.
 */
test('the README quick start: Sample, Send to Local, Pay, Authorise in Orders, Authorise, Capture', async ({
  page,
  served,
}) => {
  // The laptop size a new user has: the guide's buttons are in view, the Response tab's may not be.
  await page.setViewportSize({ width: 1280, height: 800 });
  // 1. The Local profile is active.
  await openConsole(page, served);
  await expect(page.getByRole('button', { name: 'Send to Local' })).toBeVisible();

  // 2. In the Builder, press Sample, then Send to Local.
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByRole('button', { name: 'Send to Local' }).click();

  // 3. The first-run guide is at Pay: press Open the checkout page (and confirm where it goes),
  // then Pay: the local merchant page says what happened.
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const guide = page.getByTestId('first-run-guide');
  await expect(guide.getByRole('listitem').filter({ hasText: 'Pay' })).toHaveAttribute(
    'aria-current',
    'step',
  );
  const openCheckout = guide.getByRole('button', { name: 'Open the checkout page' });
  await expect(openCheckout).toBeInViewport();
  await openCheckout.click();
  const [checkoutPage] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('dialog', { name: /^Open 127\.0\.0\.1/ })
      .getByRole('button', { name: 'Open in the browser' })
      .click(),
  ]);
  await checkoutPage.getByRole('button', { name: /^(Pay|ادفع)$/ }).click();
  await expect(checkoutPage.getByTestId('landing-headline')).toHaveText(
    /^Paid: order_approved (queued for|delivered to) http:\/\/127\.0\.0\.1:\d+/,
  );
  await checkoutPage.close();

  // 4. Back in the console, the guide says Paid (approved): Authorise in Orders opens the order,
  // approved by the listener's webhook.
  await expect(guide.getByTestId('first-run-next')).toContainText('Paid (approved)');
  const authoriseInOrders = guide.getByRole('button', { name: 'Authorise in Orders' });
  await expect(authoriseInOrders).toBeInViewport();
  await authoriseInOrders.click();
  const detail = page.getByTestId('order-detail');
  await expect(detail.getByTestId('order-state')).toHaveText('approved');
  await expect(detail.getByTestId('strip-step-approved')).toContainText('by webhook');

  // 5 and 6. Authorise, then Capture, each sent from its editor, which is then closed.
  for (const [action, state] of [
    ['Authorise', 'authorised'],
    ['Capture', 'fully captured'],
  ] as const) {
    await page.getByTestId('order-actions').getByRole('button', { name: action, exact: true }).click();
    const editor = page.getByRole('dialog');
    await editor.getByRole('button', { name: `Send ${action.toLowerCase()}` }).click();
    await expect(editor.getByTestId('answer-status')).toHaveText('200');
    await editor.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(detail.getByTestId('order-state')).toHaveText(state);
  }

  // 7. The Timeline has every request, webhook and delivery it took.
  await page.getByRole('navigation', { name: 'Main' }).getByText('Timeline', { exact: true }).click();
  const rows = page.getByTestId('timeline-row');
  await expect(rows.filter({ hasText: 'webhook' })).toHaveCount(3);
  await expect(rows.filter({ hasText: 'request' })).toHaveCount(3);
  await expect(rows.filter({ hasText: 'delivery' })).toHaveCount(3);
});
