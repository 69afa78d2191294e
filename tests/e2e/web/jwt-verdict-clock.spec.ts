import { createHmac } from 'node:crypto';
import { expect, openConsole, test } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';

const SECRET = 'whsec_one_clock_for_the_view';
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const hs256 = (claims: object) => {
  const signed = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${signed}.${createHmac('sha256', SECRET).update(signed).digest('base64url')}`;
};

// The verdict was checked once, when the token was pasted, and then said "Checked now" for good:
// nine seconds on it still read "valid … it expired 59 seconds ago, within the 60 s clock
// tolerance" over a table saying "expired 69 seconds ago". Both now read the one clock of the view.
test('the verdict is judged at the now the time claims show, and turns expired once past the tolerance', async ({
  page,
  served,
}) => {
  await page.clock.install();
  await openConsole(page, served, '#/jwt');
  const jwt = new JwtPage(page);
  await page.getByRole('combobox', { name: 'Verify against' }).click();
  await page.getByRole('option', { name: 'A secret pasted for this check only' }).click();
  await page.getByLabel('Secret', { exact: true }).fill(SECRET);
  const start = await page.evaluate(() => Date.now());
  // On a whole second, so "56 seconds ago" is exact.
  const pasted = Math.ceil(start / 1000) * 1000 + 1000;
  await page.clock.pauseAt(pasted);
  const exp = pasted / 1000 - 56;
  await page.getByRole('textbox', { name: 'Token' }).fill(hs256({ iat: exp - 900, exp }));
  await expect(page.getByTestId('relative-exp')).toHaveText('expired 56 seconds ago');
  await page.clock.runFor(1000);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');
  await expect(jwt.reason()).toContainText('it expired 57 seconds ago, within the 60 s clock tolerance');
  await expect(page.getByTestId('relative-exp')).toHaveText('expired 57 seconds ago');

  await page.clock.runFor(8000);
  await expect(page.getByTestId('relative-exp')).toHaveText('expired 65 seconds ago');
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'expired');
  await expect(jwt.reason()).toHaveText(
    `Expired 65 seconds ago (exp ${new Date(exp * 1000).toISOString()}; clock tolerance 60 s).`,
  );
});
