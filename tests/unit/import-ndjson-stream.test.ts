import { appendFileSync, truncateSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHistoryService } from '../../src/main/history/history-service';
import { importFileText, readImportFile } from '../../src/main/history/import-file';
import { importFileSource, type ImportFileSource } from '../../src/main/history/import-file-source';
import { checkNdjsonStream, FILE_CHANGED, recordsAgain } from '../../src/main/history/import-ndjson-check';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * `checkout-console import <file>` reads NDJSON as a stream (import-ndjson-check.ts): an export
 * past V8's longest string could never be imported back ("Cannot create a string longer than
 * 0x1fffffe8 characters"). The stream must judge every file as the whole-file reader does, in
 * its words, whatever the cuts between the pieces it reads.
 */
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const MAX_BODY = 1000;
const at = '2026-11-28T18:00:00.000Z';
const rec = (uid: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ uid, kind: 'webhook', at, method: 'POST', path: '/', request_body: '{}', ...extra });
const lines = (...all: string[]) => `${all.join('\n')}\n`;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function* piecesOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

/** What the whole-file reader makes of the bytes: its refusal, or what it would import. */
function whole(bytes: Uint8Array): string {
  try {
    const read = readImportFile(importFileText(bytes), { maxBodyBytes: MAX_BODY });
    return `${read.format}: ${read.records.length} records, ${read.repeated} repeated`;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The same, read as the command reads a file: as a stream in pieces of `size` bytes. */
async function streamed(bytes: Uint8Array, size: number): Promise<string> {
  try {
    const checked = await checkNdjsonStream(piecesOf(bytes, size), MAX_BODY);
    if (checked.kind === 'document') return whole(bytes);
    return `ndjson: ${checked.records} records, ${checked.repeated} repeated`;
  } catch (error) {
    return (error as Error).message;
  }
}

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const files: [string, Uint8Array][] = [
  ['records, blank lines, CRLF and a byte order mark', utf8(`\uFEFF${rec('a')}\r\n\r\n${rec('b')}\r\n  \n`)],
  // A piece that ends between a backslash and its quote: the string goes on, its brackets are text.
  [
    'brackets in a string after an escaped quote',
    utf8(lines(rec('a'), rec('b', { request_body: `\\"${'['.repeat(80)}"` }))),
  ],
  ['the same record twice (read once)', utf8(lines(rec('a'), rec('b'), rec('a')))],
  [
    'a byte that is not UTF-8 on line 3',
    Buffer.from(lines(rec('a'), rec('b'), rec('c', { request_body: 'Café' })), 'latin1'),
  ],
  ['a character the file ends inside', utf8(lines(rec('a'), rec('b', { request_body: '€' }))).slice(0, -5)],
  ['UTF-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lines(rec('a'), rec('b')), 'utf16le')])],
  ['a line that is not JSON in the middle', utf8(lines(rec('a'), '{"uid":', rec('b')))],
  ['the last line cut short', utf8(lines(rec('a'), rec('b'))).slice(0, -10)],
  ['the last line broken, not cut', utf8(lines(rec('a'), `${rec('b')}}`))],
  ['nested past the measure', utf8(lines(rec('a'), rec('b', { details: { deep: JSON.parse(nested(80)) } })))],
  ['nested past a record', utf8(lines(rec('a'), rec('b', { details: { deep: JSON.parse(nested(65)) } })))],
  [
    'a string longer than a body may be',
    utf8(lines(rec('a'), rec('b'), rec('c', { request_body: 'x'.repeat(1400) }))),
  ],
  ['a body larger than a body may be', utf8(lines(rec('a'), rec('b', { request_body: 'é'.repeat(600) })))],
  ['a record without its uid', utf8(lines(rec('a'), rec('b'), JSON.stringify({ kind: 'webhook', at })))],
  ['a size smaller than its body', utf8(lines(rec('a'), rec('b', { request_size: 1 })))],
  ['one uid, two records', utf8(lines(rec('a'), rec('b'), rec('a', { request_body: '{"x":1}' })))],
  // Which refusal wins when a file has several, as the whole-file reader orders them.
  [
    'a uid twice, then a bad record',
    utf8(lines(rec('a'), rec('a', { path: '/x' }), rec('c', { kind: 'nope' }))),
  ],
  [
    'a bad record, then a broken line',
    utf8(lines(rec('a', { kind: 'nope' }), rec('b'), '{"uid":', rec('c'))),
  ],
  [
    'a broken line, then a string too long',
    utf8(lines(rec('a'), '{', rec('c', { request_body: 'x'.repeat(1400) }))),
  ],
  [
    'a string too long, then a byte that is not UTF-8',
    Buffer.concat([
      utf8(lines(rec('a'), rec('b', { request_body: 'x'.repeat(1400) }))),
      Buffer.from([0xe9, 0x0a]),
    ]),
  ],
  [
    'a JSON export, cut short',
    utf8(`{"format":"checkout-console-history","version":1,"events":[\n${rec('a')},\n${rec('b')}`),
  ],
  [
    'a JSON export',
    utf8(
      `{"format":"checkout-console-history","version":1,"exportedAt":"${at}","events":[\n${rec('a')},\n${rec('b')}\n]}\n`,
    ),
  ],
  ['one record alone', utf8(lines(rec('a')))],
  ['one line that is a list', utf8(`[${rec('a')},${rec('b')}]\n`)],
  ['nothing but blank lines', utf8('\n \n\r\n')],
];

describe('import: an NDJSON file read as a stream', () => {
  it.each(files)('%s: the same answer, in the same words, whatever the cuts', async (_name, bytes) => {
    const expected = whole(bytes);
    for (const size of [1, 2, 3, 7, 64, 1 << 20])
      expect(await streamed(bytes, size), `pieces of ${size} bytes`).toBe(expected);
  });

  it('reads records and characters cut across pieces as the whole-file reader does', async () => {
    const bodies = ['Café', '€ 12,50', 'emoji 😀 and ß', '\\"quoted\\" "[{"'];
    const text = lines(
      ...bodies.map((body, index) => rec(`u${index}`, { request_body: body })),
      rec('u0', { request_body: 'Café' }),
    );
    const bytes = utf8(text);
    const expected = readImportFile(text, { maxBodyBytes: MAX_BODY }).records;
    for (const size of [1, 2, 3, 5]) {
      const checked = await checkNdjsonStream(piecesOf(bytes, size), MAX_BODY);
      if (checked.kind !== 'ndjson') throw new Error(`read as ${checked.kind}`);
      expect(checked).toMatchObject({ records: 4, repeated: 1 });
      const again = [];
      for await (const batch of recordsAgain(piecesOf(bytes, size), checked, MAX_BODY, 10))
        again.push(...batch);
      expect(again, `pieces of ${size} bytes`).toEqual(expected);
    }
  });

  it('names a byte that is not UTF-8 after characters of several bytes, cut anywhere', async () => {
    const bytes = Buffer.concat([utf8(`${rec('a')}\n{"uid":"€😀`), Buffer.from([0xc3, 0x28]), utf8('"}\n')]);
    expect(whole(bytes)).toMatch(/^The file is not UTF-8 text: byte 0xC3 at line 2, column 12 is not UTF-8/);
    for (const size of [1, 2, 3, 4]) expect(await streamed(bytes, size)).toBe(whole(bytes));
  });
});

describe('import of a file: all of it or nothing', () => {
  async function setUp() {
    const open = await openTempConsole();
    cleanups.push(() => open.dispose());
    const history = createHistoryService({ ...open.core, limits: { maxBodyBytes: MAX_BODY } });
    const count = () => history.exportText({ format: 'ndjson', filter: {}, includeTokens: false }).count;
    return { history, count };
  }

  /** A source over bytes: `second` is what reading it again gives (the file changed between). */
  function source(bytes: Uint8Array, second: Uint8Array = bytes): ImportFileSource {
    let reads = 0;
    return {
      size: bytes.length,
      seekable: true,
      chunks: () => piecesOf(reads++ === 0 ? bytes : second, 64),
      assertUnchanged: () => Promise.resolve(),
      wholeText: () => Promise.resolve(importFileText(bytes)),
    };
  }

  it('a bad record at the end writes nothing', async () => {
    const { history, count } = await setUp();
    const records = Array.from({ length: 30 }, (_, index) => rec(`r${index}`));
    await expect(
      history.importFile(source(utf8(lines(...records, rec('bad', { kind: 'nope' }))))),
    ).rejects.toThrow(/^Record 31: kind: /);
    expect(count()).toBe(0);
    expect(await history.importFile(source(utf8(lines(...records, records[0] ?? ''))))).toEqual({
      imported: 30,
      skipped: 0,
      repeated: 1,
      unlinked: 0,
      differing: 0,
      differingIds: [],
      format: 'ndjson',
    });
  });

  it('a file that changed between the check and the writing is refused, and what was written removed', async () => {
    const { history, count } = await setUp();
    const records = Array.from({ length: 3000 }, (_, index) => rec(`r${index}`));
    const first = utf8(lines(...records));
    const changed = utf8(lines(...records.slice(0, -1), rec('r2999', { path: '/y' })));
    await expect(history.importFile(source(first, changed))).rejects.toThrow(
      `The import stopped: ${FILE_CHANGED}`,
    );
    expect(count()).toBe(0);
  });

  it('a file whose size or time of change moved since it was opened is said to have changed', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const path = join(temp.dir, 'history.ndjson');
    writeFileSync(path, lines(rec('a'), rec('b')));
    const handle = await open(path, 'r');
    cleanups.push(() => handle.close());
    const file = await importFileSource(handle);
    await expect(file.assertUnchanged()).resolves.toBeUndefined();
    appendFileSync(path, `${rec('c')}\n`);
    await expect(file.assertUnchanged()).rejects.toThrow(FILE_CHANGED);
  });

  it("a JSON or HAR document past V8's longest string is refused, saying to export it as NDJSON", async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const path = join(temp.dir, 'history.json');
    writeFileSync(path, '{"format":"checkout-console-history","version":1,"events":[\n');
    // Sparse: as large as it says, without taking the disk (the refusal reads none of it).
    truncateSync(path, 600 * 1024 * 1024);
    const handle = await open(path, 'r');
    cleanups.push(() => handle.close());
    await expect((await importFileSource(handle)).wholeText()).rejects.toThrow(
      'The file is 600 MiB and not NDJSON: a JSON or HAR file is one document, read whole, and past about 512 MiB it cannot be. Export it as NDJSON instead (checkout-console export --format ndjson), which is read line by line, whatever its size.',
    );
  });

  it('a pipe (`import <(gunzip -c history.ndjson.gz)`) cannot be read twice: it is read whole, as before', async () => {
    const temp = makeTempDir();
    cleanups.push(temp.remove);
    const pipe = join(temp.dir, 'history.ndjson');
    execFileSync('mkfifo', [pipe]);
    const writing = writeFile(pipe, lines(rec('a'), rec('b'), rec('a')));
    const run = await runCliCaptured(['--data-dir', join(temp.dir, 'data'), 'import', pipe]);
    await writing;
    expect(run).toEqual({
      code: 0,
      stdout: `Imported 2 records from ${pipe} (ndjson); 1 repeated in the file, read once.\n`,
      stderr: '',
    });
  });
});
