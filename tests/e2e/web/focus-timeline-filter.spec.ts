import { openConsole, test, expect } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';
import { CommandPalette } from '../pages/command-palette';
import { TimelinePage } from '../pages/timeline-page';

// docs/settings.md: Ctrl/Cmd+L focuses the filter's search box, History's on History and the
// Timeline's everywhere else, opening the Timeline from any other view.

// One tour of the views: the keys and the palette's entry, each where it is offered.
test('Ctrl+L from the builder, Orders or Settings opens the Timeline with its search focused; on History it focuses History\'s own search and stays there; the palette offers "Filter the timeline" from any view, and it opens the filter', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  const timeline = new TimelinePage(page);
  const nav = page.getByRole('navigation', { name: 'Main' });

  await builder.field('Description', 'Order').click();
  await page.keyboard.press('Control+L');
  await expect(page).toHaveURL(/#\/timeline$/);
  await expect(timeline.search()).toBeFocused();

  for (const view of ['Orders', 'Settings']) {
    await nav.getByRole('link', { name: view, exact: true }).click();
    await expect(page).not.toHaveURL(/#\/timeline$/);
    await expect(timeline.search()).toBeHidden();
    await page.keyboard.press('Control+L');
    await expect(page).toHaveURL(/#\/timeline$/);
    await expect(timeline.search()).toBeFocused();
  }

  await nav.getByRole('link', { name: 'History', exact: true }).click();
  await expect(page).toHaveURL(/#\/history$/);
  // Pressed once History is on screen, as a person does: pressed while its view was still being
  // mounted on CI's busy cores, the key reached no handler of History's and focused nothing.
  const historySearch = page.getByRole('textbox', { name: 'Search the history', exact: true });
  await expect(historySearch).toBeVisible();
  await page.keyboard.press('Control+L');
  // Announced as History's: it was named "Search the timeline".
  await expect(historySearch).toBeFocused();
  await expect(timeline.search()).toHaveCount(0);
  await expect(page).toHaveURL(/#\/history$/);

  await nav.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/#\/settings$/);
  const palette = new CommandPalette(page);
  await page.keyboard.press('Control+K');
  await palette.expectOpen();
  await palette.choose('filter the timeline', /^Filter the timeline/);
  await expect(page).toHaveURL(/#\/timeline$/);
  await expect(timeline.search()).toBeFocused();
});

test('in the raw JSON editor Ctrl+L takes nothing from the text: it opens the filter', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const text = await builder.rawText();
  await builder.rawEditor().click();
  await page.keyboard.press('Control+L');
  await expect(page).toHaveURL(/#\/timeline$/);
  await expect(new TimelinePage(page).search()).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL(/#\/builder$/);
  expect(await builder.rawText()).toBe(text);
});
