import { expect, test } from '../fixtures/console-test';

// A tab whose first attempt to reach the console fails (a slow machine: the page's first
// session check timed out while the bundle was still being run) used to say "The console could
// not start: The console is not connected; nothing was sent." and stay so, though its second
// attempt connected a quarter of a second later: the shell's first loads failed with the
// attempt, and the loads made again on the reconnection never cleared that error.
test('a first connection that fails, then succeeds, ends ready, never "could not start"', async ({
  page,
  served,
}) => {
  let refused = 0;
  await page.route(/\/session$/, async (route) => {
    if (refused === 0) {
      refused += 1;
      return route.abort('connectionrefused');
    }
    return route.continue();
  });
  await page.goto(served.launchUrl + '#/timeline');
  await expect(page.locator('#root')).toHaveAttribute('data-app-state', 'ready');
  expect(refused).toBe(1);
  await expect(page.getByText('The console could not start')).toHaveCount(0);
  await expect(page.getByTestId('connection-banner')).toHaveCount(0);
  // The shell is whole: the active profile is named, the view is there.
  await expect(
    page.getByRole('radiogroup', { name: 'Active profile' }).getByRole('radio', { checked: true }),
  ).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveText(
    'Timeline',
  );
  await expect(page.getByText('Nothing yet: webhooks, requests')).toBeVisible();
});
