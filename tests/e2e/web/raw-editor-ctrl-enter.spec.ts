import { openConsole, test, expect } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';

// docs/settings.md: Ctrl/Cmd+Enter in the raw JSON editor sends, and only sends. CodeMirror's own
// Mod-Enter (insert a blank line) ran as well, so the text changed under the send.

test('Ctrl+Enter in the raw JSON editor sends the text and leaves it as it was', async ({ page, served }) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const text = await builder.rawText();
  await builder.rawEditor().click();
  await page.keyboard.press('Control+Enter');
  await expect(page.getByText('Answer from Local')).toBeVisible();
  expect(await builder.rawText()).toBe(text);
});
