import { expect, openConsole, test } from '../fixtures/console-test';
import { JwtPage } from '../pages/jwt-page';
import { TimelinePage } from '../pages/timeline-page';

const ESCAPED = 'The header has "\\u200b" at character 11, which base64url does not use.';

// A token with a zero-width space (U+200B) in it was refused with 'The header has "" at character
// 11': the character quoted raw, so unseen, in the inspector and in the Timeline's Token verdicts,
// while jwt verify printed "\u200b". The reason's words have one owner, which writes it escaped.
test('a malformed token reason shows an invisible character as its \\u escape, in the inspector and on the timeline', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/listener');
  const jwt = new JwtPage(page);
  const { listener, token } = await jwt.listenerAndValidToken();
  const hidden = `${token.slice(0, 10)}\u200b${token.slice(10)}`;

  await page.getByRole('textbox', { name: 'Token' }).fill(hidden);
  await expect(jwt.verdict()).toHaveAttribute('data-verdict', 'malformed');
  await expect(jwt.reason()).toHaveText(ESCAPED);
  await expect(page.getByTestId('decode-problem')).toContainText(ESCAPED);
  // Read as it is: Playwright's text matchers drop a zero-width space from what they compare.
  expect(await page.getByTestId('jwt-verdict').textContent()).not.toContain('\u200b');
  expect(await page.getByTestId('decode-problem').textContent()).not.toContain('\u200b');

  const delivered = await page.request.post(
    `${listener}/webhooks?serviceToken=${encodeURIComponent(hidden)}`,
    {
      headers: { 'Content-Type': 'application/json' },
      data: '{"order_id":"o-hidden","event_type":"order_approved","data":[]}',
    },
  );
  const { id } = (await delivered.json()) as { id: number };
  await page.goto(`${served.origin}/#/timeline?id=${id}`);
  const detail = new TimelinePage(page).detail();
  await expect(detail.getByTestId('token-checks')).toContainText(ESCAPED);
  expect(await detail.getByTestId('token-checks').textContent()).not.toContain('\u200b');
});
