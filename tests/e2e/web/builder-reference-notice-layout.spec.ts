import { expect, openConsole, test } from '../fixtures/console-test';
import { checkoutPayload, importPayload } from '../pages/order-flow';

// The reference notice ("Sending this again makes a second order…") arrived a moment after a
// Send's answer, above the form and the editor, and pushed the answer's "Open checkout page"
// down under a pointer already on its way to it. Its room is kept from the answer on.
test("the reference notice moves nothing above the answer's buttons when it arrives", async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const reference = `REF-LAYOUT-${Date.now()}`;
  await importPayload(page, checkoutPayload(served.origin, reference));
  await expect(page.getByTestId('error-count')).toHaveText('0 errors');
  await expect(page.getByTestId('reference-sent-before')).toBeHidden();
  await page.keyboard.press('ControlOrMeta+Enter');

  const answer = page.getByTestId('send-response');
  const open = answer.getByRole('button', { name: 'Open checkout page' });
  const responseTab = page.getByRole('tab', { name: 'Response' });
  await expect(open).toBeVisible();
  const before = { open: await open.boundingBox(), tab: await responseTab.boundingBox() };

  await expect(page.getByTestId('reference-sent-before')).toContainText(
    `Sending this again makes a second order with order_reference_id ${reference}`,
  );
  await expect(answer.getByTestId('lifecycle-strip')).toBeVisible();
  const after = { open: await open.boundingBox(), tab: await responseTab.boundingBox() };
  expect(after.tab?.y, 'the Response tab moved').toBe(before.tab?.y);
  expect(after.open?.y, '"Open checkout page" moved').toBe(before.open?.y);

  // Sent again as it is: the words for two orders keep their room from the second answer on too.
  const firstOrder = (await page.getByTestId('created-order_id').textContent()) ?? '';
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(page.getByTestId('created-order_id')).not.toHaveText(firstOrder);
  await expect(open).toBeVisible();
  const again = { open: await open.boundingBox(), tab: await responseTab.boundingBox() };
  await expect(page.getByTestId('reference-sent-before')).toContainText(
    `order_reference_id ${reference} is already 2 orders'`,
  );
  const settled = { open: await open.boundingBox(), tab: await responseTab.boundingBox() };
  expect(settled.tab?.y, 'the Response tab moved').toBe(again.tab?.y);
  expect(settled.open?.y, '"Open checkout page" moved').toBe(again.open?.y);
});
