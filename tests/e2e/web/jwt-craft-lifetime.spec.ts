import { expect, openConsole, test } from '../fixtures/console-test';
import { decodeJwt } from '../../../src/shared/jwt/decode-jwt';

const lifetimeOf = (token: string) => {
  const { times } = decodeJwt(token);
  return (times.exp?.seconds ?? 0) - (times.iat?.seconds ?? 0);
};

// Lifetime 0 (or 999999) was clamped to 1 (or 1440) as Sign token was clicked: no token, no word,
// the earlier token still on screen as if it were the one asked for; a second click signed a
// lifetime nobody typed. And the window's limit (1440 minutes) was not `jwt sign --ttl`'s (168h).
test('Lifetime keeps what is typed and says what is wrong; Sign token waits, and an earlier token is said not to match', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/jwt');
  const form = page.getByRole('form', { name: 'Craft a token' });
  const lifetime = form.getByRole('textbox', { name: 'Lifetime (minutes)' });
  const sign = form.getByRole('button', { name: 'Sign token' });
  const result = page.getByTestId('crafted-token-value');
  const stale = page.getByTestId('crafted-token-stale');

  await lifetime.fill('5');
  await sign.click();
  await expect(page.getByTestId('crafted-token')).toContainText('Valid, signed with');
  const first = ((await result.textContent()) ?? '').trim();
  expect(lifetimeOf(first)).toBe(300);
  await expect(stale).toHaveCount(0);

  await lifetime.fill('0');
  await sign.click({ force: true });
  await expect(lifetime).toHaveValue('0');
  await expect(
    form.getByText(
      "0 is below 1: enter a whole number from 1 to 10,080, or leave it empty for the signing profile's lifetime",
    ),
  ).toBeVisible();
  await expect(sign).toHaveAttribute('aria-disabled', 'true');
  await sign.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Correct Lifetime (minutes) first: it says what is wrong under it.',
  );
  // Nothing was signed, and the token still shown is said not to be what the form now asks for.
  await sign.click({ force: true });
  await expect(lifetime).toHaveValue('0');
  await expect(result).toHaveText(first);
  await expect(stale).toHaveText(
    'Not what the form now asks for: the lifetime changed since this token was signed. Sign token again for one that is.',
  );

  await lifetime.fill('999999');
  await expect(
    form.getByText(
      "999999 is above 10,080: enter a whole number from 1 to 10,080, or leave it empty for the signing profile's lifetime",
    ),
  ).toBeVisible();
  await expect(result).toHaveText(first);

  // The window's limit is the CLI's: a week, 10,080 minutes (jwt sign --ttl 168h).
  await lifetime.fill('10080');
  await expect(sign).not.toHaveAttribute('aria-disabled');
  await sign.click();
  await expect(stale).toHaveCount(0);
  await expect(result).not.toHaveText(first);
  const week = ((await result.textContent()) ?? '').trim();
  expect(lifetimeOf(week)).toBe(7 * 24 * 3600);

  // Empty is the signing profile's lifetime again, not a problem.
  await lifetime.fill('');
  await expect(form.getByText(/enter a whole number/)).toHaveCount(0);
  await expect(stale).toBeVisible();
  await sign.click();
  await expect(result).not.toHaveText(week);
  await expect(stale).toHaveCount(0);
  expect(lifetimeOf(((await result.textContent()) ?? '').trim())).toBe(15 * 60);
});
