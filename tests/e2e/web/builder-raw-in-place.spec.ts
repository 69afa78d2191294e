import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';

const FIXTURE = readFileSync(join(process.cwd(), 'tests', 'fixtures', 'general-valid.json'), 'utf8');

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** An input of the form by its document path (two address blocks share their labels). */
const input = (builder: BuilderPage, path: string) => builder.form().locator(`input[data-path="${path}"]`);

test('Same as shipping never hides nor overwrites a billing address the raw JSON gives its own', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await builder.pasteRaw(FIXTURE);
  await expect(input(builder, 'shipping_address.city')).toHaveValue('Riyadh');
  const same = page.getByRole('switch', { name: 'Same as shipping' });
  await same.check();
  await expect(builder.form().getByText('billing_address follows shipping_address.')).toBeVisible();

  // The raw JSON gives billing an address of its own.
  const text = await builder.rawText();
  const billingAt = text.indexOf('"billing_address"');
  const billing = text
    .slice(billingAt)
    .replace('"city": "Riyadh"', '"city": "Jeddah"')
    .replace('"line1": "Building 69, Olaya Street"', '"line1": "PO Box 1"');
  await builder.pasteRaw(`${text.slice(0, billingAt)}${billing}`);

  await expect(same).not.toBeChecked();
  await expect(
    page.getByRole('status').filter({ hasText: 'Same as shipping was switched off' }),
  ).toBeVisible();
  await expect(input(builder, 'billing_address.city')).toHaveValue('Jeddah');
  await expect(input(builder, 'billing_address.line1')).toHaveValue('PO Box 1');
  await page.screenshot({ path: test.info().outputPath('same-as-shipping-off.png') });

  await input(builder, 'shipping_address.phone_number').press('End');
  await input(builder, 'shipping_address.phone_number').pressSequentially('9');
  await expect
    .poll(
      async () =>
        ((await builder.rawJson()) as { shipping_address: { phone_number: string } }).shipping_address,
    )
    .toMatchObject({ phone_number: '+9665904987189' });
  const raw = (await builder.rawJson()) as Record<string, { city: string; line1: string }>;
  expect(raw['billing_address']).toMatchObject({ city: 'Jeddah', line1: 'PO Box 1' });
  expect(raw['shipping_address']).toMatchObject({ city: 'Riyadh' });
});

test('a form edit changes only its own value in the raw JSON: digits, line breaks, a name given twice and the layout stay', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  const payload = JSON.parse(FIXTURE) as Record<string, unknown>;
  payload['total_amount'] = { amount: 'AMOUNT', currency: 'SAR' };
  payload['instalments'] = 'INSTALMENTS';
  // Line breaks a one-line box cannot hold: it showed "Line oneLine two", and a key typed at its
  // end wrote that into the raw JSON, the line breaks gone.
  payload['description'] = 'Line one\nLine two';
  (payload['consumer'] as Record<string, unknown>)['first_name'] = 'Maryam\nAl\tOtaibi\r\n';
  const [item] = payload['items'] as Record<string, unknown>[];
  if (item !== undefined) item['name'] = 'Prayer mat,\npadded';
  const compact = JSON.stringify(payload)
    .replace('"AMOUNT"', '72.980')
    .replace('"INSTALMENTS"', ' 4.0')
    .replace('"shipping_address":{', '"shipping_address":{"country_code":"AE",');
  await builder.pasteRaw(compact);
  await expect(builder.finding('shipping_address.country_code')).toBeVisible();
  const orderNumber = String(payload['order_number']);
  await expect(builder.field('Order number', 'Order')).toHaveValue(orderNumber);
  // Each is shown as the raw JSON writes it, read-only, saying where to edit it; keys typed
  // there change nothing.
  const note = 'Holds a line break, which this box cannot keep: edit it in the raw JSON.';
  // A box of the form keeps its ⓘ's words after the note, for the keyboard; a cell has no ⓘ.
  for (const [path, shown, described] of [
    ['description', 'Line one\\nLine two', `${note} Order description. At most 256 characters.`],
    ['items[0].name', 'Prayer mat,\\npadded', note],
  ] as const) {
    const box = input(builder, path);
    await expect(box).toHaveValue(shown);
    await expect(box).toHaveAttribute('readonly');
    await expect(box).toHaveAccessibleDescription(described);
    await box.press('End');
    await box.pressSequentially('X');
    await expect(box).toHaveValue(shown);
  }
  expect(await builder.rawText()).toBe(compact);

  await builder.field('Order number', 'Order').press('End');
  await builder.field('Order number', 'Order').pressSequentially('7');
  await expect
    .poll(() => builder.rawText())
    .toBe(compact.replace(`"order_number":"${orderNumber}"`, `"order_number":"${orderNumber}7"`));
  await expect(builder.finding('shipping_address.country_code')).toBeVisible();
});

test('a number typed in the form goes into the raw JSON as the digits typed', async ({ page, served }) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await builder.pasteRaw(FIXTURE);
  // The form shows the pasted document first: a fill made before its value arrived had it land
  // after the selection and was typed after it (CI read "72.9872.980000000000000001").
  await expect(builder.field('Total amount', 'Amounts')).toHaveValue('72.98');
  await expect(builder.field('Risk score', 'Risk assessment')).toHaveValue('74');
  await builder.field('Total amount', 'Amounts').fill('72.980000000000000001');
  await builder.field('Risk score', 'Risk assessment').fill('99999999999999999999');
  await expect.poll(() => builder.rawText()).toContain('"risk_score": 99999999999999999999,');
  const text = await builder.rawText();
  expect(text).toMatch(/"total_amount": \{\n {4}"amount": 72\.980000000000000001,/);
  await expect(builder.field('Total amount', 'Amounts')).toHaveValue('72.980000000000000001');
  await expect(builder.field('Risk score', 'Risk assessment')).toHaveValue('99999999999999999999');

  // Digits JSON does not write so (leading zeros, spaces around, a bare point) go in as the number
  // they read as; once the box is left it shows that number too, not "0012" over a raw 12.
  for (const [typed, written] of [
    ['0012', '12'],
    [' 12 ', '12'],
    ['12.50 ', '12.50'],
    ['12.', '12'],
  ] as const) {
    await builder.field('Risk score', 'Risk assessment').fill(typed);
    await expect.poll(() => builder.rawText()).toContain(`"risk_score": ${written},`);
    await expect(builder.field('Risk score', 'Risk assessment')).toHaveValue(typed);
    await builder.field('Risk score', 'Risk assessment').press('Tab');
    await expect(builder.field('Risk score', 'Risk assessment')).toHaveValue(written);
  }
});

test('a number typed in the form for a key the raw JSON lacks goes in as the digits typed', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await builder.pasteRaw('{}\n');
  await expect(builder.field('Total amount', 'Amounts')).toHaveValue('');
  await builder.field('Total amount', 'Amounts').fill('72.980');
  await builder.field('Instalments').fill('99999999999999999999');
  await expect.poll(() => builder.rawText()).toContain('"instalments": 99999999999999999999');
  expect(await builder.rawText()).toBe(
    '{\n  "total_amount": {\n    "amount": 72.980\n  },\n  "instalments": 99999999999999999999\n}\n',
  );
  await builder.field('Instalments').fill('1e3');
  await expect.poll(() => builder.rawText()).toContain('"instalments": 1e3\n');
});

test('the form shows a number with the digits the raw JSON writes, also after a reload', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  const text = FIXTURE.replace('"amount": 72.98,', '"amount": 172.500,')
    .replace('"instalments": 4,', '"instalments": 99999999999999999999,')
    .replace('"total_order_count": 23', '"total_order_count": 9007199254740993')
    .replace('"quantity": 1,', '"quantity": 1.0,');
  await builder.pasteRaw(text);
  await expect(builder.field('Total amount', 'Amounts')).toHaveValue('172.500');
  await expect(builder.field('Instalments')).toHaveValue('99999999999999999999');
  await expect(input(builder, 'risk_assessment.total_order_count')).toHaveValue('9007199254740993');
  await expect(input(builder, 'items[0].quantity')).toHaveValue('1.0');

  // Digits typed into the raw JSON for the number already there reach the form too.
  await builder.pasteRaw(text.replace('"amount": 172.500,', '"amount": 172.5000,'));
  await expect(builder.field('Total amount', 'Amounts')).toHaveValue('172.5000');
  // What was typed in the form gives way to other digits for the same number in the raw JSON.
  await builder.field('Total amount', 'Amounts').fill('172.5');
  await expect.poll(() => builder.rawText()).toContain('"amount": 172.5,');
  await builder.pasteRaw(text.replace('"amount": 172.500,', '"amount": 172.50,'));
  await expect(builder.field('Total amount', 'Amounts')).toHaveValue('172.50');

  await builder.field('Instalments').fill('1e3');
  await expect.poll(() => builder.rawText()).toContain('"instalments": 1e3,');
  await page.reload();
  await expect(builder.field('Instalments')).toHaveValue('1e3');
  await expect(builder.field('Total amount', 'Amounts')).toHaveValue('172.50');
});

// An extra risk field's row (any JSON value) showed and wrote a number as JavaScript does: the
// raw JSON's 99999999999999999999 read 100000000000000000000 in its row, and one typed there went
// in as 1e+23.
test("an extra risk field's row shows and writes a number with its digits", async ({ page, served }) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await builder.pasteRaw(
    FIXTURE.replace(
      '"total_order_count": 23',
      '"total_order_count": 23,\n    "merchant_score": 99999999999999999999',
    ),
  );
  await builder
    .form()
    .getByRole('button', { name: /^Extra risk fields/ })
    .click();
  const value = builder.form().getByRole('textbox', { name: 'Value of merchant_score' });
  await expect(value).toHaveValue('99999999999999999999');
  await value.fill('123456789012345678901234');
  await expect.poll(() => builder.rawText()).toContain('"merchant_score": 123456789012345678901234');
  await expect(value).toHaveValue('123456789012345678901234');
});
