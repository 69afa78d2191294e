import { expect, openConsole, test } from '../fixtures/console-test';

// A history file saved as Latin-1, imported from History → "Import a file…", was refused with
// "The file is not UTF-8 text" and no word of where, while `import` named the byte, its line
// and column. The view says what the command says.

const record = (note: string) =>
  `${JSON.stringify({ uid: `enc-${note.length}`, kind: 'webhook', at: '2026-11-28T18:00:00.000Z', method: 'POST', path: '/', request_body: `{"note":"${note}"}` })}\n`;

test('a history file that is not UTF-8 is not imported, the view names the byte and where, and the file fixed is read again', async ({
  page,
  served,
}) => {
  await openConsole(page, served, '#/history');
  await expect(page.getByTestId('history-empty')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Import a file…' }).click();
  const text = `${record('ok')}${record('Café')}`;
  await (
    await chooser
  ).setFiles({
    name: 'latin1.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(text, 'latin1'),
  });
  const column = record('Café').indexOf('é') + 1;
  await expect(page.getByTestId('import-result')).toHaveText(
    `latin1.ndjson: Nothing imported. The file is not UTF-8 text: byte 0xE9 at line 2, column ${column} is not UTF-8 (an export always is; was it saved as Latin-1 or another encoding?).`,
  );
  await expect(page.getByTestId('history-empty')).toBeVisible();

  // Fixed in an editor and chosen again under the same name: a browser says nothing of a file
  // input whose value did not change, so the old verdict stayed. The input is cleared after each
  // import, and the same file's next choice is read again.
  const input = page.locator('input[type="file"]');
  await expect(input).toHaveValue('');
  await input.setInputFiles({
    name: 'latin1.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(text, 'utf8'),
  });
  await expect(page.getByTestId('import-result')).toHaveText(
    'Imported 2 records from latin1.ndjson (ndjson).',
  );
  await expect(input).toHaveValue('');
});
