import { expect, openConsole, test } from '../fixtures/console-test';
import { closeToasts, expectToast, noteToasts } from '../fixtures/toasts-seen';
import { BuilderPage } from '../pages/builder-page';

// The emulator's "Empty and blank values" setting (Emulator → Settings): the builder, on the
// Local profile, weighs an empty e-mail and a first name of only spaces as that setting says, so
// its findings are what Send to Local will answer (a warning, a 400, or nothing). Its
// "instalments required" setting likewise weighs a PAY_BY_LATER request without instalments, and
// its "Missing country_code" setting a request without the top-level country_code.

test("changing a setting in the Emulator view changes the weight of the builder's finding", async ({
  page,
  served,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await expect(page.getByRole('button', { name: 'Send to Local' })).toBeVisible();
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const sample = (await builder.rawJson()) as { consumer: Record<string, unknown>; instalments?: unknown };
  await builder.pasteRaw(
    JSON.stringify({ ...sample, consumer: { ...sample.consumer, email: '', first_name: '   ' } }, null, 2),
  );
  await expect(builder.finding('consumer.email')).toHaveAccessibleName(/^warning: consumer\.email: /);
  await expect(builder.finding('consumer.first_name')).toHaveAccessibleName(
    /^warning: consumer\.first_name: first_name holds only blanks/,
  );

  const choose = async (
    choice: 'Warn' | 'Refuse' | 'Accept' | 'Always' | 'Take SA',
    setting:
      'Empty and blank values' | 'instalments required' | 'Missing country_code' = 'Empty and blank values',
  ) => {
    await page.getByRole('navigation', { name: 'Main' }).getByText('Emulator', { exact: true }).click();
    const settings = page.getByTestId('emulator-spec-settings');
    // The section stays open once opened (the view keeps it while the app runs). Whether it is
    // open is asked of its control once the view is up: asked of its content at once, a view
    // not yet shown read as closed, and the click meant to open it closed it (CI).
    const control = page.getByRole('button', { name: 'Settings: where the spec is open' });
    await expect(control).toBeVisible();
    if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
    await expect(control).toHaveAttribute('aria-expanded', 'true');
    const group = settings.getByRole('radiogroup', { name: setting });
    await group.getByText(choice).click();
    await expect(group.getByRole('radio', { name: choice })).toBeChecked();
    // The toast of the choice before may still be up: closed, so the toast awaited is this save's.
    await closeToasts(page, 'Emulator settings saved');
    await noteToasts(page);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Emulator settings saved');
    await builder.open();
  };

  await choose('Refuse');
  await expect(builder.finding('consumer.email')).toHaveAccessibleName(/^error: consumer\.email: .*refuse/);
  await expect(builder.finding('consumer.first_name')).toHaveAccessibleName(
    /^error: consumer\.first_name: .*refuse/,
  );

  await choose('Accept');
  await expect(page.getByText('No findings: the payload follows every rule of the spec.')).toBeVisible();

  // PAY_BY_LATER without instalments, as the official client sends it: a warning by default, an
  // error once the emulator is set to the spec's letter.
  const { instalments: _count, ...payLater } = { ...sample, payment_type: 'PAY_BY_LATER' };
  await builder.pasteRaw(JSON.stringify(payLater, null, 2));
  await expect(builder.finding('instalments')).toHaveAccessibleName(
    /^warning: instalments: instalments is not given and payment_type is PAY_BY_LATER/,
  );
  await choose('Always', 'instalments required');
  await expect(builder.finding('instalments')).toHaveAccessibleName(
    /^error: instalments: instalments is required/,
  );

  // No country_code: required by default (the spec's "yes"), judged as SA once the emulator is
  // set to take its "Default SA".
  const { country_code: _country, ...noCountry } = sample as Record<string, unknown>;
  // In SAR, whatever country the sample drew: SA pairs with it at the default table.
  await builder.pasteRaw(JSON.stringify(noCountry, null, 2).replace(/"(AED|BHD|KWD|OMR)"/g, '"SAR"'));
  await expect(builder.finding('country_code')).toHaveAccessibleName(
    /^error: country_code: country_code is required/,
  );
  await choose('Take SA', 'Missing country_code');
  await expect(builder.finding('country_code')).toHaveCount(0);
});

// The supported pairs are the emulator's setting too: a pair it was set to support was an error
// in the builder, though Send to Local was accepted.
test('a country/currency pair the emulator is set to support is no error in the builder', async ({
  page,
  served,
}) => {
  // The builder's analysis, the emulator's view and a save in one test: on CI's two busy cores it
  // ran out of the default 60 s at its last steps (the pair's option was listed, not yet clicked).
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await expect(page.getByRole('button', { name: 'Send to Local' })).toBeVisible();
  await builder.chooseForm('General');
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const sample = (await builder.rawJson()) as Record<string, unknown>;
  const country = String((sample['country_code'] as string | undefined) ?? 'SA');
  await builder.pasteRaw(
    JSON.stringify(sample, null, 2).replace(/"(SAR|AED|BHD|KWD|OMR)"/g, country === 'AE' ? '"SAR"' : '"AED"'),
  );
  const other = country === 'AE' ? 'SAR' : 'AED';
  const pairFinding = page.getByText(/not_supported_country_currency|is not supported/).first();
  await expect(pairFinding).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByText('Emulator', { exact: true }).click();
  const settings = page.getByTestId('emulator-spec-settings');
  const control = page.getByRole('button', { name: 'Settings: where the spec is open' });
  await expect(control).toBeVisible();
  if ((await control.getAttribute('aria-expanded')) !== 'true') await control.click();
  await expect(control).toHaveAttribute('aria-expanded', 'true');
  const pairs = settings.getByRole('combobox', { name: 'Supported country/currency pairs' });
  // The list is opened and searched again until the pair is offered: once on CI's busy cores the
  // search was typed and no option ever came (120 s), and it never happened here under load.
  const option = page.getByRole('option', { name: `${country}-${other}`, exact: true });
  await expect(async () => {
    if (!(await option.isVisible())) {
      await pairs.click();
      await pairs.fill(`${country}-${other}`);
    }
    await expect(option).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await option.click();
  await page.keyboard.press('Escape');
  await noteToasts(page);
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'Emulator settings saved');
  await builder.open();
  await expect(pairFinding).toHaveCount(0);
});
