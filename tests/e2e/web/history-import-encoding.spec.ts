import type { Page, WebSocketRoute } from '@playwright/test';
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

/**
 * Holds the window's history imports (the call that runs the uploaded file) on their way to
 * main until released, as a 5 MB file's import is held while main reads and writes it.
 */
async function holdImports(page: Page): Promise<{ hold: () => void; release: () => void }> {
  let holding = false;
  const held: { server: WebSocketRoute; message: string | Buffer }[] = [];
  await page.routeWebSocket(/.*/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => {
      if (holding && /"runCallFromUpload"/.test(String(message))) held.push({ server, message });
      else server.send(message);
    });
    server.onMessage((message) => ws.send(message));
  });
  return {
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      for (const { server, message } of held.splice(0)) server.send(message);
    },
  };
}

// A second import, while it ran, showed the first one's result under its spinners ("Imported 0
// records from tampered.json…") for seconds, as if it were the second file's.
test('while an import runs, the line under the buttons names the file being imported, not the last import’s result', async ({
  page,
  served,
}) => {
  const imports = await holdImports(page);
  await openConsole(page, served, '#/history');
  const input = page.locator('input[type="file"]');
  await input.setInputFiles({
    name: 'first.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(record('first')),
  });
  await expect(page.getByTestId('import-result')).toHaveText('Imported 1 record from first.ndjson (ndjson).');
  await expect(page.getByTestId('import-timeline-links')).toBeVisible();

  imports.hold();
  await input.setInputFiles({
    name: 'second.ndjson',
    mimeType: 'application/x-ndjson',
    buffer: Buffer.from(record('second')),
  });
  await expect(page.getByTestId('import-result')).toHaveText('Importing second.ndjson…');
  await expect(page.getByTestId('import-timeline-links')).toHaveCount(0);

  imports.release();
  await expect(page.getByTestId('import-result')).toHaveText(
    'Imported 1 record from second.ndjson (ndjson).',
  );
});
