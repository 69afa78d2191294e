import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';
import { asCustomer } from '../pages/customer';
import { VIEWS } from '../pages/views';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
});

test('a first run: no wall of red, the guide leads the way, and the builder follows its order as it is paid', async ({
  page,
  served,
  browser,
}) => {
  await openConsole(page, served);
  const builder = new BuilderPage(page);
  const guide = page.getByTestId('first-run-guide');

  // The empty document's rules are listed, but no field is outlined before it was touched.
  await expect(guide).toHaveAttribute('data-step', '0');
  await expect(builder.finding('order_reference_id')).toContainText('required');
  await expect(builder.form().locator('[aria-invalid="true"]')).toHaveCount(0);
  const firstStep = guide.getByRole('listitem').first();
  await expect(firstStep).toContainText('A request');
  await expect(firstStep).toHaveAttribute('aria-current', 'step');

  // A field left empty after a visit says so; the rest stay quiet. A request begun by hand is
  // not the first step done while its findings hold errors (it was ticked, and the guide said
  // "Send it to Local" over them): the guide says how many remain and where. The step says
  // "A request", never "Sample", which was not pressed.
  await builder.field('Order reference id', 'Order').fill('x');
  await expect(guide.getByTestId('first-run-next')).toContainText(
    /Your request has \d+ errors left: the Findings tab/,
  );
  await expect(firstStep).toHaveAttribute('data-status', 'current');
  await expect(guide).toHaveAttribute('data-step', '0');
  await expect(guide.getByTestId('first-run-next')).not.toContainText('Send it to');
  await expect(guide.getByRole('listitem').filter({ hasText: 'Sample' })).toHaveCount(0);
  await builder.field('Order reference id', 'Order').fill('');
  await builder.field('Description', 'Order').focus();
  await expect(builder.form().locator('[aria-invalid="true"]')).toHaveCount(1);

  // Step 1: the sample, with merchant URLs on this machine and an English checkout page.
  // The document is empty again: nothing to lose, so Sample does not ask.
  await guide.getByRole('button', { name: 'Fill with a sample' }).click();
  await expect(guide).toHaveAttribute('data-step', '1');
  await builder.field('Locale', 'Order').fill('en_US');
  await builder.field('Success URL', 'Merchant URLs').fill(`${served.origin}/?shop=success`);
  await builder.field('Notification URL', 'Merchant URLs').fill('');
  await expect(builder.errorCount()).toHaveText('0 errors');

  // Step 2: sent to Local; the response follows the order, which has no webhook yet.
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  await expect(guide).toHaveAttribute('data-step', '2');
  await expect(page.getByTestId('followed-webhooks-empty')).toBeVisible();
  const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';

  // The customer pays elsewhere; the builder learns it without being reloaded.
  await asCustomer(browser, async (customer) => {
    await customer.goto(checkoutUrl);
    await customer.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(customer).toHaveURL(`${served.origin}/?shop=success`);
  });

  await expect(page.getByTestId('webhook-toast')).toContainText('order_approved');
  await expect(page.getByTestId('followed-webhook').first()).toContainText('order_approved');
  await expect(page.getByTestId('followed-order-state')).toHaveText('approved');
  await expect(guide).toHaveAttribute('data-step', '3');
  await expect(guide.getByRole('button', { name: 'Authorise in Orders' })).toBeVisible();
  // The navigation counts what arrived on the timeline since it was last looked at.
  await expect(page.getByTestId('timeline-unseen')).toBeVisible();
});

test('a reload keeps the last send: the response says where its answer is, and its order is still followed', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const builder = new BuilderPage(page);
  const guide = page.getByTestId('first-run-guide');
  await guide.getByRole('button', { name: 'Fill with a sample' }).click();
  await builder.field('Locale', 'Order').fill('en_US');
  await expect(builder.errorCount()).toHaveText('0 errors');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  await expect(page.getByTestId('sent-to')).toHaveText('Answer from Local');
  await expect(
    page.getByTestId('send-response').getByRole('link', { name: /^Record #\d+ on the timeline$/ }),
  ).toBeVisible();
  const orderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
  await expect(guide).toHaveAttribute('data-step', '2');
  // The working copy is saved a moment after each change; the last send goes with it.
  await expect(page.locator('[data-working-copy]')).toHaveAttribute('data-working-copy', 'saved');

  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Response' }).click();
  const restored = page.getByTestId('restored-send');
  await expect(restored).toContainText('Sent before this page was opened: 200 from Local');
  await expect(restored.getByRole('link', { name: /^record #\d+$/ })).toBeVisible();
  await expect(page.getByText('Nothing sent yet.')).toHaveCount(0);
  // Still following the order it created: its state, and the guide where it was.
  await expect(page.getByTestId('followed-order-state')).toHaveText('new');
  await expect(guide).toHaveAttribute('data-step', '2');
  await restored.getByRole('button', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(new RegExp(`#/orders\\?id=${orderId}`));
  await page.goBack();
  await expect(builder.form()).toBeVisible();

  // A send that creates no order (refused: 400) keeps following the one before, after a reload too.
  await builder.field('Country', 'Order').fill('XX');
  await page.keyboard.press('ControlOrMeta+Enter');
  await page.getByRole('button', { name: 'Send anyway' }).click();
  await expect(page.getByTestId('send-response')).toContainText('400');
  await expect(page.locator('[data-working-copy]')).toHaveAttribute('data-working-copy', 'saved');
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await page.getByRole('tab', { name: 'Response' }).click();
  await expect(page.getByTestId('restored-send')).toContainText(
    'Sent before this page was opened: 400 from Local',
  );
  // The guide still follows the order created before: its next step is that order's page.
  await expect(guide.getByRole('button', { name: 'Open the checkout page' })).toBeVisible();
  await expect(guide).toHaveAttribute('data-step', '2');
});

test('small things: a filled Country offers every country again, and a new sample clears the old answer', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const builder = new BuilderPage(page);
  const country = builder.field('Country', 'Order');
  await country.fill('SA');
  await builder.field('Description', 'Order').click();
  // Opened again, the field lists the other countries, not only its own value.
  await country.click();
  await expect(page.getByRole('option', { name: 'AE', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByRole('button', { name: 'Discard and continue' }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  // An untouched sample is replaced without asking, and the answer to the last one goes with it.
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await expect(page.getByTestId('created-status')).toHaveCount(0);
  await page.getByRole('tab', { name: 'Response' }).click();
  await expect(page.getByText('Nothing sent yet.')).toBeVisible();
});

test('the first load asks for nothing that fails and reports no error; the tab wears the console icon', async ({
  page,
  served,
  pageReports,
}) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await openConsole(page, served);
  const icon = page.locator('link[rel="icon"]');
  await expect(icon).toHaveAttribute('type', 'image/svg+xml');
  const href = await icon.evaluate((link) => (link as HTMLLinkElement).href);
  const answer = await page.request.get(href);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('image/svg+xml');
  // Every view once, as a first look around would go (the list is the navigation's, whole).
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('.mantine-NavLink-root')).toHaveCount(
    VIEWS.length,
  );
  for (const view of VIEWS) {
    await page.goto(`${served.origin}/#/${view}`);
    await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  }
  expect(failed).toEqual([]);
  expect(pageReports).toEqual([]);
});

// The × said "Settings can show it again", and so did the builder's guide page; Settings had no
// such thing, so a guide closed by mistake was gone for good. Closed, it stays closed, a reload
// too, until Settings shows it again.
test('the first-run guide, once closed, stays closed after a reload, and Settings shows it again, as its close button says', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const builder = new BuilderPage(page);
  const guide = page.getByTestId('first-run-guide');
  await expect(guide).toHaveAttribute('data-step', '0');
  await page.getByRole('button', { name: 'Hide the first-run guide' }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Hide the guide for good (Settings can show it again)');
  await page.getByRole('button', { name: 'Hide the first-run guide' }).click();
  await expect(guide).toHaveCount(0);
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(builder.form()).toBeVisible();
  await expect(guide).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main' }).getByText('Settings', { exact: true }).click();
  const show = page.getByRole('switch', { name: 'Show the first-run guide in the Builder' });
  await expect(show).not.toBeChecked();
  await show.click();
  await expect(show).toBeChecked();

  await builder.open();
  await expect(guide).toBeVisible();
  await expect(guide).toHaveAttribute('data-step', '0');
});

// The empty timeline said what would appear, not how to make the first thing appear.
test('the empty timeline says how to make its first record, with the way there', async ({ page, served }) => {
  await openConsole(page, served, '#/timeline');
  const empty = page.getByTestId('timeline-empty');
  await expect(empty).toContainText('appear here as they happen');
  await expect(empty).toContainText('The first comes with a send from the Builder');
  await empty.getByRole('link', { name: 'the Builder' }).click();
  await expect(new BuilderPage(page).form()).toBeVisible();
});

// The webhook toast opens its record when clicked; its × was part of that click, so closing the
// toast to see what it covered took the builder away to the timeline.
test('closing a webhook toast with its × only closes it; a click on the toast opens the record', async ({
  page,
  served,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served);
  await page.getByTestId('first-run-guide').getByRole('button', { name: 'Fill with a sample' }).click();
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-status')).toHaveText('new');
  const pay = async () => {
    const checkoutUrl = (await page.getByTestId('created-checkout_url').textContent()) ?? '';
    await asCustomer(browser, async (customer) => {
      await customer.goto(checkoutUrl);
      await customer.getByRole('button', { name: /^(Pay|ادفع)$/ }).click();
    });
  };
  await pay();
  const toast = page.getByTestId('webhook-toast');
  await expect(toast).toContainText('order_approved');
  await toast.getByRole('button').click();
  await expect(toast).toHaveCount(0);
  await expect(page).not.toHaveURL(/#\/timeline/);
  await expect(new BuilderPage(page).form()).toBeVisible();

  // The toast itself still leads to its record. The first answer stays shown until the second
  // arrives, so the second is told by its order id.
  const firstOrderId = (await page.getByTestId('created-order_id').textContent()) ?? '';
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-order_id')).not.toHaveText(firstOrderId);
  await expect(page.getByTestId('created-status')).toHaveText('new');
  // The guide stays with the paid first order (to authorise it), not the newer unpaid one: it
  // followed the newest send, and authorising the first in Orders never moved it on.
  const guide = page.getByTestId('first-run-guide');
  await expect(guide).toHaveAttribute('data-step', '3');
  await expect(guide).toContainText(`First run, order ${firstOrderId}:`);
  await pay();
  // By the keyboard too: its "open record" is a link (the toast's own click is mouse-only).
  const link = toast.getByRole('link', { name: /^open record #\d+ on the timeline$/ });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/timeline\?id=\d+$/);
});
