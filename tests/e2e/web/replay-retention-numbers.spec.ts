import { expect, openConsole, test } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';

// Replay's and the History retention's number boxes keep what was typed and say under each what
// is wrong; Replay, Save policy and Apply now wait, and say why. The boxes they had kept the last
// number while showing "abc" or nothing, and the button acted on that number nobody saw.

test('Replay keeps bad numbers as typed, says what is wrong under each, and is held with the reason', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const listener = await new JwtPage(page).listenerUrl();
  const stored = await page.request.post(`${listener}/hooks`, {
    headers: { 'Content-Type': 'application/json' },
    data: '{"event_type":"order_approved","data":[]}',
  });
  const { id } = (await stored.json()) as { id: number };
  await page.goto(`${served.origin}/#/replay?ids=${id}`);
  const replay = page.getByRole('button', { name: /^Replay( \d+)?$/ });

  const repeat = page.getByRole('textbox', { name: 'Repeat' });
  await repeat.fill('3');
  await expect(replay).toHaveText('Replay 3');
  await expect(replay).toBeEnabled();
  await repeat.fill('abc');
  await expect(repeat).toHaveValue('abc');
  await expect(page.getByText('"abc" is not a number: enter a whole number from 1 to 1,000')).toBeVisible();
  // Not "Replay 3": the count of a number the box does not show.
  await expect(replay).toHaveText('Replay');
  await expect(replay).toBeDisabled();
  // Nor a plan counting the sends of a number the box does not show.
  await expect(page.getByTestId('replay-plan')).toHaveCount(0);
  await replay.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Correct Repeat first: it says what is wrong under it.');

  const atOnce = page.getByRole('textbox', { name: 'At once' });
  await atOnce.fill('');
  await expect(atOnce).toHaveValue('');
  await expect(page.getByText('Empty: enter a whole number from 1 to 64')).toBeVisible();
  const delay = page.getByRole('textbox', { name: 'Delay (ms)' });
  await delay.fill('60001');
  await expect(page.getByText('60001 is above 60,000: enter a whole number from 0 to 60,000')).toBeVisible();
  await page.mouse.move(0, 0);
  await replay.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Correct Repeat, At once, Delay (ms) first: each says what is wrong under it.',
  );
  await replay.click({ force: true });
  await expect(page.getByTestId('replay-progress')).toHaveCount(0);

  // Corrected, the plan and the button count what the boxes show.
  await repeat.fill('2');
  await atOnce.fill('1');
  await delay.fill('0');
  await expect(page.getByTestId('replay-plan')).toContainText('2 sends');
  await expect(replay).toHaveText('Replay 2');
  await expect(replay).toBeEnabled();
});

test('retention keeps bad numbers as typed, previews nothing for them, and holds Save policy and Apply now with the reason', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/history');
  const retention = page.getByRole('radiogroup', { name: 'Retention' });
  const preview = page.getByTestId('retention-preview');
  const save = page.getByRole('button', { name: 'Save policy' });
  const apply = page.getByRole('button', { name: 'Apply now' });

  await retention.getByText('Last N days', { exact: true }).click();
  const days = page.getByRole('textbox', { name: 'Days' });
  await days.fill('7');
  await expect(preview).toHaveText('Applying it now removes 0 and keeps 0 records.');
  await days.fill('abc');
  await expect(days).toHaveValue('abc');
  await expect(page.getByText('"abc" is not a number: enter a whole number from 1 to 36,500')).toBeVisible();
  // The preview of the last number (7) is not shown under a box that says "abc".
  await expect(preview).toHaveText('');
  await expect(save).toBeDisabled();
  await expect(apply).toBeDisabled();
  await save.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Correct Days first: it says what is wrong under it.');
  await save.click({ force: true });
  await expect(page.getByText('Retention saved')).toHaveCount(0);

  await retention.getByText('Last N records', { exact: true }).click();
  const records = page.getByRole('textbox', { name: 'Records' });
  await records.fill('');
  await expect(records).toHaveValue('');
  await expect(page.getByText('Empty: enter a whole number from 1 to 100,000,000')).toBeVisible();
  await expect(preview).toHaveText('');
  await page.mouse.move(0, 0);
  await apply.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Correct Records first: it says what is wrong under it.',
  );

  // Corrected, it previews and saves what the box shows.
  await records.fill('5');
  await expect(preview).toHaveText('Applying it now removes 0 and keeps 0 records.');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Retention saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Records' })).toHaveValue('5');
});
