import { expect, openConsole, test } from '../fixtures/console-test';

// A history file saved as Latin-1, imported from History → "Import a file…", was refused with
// "The file is not UTF-8 text" and no word of where, while `import` named the byte, its line
// and column. The view says what the command says.

const record = (note: string) =>
  `${JSON.stringify({ uid: `enc-${note.length}`, kind: 'webhook', at: '2026-11-28T18:00:00.000Z', method: 'POST', path: '/', request_body: `{"note":"${note}"}` })}\n`;

test('a history file that is not UTF-8 is not imported, and the view names the byte and where', async ({
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
});
