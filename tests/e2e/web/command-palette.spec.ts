import { openConsole, test, expect } from '../fixtures/console-test';
import { CommandPalette } from '../pages/command-palette';
import { ProfilesPage } from '../pages/profiles-page';

test('Ctrl+K opens the palette; it finds a profile and switches to it', async ({ page, served }) => {
  await openConsole(page, served);
  const palette = new CommandPalette(page);
  const profiles = new ProfilesPage(page);
  await expect(profiles.activeBadge()).toHaveText('Local');

  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  // cmdk's semantics: a combobox driving a listbox of options.
  await expect(palette.dialog().getByRole('listbox')).toBeVisible();
  await expect(palette.option(/^Sandbox/)).toBeVisible();

  await palette.choose('sandb', /^Sandbox/);
  await expect(profiles.activeBadge()).toHaveText('Sandbox');
});

// The palette as a way about, twice: the second from the view the first opened.
test('the top-bar button opens the palette, which navigates to a view with the keyboard only; "New profile" from anywhere opens the empty profile form', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/profiles');
  const palette = new CommandPalette(page);
  await palette.topBarButton().click();
  await palette.expectOpen();

  await palette.input().fill('settings');
  await expect(palette.option(/^Settings/)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(palette.dialog()).toBeHidden();
  await expect(page).toHaveURL(/#\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  // From Settings, as from any view.
  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  await palette.choose('new profile', 'New profile');
  await expect(page).toHaveURL(/#\/profiles$/);
  await expect(page.getByRole('heading', { name: 'New profile', level: 4 })).toBeVisible();
  await expect(page.locator('form').getByLabel('Name')).toHaveValue('');
});

test('arrow keys move through the results and Escape closes the palette', async ({ page, served }) => {
  await openConsole(page, served);
  const palette = new CommandPalette(page);
  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  await palette.input().fill('profile');
  const options = palette.dialog().getByRole('option');
  await expect(options.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(options.first()).toHaveAttribute('aria-selected', 'false');

  await palette.input().fill('no such thing at all');
  await expect(palette.dialog().getByText('Nothing matches')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(palette.dialog()).toBeHidden();
  // Ctrl+K toggles: open, then closed again from inside the search field.
  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  await page.keyboard.press('Control+K');
  await expect(palette.dialog()).toBeHidden();
});

test('Ctrl+Enter with no builder open says where to send from', async ({ page, served }) => {
  await openConsole(page, served, '#/settings');
  await page.keyboard.press('Control+Enter');
  // Exactly the notification's words: the Settings view's shortcut table quotes them in a longer line.
  await expect(page.getByText('Open the builder to send', { exact: true })).toBeVisible();
});
