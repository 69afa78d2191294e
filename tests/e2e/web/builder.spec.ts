import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { closeToasts } from '../fixtures/toasts-seen';
import { toFront } from '../fixtures/front-tab';
import { BuilderPage } from '../pages/builder-page';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 });
});

async function fillByHand(page: Page, builder: BuilderPage): Promise<void> {
  const order = 'Order';
  await builder.field('Order reference id', order).fill('ORD-HAND-1');
  await builder.field('Description', order).fill('Two coffee mugs');
  await builder.field('Country', order).fill('SA');
  await builder.field('Payment type', order).fill('PAY_BY_INSTALMENTS');
  await builder.field('Instalments', order).fill('4');

  await builder.field('Total amount', 'Amounts').fill('115');
  await builder.field('Total amount currency', 'Amounts').fill('SAR');
  await builder.field('Shipping amount', 'Amounts').fill('10');
  await builder.field('Shipping amount currency', 'Amounts').fill('SAR');
  await builder.field('Tax amount', 'Amounts').fill('15');
  await builder.field('Tax amount currency', 'Amounts').fill('SAR');

  await builder.section('Items').getByRole('button', { name: 'Add item' }).click();
  await builder.field('Name of item 1').fill('Coffee mug');
  await builder.field('SKU of item 1').fill('MUG-01');
  await builder.field('Quantity of item 1').fill('2');
  await builder.field('Item total of item 1').fill('90');
  await builder.section('Items').getByRole('button', { name: 'Show all fields of item 1' }).click();
  await builder.field('Reference id', 'Items').fill('ITEM-1');
  await builder.field('Type', 'Items').fill('Physical');

  await builder.field('First name', 'Consumer').fill('Noura');
  await builder.field('Last name', 'Consumer').fill('Al-Harbi');
  await builder.field('Phone number', 'Consumer').fill('+966501234567');

  await builder.field('First name', 'Addresses').fill('Noura');
  await builder.field('Last name', 'Addresses').fill('Al-Harbi');
  await builder.field('Address line 1', 'Addresses').fill('King Fahd Road 12');
  await builder.field('City', 'Addresses').fill('Riyadh');
  await builder.field('Country', 'Addresses').fill('SA');

  await builder.field('Success URL', 'Merchant URLs').fill('https://shop.example/success');
  await builder.field('Failure URL', 'Merchant URLs').fill('https://shop.example/failure');
  await builder.field('Cancel URL', 'Merchant URLs').fill('https://shop.example/cancel');

  const risk = builder.section('Risk assessment');
  await risk
    .getByRole('radiogroup', { name: 'Premium customer' })
    .getByText('false', { exact: true })
    .click();
  await builder.field('Account created', 'Risk assessment').fill('01-02-2023');
  await builder.field('Total orders', 'Risk assessment').fill('3');
  await builder.field('First paid', 'Risk assessment').fill('05-03-2023');
  await builder.field('Last paid', 'Risk assessment').fill('20-10-2026');
}

test('a general payload filled by hand: findings explain, fixes clear them, the raw JSON follows', async ({
  page,
  served,
}) => {
  await openConsole(page, served);
  const builder = new BuilderPage(page);
  await expect(builder.form()).toBeVisible();
  await expect(builder.finding('order_reference_id')).toContainText('required');
  await expect(page).toHaveTitle(/\d+ errors — Builder/);

  await fillByHand(page, builder);
  // 90 + 15 + 10 = 115: the stated total adds up, nothing is left to fix.
  await expect(page.getByTestId('findings-empty')).toBeVisible();
  await expect(builder.errorCount()).toHaveText('0 errors');
  await expect(page).toHaveTitle(/^No findings — Builder/);
  const typed = (await builder.rawJson()) as Record<string, unknown>;
  expect(typed['order_reference_id']).toBe('ORD-HAND-1');
  expect(typed['instalments']).toBe(4);
  expect(typed['items']).toEqual([
    {
      reference_id: 'ITEM-1',
      type: 'Physical',
      name: 'Coffee mug',
      sku: 'MUG-01',
      quantity: 2,
      total_amount: { amount: 90, currency: 'SAR' },
    },
  ]);
  expect(typed['risk_assessment']).toEqual({
    is_premium_customer: false,
    account_creation_date: '01-02-2023',
    total_order_count: 3,
    date_first_paid: '05-03-2023',
    date_last_paid: '20-10-2026',
  });

  // The ⓘ's words reach the keyboard too: a box and a choice are described by them on focus.
  await expect(builder.field('Order reference id', 'Order')).toHaveAccessibleDescription(
    "Merchant's unique order id, used for settlement and reports. Can be modified after the session is created.",
  );
  const premium = builder.section('Risk assessment').getByRole('radiogroup', { name: 'Premium customer' });
  await expect(premium).toHaveAccessibleDescription('Subscription or VIP segment.');
  // ArrowRight on its last choice stays there: it went round to "unset" and dropped the field.
  await premium.getByRole('radio', { name: 'false' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(premium.getByRole('radio', { name: 'false' })).toBeChecked();
  await page.keyboard.press('ArrowLeft');
  await expect(premium.getByRole('radio', { name: 'true' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(premium.getByRole('radio', { name: 'false' })).toBeChecked();
  expect(((await builder.rawJson()) as { risk_assessment: unknown }).risk_assessment).toMatchObject({
    is_premium_customer: false,
  });

  // Break three rules by hand: a too-long SKU, an impossible date, a currency the country does not use.
  await builder.field('SKU of item 1').fill('S'.repeat(129));
  await builder.field('Account created', 'Risk assessment').fill('31-02-2025');
  await builder.field('Country', 'Order').fill('AE');
  await expect(builder.finding('items[0].sku')).toContainText('128');
  await expect(builder.finding('risk_assessment.account_creation_date')).toBeVisible();
  await expect(builder.findings()).toContainText('not_supported_country_currency');
  await expect(builder.errorCount()).toHaveText('3 errors');
  await expect(page).toHaveTitle(/^3 errors — Builder/);

  // A click on a finding goes to its field.
  await builder.finding('items[0].sku').click();
  await expect(builder.field('SKU of item 1')).toBeFocused();
  await builder.field('SKU of item 1').fill('MUG-01');
  await builder.field('Account created', 'Risk assessment').fill('28-02-2023');
  await builder.field('Country', 'Order').fill('SA');
  await expect(page.getByTestId('findings-empty')).toBeVisible();

  // The totals helper: a wrong total is computed in one click, with the breakdown.
  await builder.field('Total amount', 'Amounts').fill('100.000');
  await expect(builder.finding('total_amount.amount')).toContainText('is 100.000, but');
  await page.getByRole('button', { name: 'Compute total' }).click();
  await expect(page.getByTestId('totals-breakdown')).toContainText('90.00');
  // The stated total is quoted as written, as its field and its finding quote it (it read 100.00).
  await expect(
    page.getByTestId('totals-breakdown').getByRole('row', { name: /Stated total_amount/ }),
  ).toHaveText(/Stated total_amount\s*100\.000$/);
  await page.getByRole('button', { name: 'Set total_amount to 115.00 SAR' }).click();
  await expect(page.getByTestId('findings-empty')).toBeVisible();
  expect(((await builder.rawJson()) as { total_amount: unknown }).total_amount).toEqual({
    amount: 115,
    currency: 'SAR',
  });
});

// On a new document KWD was kept nowhere: the picker showed empty again, items added later got
// SAR under a toast that said "Every amount is in KWD now", and switching the discount off and
// on again dropped what it held without a word.
test('a new document keeps the currency picked for every amount; an object that holds something is removed only when asked', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await expect(builder.form()).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Currency of every amount' });
  await picker.click();
  await page.getByRole('option', { name: 'KWD', exact: true }).click();
  await expect(page.getByText('The order is in KWD now')).toBeVisible();
  await expect(picker).toHaveValue('KWD');
  await closeToasts(page);

  await builder.section('Items').getByRole('button', { name: 'Add item' }).click();
  await builder.field('Item total of item 1').fill('5.000');
  await builder.field('Tax amount', 'Amounts').fill('1.500');
  await page.getByLabel('Include discount').check({ force: true });
  await builder.field('Discount name', 'Amounts').fill('VOUCHER10');
  await builder.field('Discount amount', 'Amounts').fill('0.5');
  await expect
    .poll(async () => {
      const raw = (await builder.rawJson()) as Record<string, unknown>;
      return [raw['total_amount'], raw['items'], raw['tax_amount'], raw['discount']];
    })
    .toEqual([
      { currency: 'KWD' },
      [expect.objectContaining({ total_amount: { currency: 'KWD', amount: 5 } })],
      { amount: 1.5, currency: 'KWD' },
      // The spec allows the discount only SAR or AED.
      { name: 'VOUCHER10', amount: { amount: 0.5, currency: 'SAR' } },
    ]);
  await expect(builder.findings()).not.toContainText('currency_mismatch');

  // A click, not uncheck(): the switch stays on while it asks.
  await page.getByLabel('Include discount').click({ force: true });
  const ask = page.getByRole('dialog', { name: 'Remove the discount?' });
  await expect(ask).toContainText('"name":"VOUCHER10"');
  await ask.getByRole('button', { name: 'Keep it' }).click();
  // Gone before the next click: a click on the switch while it fades out lands on its overlay,
  // and the dialog asked next was then never opened (CI: 'Remove discount' detached, 60 s).
  await expect(ask).toBeHidden();
  await expect(page.getByLabel('Include discount')).toBeChecked();
  await expect(builder.field('Discount name', 'Amounts')).toHaveValue('VOUCHER10');
  await page.getByLabel('Include discount').click({ force: true });
  await ask.getByRole('button', { name: 'Remove discount' }).click();
  await expect(page.getByLabel('Include discount')).not.toBeChecked();
  expect((await builder.rawJson()) as Record<string, unknown>).not.toHaveProperty('discount');
});

test('the raw JSON drives the form; a syntax error is shown where it breaks and never wipes the form', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const sample = (await builder.rawJson()) as Record<string, unknown>;
  const reference = String(sample['order_reference_id']);
  await expect(builder.field('Order reference id', 'Order')).toHaveValue(reference);

  // Text of many lines inserted whole (an IME commit, keyboard.insertText) is put in by the
  // editor, not edited into its DOM by the browser a line at a time: that grew with the square of
  // the lines (60 items 13 s, 170 never done). The browser's own editing is cancelled.
  await page.evaluate(() => {
    const seen: boolean[] = [];
    document.addEventListener('beforeinput', (event) => {
      if (event.inputType === 'insertText' && event.data?.includes('\n') === true)
        seen.push(event.defaultPrevented);
    });
    Object.assign(window, { wholeInsertsTakenByEditor: seen });
  });
  await builder.replaceRaw(JSON.stringify({ ...sample, expires_in_minute: 30 }, null, 2));
  expect(
    await page.evaluate(
      () => (window as unknown as { wholeInsertsTakenByEditor: boolean[] }).wholeInsertsTakenByEditor,
    ),
  ).toEqual([true]);
  await expect(builder.finding('expires_in_minute')).toContainText('expires_in_minutes');
  await expect(page.getByTestId('warning-count')).toHaveText('1 warning');

  // Break the text: the form keeps the last valid payload and says why it cannot be edited.
  await builder.replaceRaw('{ "order_reference_id": "X", ');
  await expect(page.getByTestId('form-frozen')).toContainText('line 1');
  await expect(builder.field('Order reference id', 'Order')).toHaveValue(reference);
  await expect(builder.field('Order reference id', 'Order')).toBeDisabled();
  await expect(page.locator('.cm-lint-marker-error')).toHaveCount(1);

  await builder.replaceRaw(JSON.stringify({ ...sample, order_reference_id: 'FROM-RAW' }));
  await expect(page.getByTestId('form-frozen')).toBeHidden();
  await expect(builder.field('Order reference id', 'Order')).toHaveValue('FROM-RAW');
  await expect(builder.field('Order reference id', 'Order')).toBeEnabled();
});

test('Education shows its own rules, and single checkout decides payment_type', async ({ page, served }) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await expect(page.getByTestId('findings-empty')).toBeVisible();

  await builder.chooseForm('Education');
  // A general sample lacks what the education form requires.
  await expect(builder.finding('risk_assessment.education')).toContainText('required');
  // 5: outside the general sample's 1–3, so the document surely changes (a sample with quantity
  // 2 made a fill of 2 a no-op, and Sample then rightly replaced it without asking).
  await builder.field('Quantity of item 1').fill('5');
  await expect(builder.finding('items[0].quantity')).toContainText('1');

  // A fresh education sample passes; turning single checkout off makes payment_type required.
  // The document was edited (quantity 5), so Sample asks before replacing it.
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByRole('button', { name: 'Discard and continue' }).click();
  await expect(page.getByTestId('findings-empty')).toBeVisible();
  const education = (await builder.rawJson()) as Record<string, unknown>;
  expect(education['risk_assessment']).toHaveProperty('education');
  const { payment_type: _paymentType, instalments: _instalments, ...withoutPayment } = education;
  await builder.replaceRaw(JSON.stringify(withoutPayment, null, 2));
  await expect(page.getByTestId('findings-empty')).toBeVisible();
  await page.getByLabel('Single checkout').click();
  await expect(builder.finding('payment_type')).toContainText('required');
  await expect(builder.finding('instalments')).toBeVisible();
});

test('a sample saved as a draft is found again after a reload, by the menu and the palette', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample for a country' }).click();
  await page.getByRole('menuitem', { name: 'Kuwait (KW)' }).click();
  const sample = (await builder.rawJson()) as { total_amount: { currency: string } };
  expect(sample.total_amount.currency).toBe('KWD');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Draft name').fill('Kuwait happy path');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('draft-name')).toHaveText('Kuwait happy path');
  await expect(page.getByTestId('draft-unsaved')).toBeHidden();

  // An edit marks it; the working copy (edit included) survives a reload.
  await builder.field('Description', 'Order').fill('Edited after saving');
  await expect(page.getByTestId('draft-unsaved')).toBeVisible();
  await expect(page.locator('[data-working-copy="saved"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(page.getByTestId('draft-name')).toHaveText('Kuwait happy path');
  await expect(builder.field('Description', 'Order')).toHaveValue('Edited after saving');
  await expect(page.getByTestId('draft-unsaved')).toBeVisible();

  // Duplicate, rename, then open the original again from the drafts browser.
  await builder.draftsMenu('Duplicate');
  await builder.draftsMenu('Open draft…');
  const browser = page.getByRole('dialog', { name: 'Drafts' });
  await expect(browser.getByRole('button', { name: 'Kuwait happy path (copy)', exact: true })).toBeVisible();
  await browser.getByRole('button', { name: 'Rename Kuwait happy path (copy)' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename draft' });
  await rename.getByLabel('Draft name').fill('Kuwait negative');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(browser.getByRole('button', { name: 'Kuwait negative', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await builder.draftsMenu('New document');
  await page.getByRole('button', { name: 'Discard and continue' }).click();
  await expect(page.getByTestId('draft-name')).toHaveText('Unsaved document');
  expect(await builder.rawJson()).toEqual({});

  await page.keyboard.press('ControlOrMeta+k');
  await page.getByRole('dialog').getByRole('combobox').fill('Kuwait neg');
  await page.getByRole('option', { name: /Kuwait negative/ }).click();
  await expect(page.getByTestId('draft-name')).toHaveText('Kuwait negative');
  expect(((await builder.rawJson()) as { total_amount: { currency: string } }).total_amount.currency).toBe(
    'KWD',
  );
});

test('item rows: duplicate, move and remove edit the document in place', async ({ page, served }) => {
  await openConsole(page, served);
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const names = async () => {
    const document = (await builder.rawJson()) as { items: { name: string }[] };
    return document.items.map((item) => item.name);
  };
  await expect.poll(async () => (await names()).length).toBeGreaterThanOrEqual(1);
  const items = builder.section('Items');
  // A sample has one item or more: one more makes sure there are two to move.
  const sampled = (await names()).length;
  await items.getByRole('button', { name: 'Add item' }).click();
  await expect.poll(async () => (await names()).length).toBe(sampled + 1);
  const [first, second, ...rest] = await names();

  const referenceIds = async () =>
    ((await builder.rawJson()) as { items: { reference_id: string }[] }).items.map(
      (item) => item.reference_id,
    );
  const [firstId] = await referenceIds();
  await items.getByRole('button', { name: 'Duplicate item 1' }).click();
  await expect.poll(names).toEqual([first, first, second, ...rest]);
  await expect(builder.field('Name of item 2')).toHaveValue(first ?? '');
  // The copy gets a reference_id of its own: the spec calls it the merchant's unique item id.
  const [, copyId] = await referenceIds();
  expect(copyId).toMatch(/^ITEM-\d{8}-\d{6}-[A-Z2-9]{8}$/);
  expect((await referenceIds())[0]).toBe(firstId);
  await items.getByRole('button', { name: 'Show all fields of item 2' }).click();
  const copyReference = builder.form().locator('input[data-path="items[1].reference_id"]');
  await expect(copyReference).toHaveValue(copyId ?? '');
  // Given the first one's, it is warned of, naming both.
  await copyReference.fill(firstId ?? '');
  await expect(builder.finding('items[1].reference_id')).toContainText(
    'as items[0].reference_id is: the spec calls reference_id the merchant',
  );
  await copyReference.fill(copyId ?? '');
  await expect(builder.finding('items[1].reference_id')).toHaveCount(0);
  await items.getByRole('button', { name: 'Hide all fields of item 2' }).click();

  await items.getByRole('button', { name: 'Move item 2 down' }).click();
  await expect.poll(names).toEqual([first, second, first, ...rest]);
  await expect(builder.field('Name of item 2')).toHaveValue(second ?? '');
  // The first row cannot move up, the last cannot move down.
  await expect(items.getByRole('button', { name: 'Move item 1 up' })).toBeDisabled();
  const last = (await names()).length;
  await expect(items.getByRole('button', { name: `Move item ${last} down` })).toBeDisabled();

  await items.getByRole('button', { name: 'Remove item 3' }).click();
  await expect.poll(names).toEqual([first, second, ...rest]);
  await expect(builder.field(`Name of item ${last}`)).toHaveCount(0);
});

/** The builder in the smallest window the layout is made for. */
async function builderAt1280(page: Page, served: Parameters<typeof openConsole>[1]): Promise<BuilderPage> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served);
  return new BuilderPage(page);
}

test('at 1280×800 every item row shows its fields and its buttons without scrolling sideways', async ({
  page,
  served,
}) => {
  const builder = await builderAt1280(page, served);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const items = builder.section('Items');
  const remove = items.getByRole('button', { name: 'Remove item 1' });
  await remove.scrollIntoViewIfNeeded();
  const table = items.getByRole('table', { name: 'Items' });
  const [tableBox, removeBox, nameBox, skuBox] = await Promise.all([
    table.boundingBox(),
    remove.boundingBox(),
    builder.field('Name of item 1').boundingBox(),
    builder.field('SKU of item 1').boundingBox(),
  ]);
  if (tableBox === null || removeBox === null || nameBox === null || skuBox === null)
    throw new Error('The items table is not laid out');
  // The table fits its card: nothing is left to scroll to.
  const scroller = await table.evaluate((element) => {
    const box = element.parentElement;
    return box === null ? null : { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
  expect(scroller).not.toBeNull();
  expect(scroller?.scrollWidth).toBeLessThanOrEqual(scroller?.clientWidth ?? 0);
  expect(removeBox.x + removeBox.width).toBeLessThanOrEqual(tableBox.x + tableBox.width);
  // Name and SKU stay wide enough to read a word.
  expect(nameBox.width).toBeGreaterThanOrEqual(70);
  expect(skuBox.width).toBeGreaterThanOrEqual(70);
  // An amount with three decimals (KWD, BHD, OMR) is shown whole: cut short it reads as another amount.
  const total = builder.field('Item total of item 1');
  await total.fill('10000.125');
  expect(await total.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
});

// With the education form's extra switch the toolbar wrapped onto a second line at 1280 px (and
// before that, Send was cut off on the right). One page, resized: a console and a page load for
// each size only repeated the way to the form.
test("at 1280×800 and at 1440×900 the education form's toolbar is one line, Send whole", async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served);
  await new BuilderPage(page).chooseForm('Education');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 1440, height: 900 },
  ]) {
    await page.setViewportSize(size);
    const controls = [
      page.getByRole('radiogroup', { name: 'Form' }),
      page.getByRole('switch', { name: 'Single checkout' }),
      page.getByTestId('draft-name'),
      page.getByRole('button', { name: 'Save', exact: true }),
      page.getByRole('button', { name: 'Drafts' }),
      page.getByRole('button', { name: 'Sample', exact: true }),
      page.getByRole('switch', { name: 'Fresh reference' }),
      page.getByRole('button', { name: /^Send to / }),
    ];
    const middles: number[] = [];
    for (const control of controls) {
      await expect(control).toBeVisible();
      const box = await control.boundingBox();
      if (box === null) throw new Error('A toolbar control is not laid out');
      middles.push(box.y + box.height / 2);
    }
    // One line: every control's middle within a few pixels of the others'.
    expect(Math.max(...middles) - Math.min(...middles), `at ${size.width}`).toBeLessThanOrEqual(4);
    const send = page.getByRole('button', { name: /^Send to / });
    const box = await send.boundingBox();
    if (box === null) throw new Error('No Send button');
    expect(box.x + box.width, `at ${size.width}`).toBeLessThanOrEqual(size.width);
    expect(await send.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }
});

test('an underscore typed into a monospace field is drawn, not clipped into what reads as a space', async ({
  page,
  served,
}) => {
  // DejaVu Sans Mono, the Linux monospace font this Chromium uses, lost its underscore inside an
  // input at 14 px: hessa_al-dosari@example.com read as "hessa al-dosari@example.com".
  const builder = await builderAt1280(page, served);
  for (const field of [builder.field('E-mail', 'Consumer'), builder.field('Success URL', 'Merchant URLs')]) {
    await field.scrollIntoViewIfNeeded();
    const drawn = async (text: string) => {
      await field.fill(text);
      await page.mouse.click(1, 1);
      return field.screenshot({ animations: 'disabled', caret: 'hide' });
    };
    const withUnderscores = await drawn('hessa_al_dosari');
    const withSpaces = await drawn('hessa al dosari');
    expect(withUnderscores.equals(withSpaces)).toBe(false);
  }
});

test('the line between the form and the raw JSON moves with the pointer and the keys, and stays where it was left', async ({
  page,
  served,
}) => {
  const builder = await builderAt1280(page, served);
  const line = page.getByRole('separator', { name: 'Width of the form and the raw JSON' });
  await expect(line).toHaveAttribute('aria-valuenow', '54');
  const name = builder.field('Order reference id', 'Order');
  const before = await name.boundingBox();
  const box = await line.boundingBox();
  if (before === null || box === null) throw new Error('The builder is not laid out');

  // Dragged 150 px to the right: the form's fields grow by about that much.
  await page.mouse.move(box.x + box.width / 2, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 75, box.y + 200);
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + 200);
  await page.mouse.up();
  const after = await name.boundingBox();
  expect((after?.width ?? 0) - before.width).toBeGreaterThan(50);
  const dragged = Number(await line.getAttribute('aria-valuenow'));
  expect(dragged).toBeGreaterThan(60);

  // Remembered: the next visit opens with the same widths.
  await page.reload();
  await expect(line).toHaveAttribute('aria-valuenow', String(dragged));

  // The keys: Home and End are the two limits; a double-click is the default again.
  await line.focus();
  await page.keyboard.press('Home');
  await expect(line).toHaveAttribute('aria-valuenow', '30');
  await page.keyboard.press('ArrowRight');
  await expect(line).toHaveAttribute('aria-valuenow', '32');
  await page.keyboard.press('End');
  await expect(line).toHaveAttribute('aria-valuenow', '70');
  await line.dblclick();
  await expect(line).toHaveAttribute('aria-valuenow', '54');
});

test('two tabs on one draft: the later save asks before it drops the other tab’s edits', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const first = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog').getByLabel('Draft name').fill('Shared draft');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('draft-name')).toHaveText('Shared draft');
  // Its "Saved" toast is gone before the next save's is looked for: under load the two were on
  // screen at once, and the check of the second matched both.
  await expect(page.getByText('Saved "Shared draft"')).toBeVisible();
  await closeToasts(page, 'Saved "Shared draft"');

  // A second tab of the same console opens the same draft.
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1600, height: 1000 });
  await other.goto(`${served.origin}/#/builder`);
  await expect(other.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  const second = new BuilderPage(other);
  await second.draftsMenu('Open draft…');
  await other
    .getByRole('dialog', { name: 'Drafts' })
    .getByRole('button', { name: 'Shared draft', exact: true })
    .click();
  await expect(other.getByTestId('draft-name')).toHaveText('Shared draft');

  // The first tab saves its edit.
  await toFront(page);
  await first.field('Description', 'Order').fill('Edited in the first tab');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved "Shared draft"')).toBeVisible();

  // The second tab's save is not made over it without a word.
  await toFront(other);
  await second.field('Description', 'Order').fill('Edited in the second tab');
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  const asked = other.getByRole('dialog', { name: 'Draft changed elsewhere' });
  await expect(asked).toContainText('"Shared draft" was changed elsewhere');
  // When, as the window writes every time (instant-format.ts), not main's raw UTC instant.
  await expect(asked).toContainText(/ at [A-Z][a-z]{2} \d{2}, \d{4}, \d{2}:\d{2}:\d{2}\.\d{3} (GMT|UTC)/);
  await expect(asked).not.toContainText(/\d{4}-\d{2}-\d{2}T\d{2}:/);
  await asked.getByRole('button', { name: 'Keep editing' }).click();
  await expect(second.field('Description', 'Order')).toHaveValue('Edited in the second tab');

  const reopen = async () => {
    await toFront(page);
    await first.draftsMenu('Open draft…');
    await page
      .getByRole('dialog', { name: 'Drafts' })
      .getByRole('button', { name: 'Shared draft', exact: true })
      .click();
  };
  await reopen();
  await expect(first.field('Description', 'Order')).toHaveValue('Edited in the first tab');

  // Overwrite, said explicitly, goes through.
  await toFront(other);
  await other.getByRole('button', { name: 'Save', exact: true }).click();
  await other
    .getByRole('dialog', { name: 'Draft changed elsewhere' })
    .getByRole('button', { name: 'Overwrite' })
    .click();
  await expect(other.getByText('Saved "Shared draft"')).toBeVisible();
  await reopen();
  await expect(first.field('Description', 'Order')).toHaveValue('Edited in the second tab');
});

test('two tabs each keep their own working copy: a reloaded tab finds its edits, not the other tab’s', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const first = new BuilderPage(page);
  await first.field('Description', 'Order').fill('Typed in the first tab');
  await expect(page.locator('[data-working-copy="saved"]')).toBeVisible();

  const other = await page.context().newPage();
  await other.setViewportSize({ width: 1600, height: 1000 });
  await other.goto(`${served.origin}/#/builder`);
  await expect(other.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  const second = new BuilderPage(other);
  // A new tab starts from the latest working copy…
  await expect(second.field('Description', 'Order')).toHaveValue('Typed in the first tab');
  await second.field('Description', 'Order').fill('Typed in the second tab');
  await expect(other.locator('[data-working-copy="saved"]')).toBeVisible();

  // …and the first tab, reloaded, finds its own.
  await page.reload();
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(first.field('Description', 'Order')).toHaveValue('Typed in the first tab');
  await other.reload();
  await expect(other.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  await expect(second.field('Description', 'Order')).toHaveValue('Typed in the second tab');
});
