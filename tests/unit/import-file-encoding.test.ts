import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileTextPieces } from '../../src/renderer/src/bridge/large-calls';
import { runCliCaptured } from './helpers/run-cli';
import { SOURCE_CLI } from './helpers/source-cli';
import { makeTempDir } from './helpers/temp-console';

/**
 * A history file is UTF-8 (every export is). One saved as Latin-1 or UTF-16 was read with each
 * byte that is not UTF-8 turned into U+FFFD, and imported: "Café" came back as "Caf\ufffd", a
 * record that says something the file did not, with no word. Now it is refused, naming the byte.
 */
const temps: { remove: () => void }[] = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.remove();
});

function tempDir(): string {
  const temp = makeTempDir();
  temps.push(temp);
  return temp.dir;
}

const record = (body: string) =>
  `{"uid":"enc-1","kind":"webhook","at":"2026-11-28T18:00:00.000Z","method":"POST","url":"http://x/","path":"/","request_body":${JSON.stringify(body)}}\n`;

async function importBytes(bytes: Buffer) {
  const dir = tempDir();
  const file = join(tempDir(), 'history.ndjson');
  writeFileSync(file, bytes);
  const run = await runCliCaptured(['--data-dir', dir, 'import', file]);
  const history = await runCliCaptured(['--data-dir', dir, 'history', '--json']);
  return { run, stored: JSON.parse(history.stdout) as { body: string | null }[], file };
}

describe('import: a file that is not UTF-8 is refused, never imported altered', () => {
  it('Latin-1: names the byte, its line and column; nothing stored', async () => {
    const text = record('{"note":"Café"}');
    const latin1 = Buffer.from(text, 'latin1');
    const { run, stored, file } = await importBytes(latin1);
    expect(run.code).toBe(1);
    const column = text.indexOf('é') + 1;
    expect(run.stderr).toBe(
      `${file}: nothing imported. The file is not UTF-8 text: byte 0xE9 at line 1, column ${column} is not UTF-8 (an export always is; was it saved as Latin-1 or another encoding?).\n`,
    );
    expect(stored).toEqual([]);
  });

  it('UTF-16: says so', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(record('{}'), 'utf16le')]);
    const { run, stored } = await importBytes(utf16);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'The file is not UTF-8 text: it is UTF-16 (it starts with a UTF-16 byte order mark)',
    );
    expect(stored).toEqual([]);
  });

  it('UTF-8, with or without a byte order mark, imports as before', async () => {
    for (const prefix of [Buffer.alloc(0), Buffer.from([0xef, 0xbb, 0xbf])]) {
      const { run, stored } = await importBytes(
        Buffer.concat([prefix, Buffer.from(record('{"note":"Café"}'))]),
      );
      expect(run.code, run.stderr).toBe(0);
      expect(stored.map((entry) => entry.body)).toEqual(['{"note":"Café"}']);
    }
  });

  it('from standard input (`import -`) too', async () => {
    const dir = tempDir();
    const root = join(import.meta.dirname, '..', '..');
    const child = spawn(process.execPath, [SOURCE_CLI, '--data-dir', dir, 'import', '-'], {
      cwd: root,
      env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(Buffer.from(record('{"note":"Café"}'), 'latin1'));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect(stderr).toMatch(
      /^-: nothing imported\. The file is not UTF-8 text: byte 0xE9 at line 1, column \d+ is not UTF-8/,
    );
    expect(code).toBe(1);
  });

  it('the History view refuses it too, before anything is sent, naming the byte as the command does', async () => {
    const read = async (bytes: Uint8Array) => {
      let text = '';
      for await (const piece of fileTextPieces(new Blob([bytes]))) text += piece;
      return text;
    };
    /** What `import FILE` says of the same bytes, as the view says it (without the file's name). */
    const commandSays = async (bytes: Buffer) => {
      const { run, file } = await importBytes(bytes);
      return `Nothing imported. ${run.stderr.slice(`${file}: nothing imported. `.length).trimEnd()}`;
    };
    expect(await read(Buffer.from(record('{"note":"Café"}')))).toBe(record('{"note":"Café"}'));
    // Line 2, column 1030, as a Latin-1 file was reported: the view said only "not UTF-8 text".
    const noted = (pad: number) => record(`{"note":"${'x'.repeat(pad)}è"}`);
    const latin1 = Buffer.from(`${record('{}')}${noted(1030 - 1 - noted(0).indexOf('è'))}`, 'latin1');
    const said =
      'Nothing imported. The file is not UTF-8 text: byte 0xE8 at line 2, column 1030 is not UTF-8 (an export always is; was it saved as Latin-1 or another encoding?).';
    expect(await commandSays(latin1)).toBe(said);
    await expect(read(latin1)).rejects.toThrow(said);
    // Past the first chunks a stream reads, and a sequence cut off where the file ends.
    for (const bytes of [
      Buffer.concat([
        Buffer.from(`${record('x'.repeat(300_000))}\n${record('é')}`),
        Buffer.from([0xff]),
        Buffer.from('\n'),
      ]),
      Buffer.concat([Buffer.from(record('é')), Buffer.from([0xc3])]),
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(record('{}'), 'utf16le')]),
    ]) {
      const words = await commandSays(bytes);
      expect(words).toMatch(
        /^Nothing imported\. The file is not UTF-8 text: (byte 0x[0-9A-F]{2} at line \d+, column \d+ is not UTF-8|it is UTF-16)/,
      );
      await expect(read(bytes)).rejects.toThrow(words);
    }
  });
});
