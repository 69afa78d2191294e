import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir, openTempConsole } from './helpers/temp-console';

/**
 * A record the listener stored as raw bytes (Node could not parse a request from them) has no
 * method and no path. HAR requires a method and a URL: the export said POST, and importing it
 * stored POST and path "/", neither of which ever arrived. Now HAR says UNKNOWN and the stored
 * request line rides along under _checkoutConsole.request_line, which import reads back.
 *
 * The same held for what HAR's fields cannot say as stored: a path with dot segments
 * (`/a/../b/./c`, which a URL parser resolves to `/b/c`), `OPTIONS *` (no URL at all), a
 * duration never measured (HAR's `time` is a number) and no response headers (HAR's are a list).
 */
let source = '';
let dispose: () => Promise<void> = async () => undefined;
const temps: { remove: () => void }[] = [];

interface LineOf {
  method: string | null;
  url: string | null;
  path: string | null;
}

beforeAll(async () => {
  const opened = await openTempConsole();
  source = opened.dataDir;
  dispose = opened.dispose;
  opened.core.recorder.recordMany([
    // As raw-refusal.ts stores what Node could not parse: the listener's own address as URL.
    {
      kind: 'webhook',
      method: null,
      url: 'http://127.0.0.1:47101',
      path: null,
      status: 400,
      requestBody: Buffer.from('GARBAGE\r\n\r\n'),
    },
    { kind: 'webhook', method: 'CONNECT', url: '127.0.0.1:1', path: null, status: 405 },
    { kind: 'webhook', method: null, url: null, path: null, status: null },
    {
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks?x=1',
      path: '/hooks',
      query: 'x=1',
      status: 200,
      requestBody: Buffer.from('{}'),
    },
    // As sent with `curl --path-as-is`: the listener keeps the request-target as written.
    {
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/a/../b/./c',
      path: '/a/../b/./c',
      status: 200,
      durationMs: 2.5,
      responseHeaders: [['content-type', 'application/json']],
    },
    {
      kind: 'webhook',
      method: 'POST',
      url: 'http://127.0.0.1:4455/hooks//double/%2e%2e/x?y=2',
      path: '/hooks//double/%2e%2e/x',
      query: 'y=2',
      status: 200,
      durationMs: 0,
      responseHeaders: [],
    },
    { kind: 'webhook', method: 'OPTIONS', url: '*', path: '*', status: 405, durationMs: 1 },
  ]);
  await opened.core.close();
});
afterAll(async () => {
  await dispose().catch(() => undefined);
  temps.forEach((temp) => temp.remove());
});

async function linesOf(dataDir: string): Promise<LineOf[]> {
  const run = await runCliCaptured(['--data-dir', dataDir, 'history', '--json']);
  expect(run.code).toBe(0);
  return (JSON.parse(run.stdout) as LineOf[])
    .reverse()
    .map(({ method, url, path }) => ({ method, url, path }));
}

describe('HAR keeps an unknown request line unknown', () => {
  it('writes UNKNOWN in HAR and the stored request line beside it', async () => {
    const run = await runCliCaptured(['--data-dir', source, 'export', '--format', 'har']);
    expect(run.code).toBe(0);
    const entries = (
      JSON.parse(run.stdout) as {
        log: {
          entries: {
            request: { method: string; url: string };
            _checkoutConsole: { request_line?: unknown };
          }[];
        };
      }
    ).log.entries;
    expect(entries.map((entry) => entry.request.method)).toEqual([
      'UNKNOWN',
      'CONNECT',
      'UNKNOWN',
      'POST',
      'POST',
      'POST',
      'OPTIONS',
    ]);
    expect(entries[0]?._checkoutConsole.request_line).toEqual({
      method: null,
      url: 'http://127.0.0.1:47101',
      path: null,
      query: null,
    });
    // A record HAR can hold as it is carries no second copy.
    expect(entries[3]?._checkoutConsole.request_line).toBeUndefined();
    // The URL says the path as it arrived; a URL parser would not, so the stored line rides along.
    expect(entries[4]?.request.url).toBe('http://127.0.0.1:4455/a/../b/./c');
    expect(entries[4]?._checkoutConsole.request_line).toMatchObject({ path: '/a/../b/./c' });
    expect(entries[6]?._checkoutConsole.request_line).toEqual({
      method: 'OPTIONS',
      url: '*',
      path: '*',
      query: null,
    });
  });

  it.each(['har', 'json', 'ndjson'] as const)(
    'imports a %s export back with the same method, URL and path (none made up)',
    async (format) => {
      const exported = await runCliCaptured(['--data-dir', source, 'export', '--format', format]);
      expect(exported.code).toBe(0);
      const target = makeTempDir('cc-har-line-');
      temps.push(target);
      const imported = await runCliCaptured(['--data-dir', target.dir, 'import', '-'], exported.stdout);
      expect(imported.stderr).toBe('');
      expect(imported.code).toBe(0);
      expect(await linesOf(target.dir)).toEqual(await linesOf(source));
      expect((await linesOf(target.dir))[0]).toEqual({
        method: null,
        url: 'http://127.0.0.1:47101',
        path: null,
      });
    },
  );
});

describe('every export imports back the records it was made of, field for field', () => {
  /** Every field of every record, as a JSON export says it. */
  async function recordsOf(dataDir: string): Promise<unknown[]> {
    const run = await runCliCaptured(['--data-dir', dataDir, 'export', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    return (JSON.parse(run.stdout) as { events: unknown[] }).events;
  }

  it.each(['har', 'json', 'ndjson'] as const)(
    '%s: dot segments, OPTIONS *, no duration, no response headers: the same, field for field',
    async (format) => {
      const exported = await runCliCaptured(['--data-dir', source, 'export', '--format', format]);
      expect(exported.code).toBe(0);
      const target = makeTempDir('cc-har-exact-');
      temps.push(target);
      const imported = await runCliCaptured(['--data-dir', target.dir, 'import', '-'], exported.stdout);
      expect(imported.code, imported.stderr).toBe(0);
      const records = await recordsOf(target.dir);
      // Imported, each record is an import that keeps what it was (export-import-provenance.test.ts);
      // one still waiting when exported has no answer in the file, and says so (record-status.ts).
      expect(records).toEqual(
        (await recordsOf(source)).map((record) => ({
          ...(record as Record<string, unknown>),
          provenance: 'import',
          original_provenance: (record as { provenance: unknown }).provenance,
          ...((record as { status_word: unknown }).status_word === 'waiting'
            ? { status_word: 'no answer' }
            : {}),
        })),
      );
      expect(records).toContainEqual(
        expect.objectContaining({ path: '/hooks//double/%2e%2e/x', query: 'y=2', duration_ms: 0 }),
      );
      expect(records).toContainEqual(
        expect.objectContaining({ method: null, duration_ms: null, response_headers: null }),
      );
    },
  );
});
