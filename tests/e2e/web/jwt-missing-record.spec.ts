import type { Page } from '@playwright/test';
import { expect, openConsole, test } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';

const APPROVED = JSON.stringify({ order_id: 'o-missing-record', event_type: 'order_approved', data: [] });

/** Another address in the same page, as a link or a typed hash does it (no reload). */
const openHash = (page: Page, hash: string) =>
  page.evaluate((next) => {
    window.location.hash = next;
  }, hash);

// #/jwt?event=2 then #/jwt?event=99999 said "Timeline record 99999 does not exist" over webhook
// #2's masked token and its verdict, still labelled as webhook #2's; after #/jwt?token=A the
// editor kept token A. A record that does not exist shows nothing of the one before.
test('an address naming a record that does not exist shows nothing of what was inspected before', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const { listener, token } = await jwt.listenerAndValidToken();
  const delivered = await page.request.post(`${listener}/webhooks?serviceToken=${token}`, {
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    data: APPROVED,
  });
  const { id } = (await delivered.json()) as { id: number };
  const editor = page.getByRole('textbox', { name: 'Token' });
  const missing = page.getByText('Timeline record 99999 does not exist');
  const nothingInspected = async (said = missing) => {
    await expect(said).toBeVisible();
    await expect(page.getByTestId('inspected-token')).toHaveCount(0);
    await expect(page.getByTestId('record-tokens')).toHaveCount(0);
    await expect(jwt.verdict()).toHaveCount(0);
    await expect(page.getByTestId('jwt-claims')).toHaveCount(0);
    await expect(editor).toHaveValue('');
  };

  await openHash(page, `#/jwt?event=${id}`);
  await expect(page.getByTestId('inspected-token')).toContainText(`••••${token.slice(-4)}`);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');
  await openHash(page, '#/jwt?event=99999');
  await nothingInspected();

  // An edited copy of the webhook's token is not kept either.
  await openHash(page, `#/jwt?event=${id}`);
  await expect(missing).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit a copy' }).click();
  await expect(editor).toHaveValue(token);
  await openHash(page, '#/jwt?event=99999');
  await nothingInspected();
  await expect(page.getByTestId('inspecting-edited')).toHaveCount(0);

  await openHash(page, `#/jwt?token=${token}`);
  await expect(editor).toHaveValue(token);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'valid');
  await openHash(page, '#/jwt?event=99999');
  await nothingInspected();

  // An id that is no record number opened an empty inspector without a word.
  await openHash(page, `#/jwt?event=${id}`);
  await expect(page.getByTestId('inspected-token')).toContainText(`••••${token.slice(-4)}`);
  await openHash(page, '#/jwt?event=abc');
  await nothingInspected(page.getByText('event must be a record id, not "abc".'));
});
