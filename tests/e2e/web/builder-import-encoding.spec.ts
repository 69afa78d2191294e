import { expect, openConsole, test } from '../fixtures/console-test';
import { BuilderPage } from '../pages/builder-page';

// A payload file imported into the builder was read with replacement: a Latin-1 "é" became
// U+FFFD, a payload the file does not hold, with no word of it. `validate` and `send` refuse such
// a file, and so does the builder, naming the byte and where it is; the editor keeps what it had.

test('a payload file that is not UTF-8 is not imported, and the toast says which byte and where', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  const builder = new BuilderPage(page);
  await page.getByRole('button', { name: 'Sample', exact: true }).click();
  const before = await builder.rawText();
  await page.getByRole('button', { name: 'Drafts' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import JSON file…' }).click();
  const picked = await chooser;
  // A person takes a moment in the file dialog: the menu has closed before a file is chosen (under
  // load it had, now and then, and the file reached no one: "Not imported" never showed).
  await expect(page.getByRole('menuitem', { name: 'Import JSON file…' })).toHaveCount(0);
  await picked.setFiles({
    name: 'latin1.json',
    mimeType: 'application/json',
    buffer: Buffer.concat([Buffer.from('{"description":"Caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
  });
  await expect(page.getByText('Not imported')).toBeVisible();
  await expect(
    page.getByText(
      'latin1.json is not UTF-8 text: byte 0xE9 at line 1, column 20 is not UTF-8 (JSON is; was it saved as Latin-1 or another encoding?).',
    ),
  ).toBeVisible();
  expect(await builder.rawText()).toBe(before);
});

// The refusal of a file over the limit said "is 5242891 bytes; the builder holds at most 4194304
// (4 MiB)": ungrouped, untrue (the builder holds a larger document pasted in), and counted in
// bytes a limit of characters (an Arabic file of 4.6 MB is 2.3 million characters, which a draft
// keeps). It now counts characters, as the draft's limit does, and says why the limit is there.
test("a payload file over a draft's 4,194,304 characters is not imported, and the toast says so in characters", async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/builder');
  await page.getByRole('button', { name: 'Drafts' }).click();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('menuitem', { name: 'Import JSON file…' }).click();
  const picked = await chooser;
  await expect(page.getByRole('menuitem', { name: 'Import JSON file…' })).toHaveCount(0);
  await picked.setFiles({
    name: 'huge.json',
    mimeType: 'application/json',
    buffer: Buffer.from(`{"description":"${'x'.repeat(5_000_000 - 18)}"}`),
  });
  await expect(
    page.getByText(
      'huge.json is 5,000,000 characters; the builder imports a file of at most 4,194,304 characters, so that a draft can keep it.',
    ),
  ).toBeVisible();
});
