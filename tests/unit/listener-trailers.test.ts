import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from './helpers/raw-http';
import { runCliCaptured } from './helpers/run-cli';
import { makeTempDir } from './helpers/temp-console';
import { onlyRow, serveListener, type ServedListener } from './helpers/webhook-server-harness';

// A chunked request's trailer fields (sent after the last chunk) were dropped without a trace:
// the record kept the `Trailer: X-T` header announcing them and nothing of `X-T: secret`. They
// are kept as they arrived, shown where the request headers are, masked alike, and exported.

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjE3MDB9.c2lnbmF0dXJl';

let served: ServedListener | null = null;
const temps: { remove: () => void }[] = [];
afterEach(async () => {
  await served?.dispose();
  served = null;
  temps.splice(0).forEach((temp) => temp.remove());
});

/** A chunked `hello` ending with `trailers` (each line with its CRLF) after the last chunk. */
const chunkedWith = (trailers: string) =>
  Buffer.from(
    'POST /trailer HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTrailer: X-T\r\nConnection: close\r\n\r\n' +
      `5\r\nhello\r\n0\r\n${trailers}\r\n`,
    'latin1',
  );

describe('a chunked request’s trailer fields', () => {
  it('are kept as they arrived: raw names, values, order and duplicates', async () => {
    served = await serveListener();
    const answer = await sendRaw(
      served.server.port,
      chunkedWith('X-T: secret\r\nx-t: again\r\nX-Other:  spaced \r\n'),
    );
    expect(answer.status).toBe(200);
    const row = await onlyRow(served);
    expect(row.requestBody?.text).toBe('hello');
    expect(row.requestHeaders).toEqual([
      ['Host', 'x'],
      ['Transfer-Encoding', 'chunked'],
      ['Trailer', 'X-T'],
      ['Connection', 'close'],
    ]);
    expect(row.requestTrailers).toEqual([
      ['X-T', 'secret'],
      ['x-t', 'again'],
      ['X-Other', 'spaced'],
    ]);
    // Kept once, beside the headers: not a second copy in the details.
    expect(row.details).not.toHaveProperty('requestTrailers');
  });

  it('none arrived: the record says nothing of trailers', async () => {
    served = await serveListener();
    await sendRaw(served.server.port, chunkedWith(''));
    const row = await onlyRow(served);
    expect(row.requestBody?.text).toBe('hello');
    expect(row.requestTrailers).toBeUndefined();
  });

  it('are masked on the screen as header values are', async () => {
    served = await serveListener();
    await sendRaw(served.server.port, chunkedWith(`Authorization: Bearer ${JWT}\r\nX-T: secret\r\n`));
    const row = await onlyRow(served);
    const shown = served.core.recordSecrets.shown(row.id);
    expect(shown.secretsMasked).toBe(true);
    expect(JSON.stringify(shown)).not.toContain(JWT);
    expect(shown.requestTrailers?.[0]?.[0]).toBe('Authorization');
    expect(shown.requestTrailers?.[0]?.[1]).toMatch(/^Bearer •+/);
    expect(shown.requestTrailers?.[1]).toEqual(['X-T', 'secret']);
  });

  it('`curl <id>` announces no trailer it does not send, and says what it leaves out', async () => {
    served = await serveListener();
    await sendRaw(served.server.port, chunkedWith('X-T: secret\r\n'));
    const row = await onlyRow(served);
    const run = await runCliCaptured(['--data-dir', served.core.dataDir, 'curl', String(row.id)]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/--header 'Trailer/i);
    expect(run.stdout).toContain('--data-raw hello');
    expect(run.stderr).toContain('curl cannot send trailer fields');
    expect(run.stderr).not.toContain('secret');
  });

  for (const format of ['json', 'har'] as const)
    it(`are exported (${format}), redacted unless the tokens are asked for, and import back`, async () => {
      served = await serveListener();
      await sendRaw(served.server.port, chunkedWith(`Authorization: Bearer ${JWT}\r\nX-T: secret\r\n`));
      await onlyRow(served);
      const out = makeTempDir('cc-trailers-out-');
      const target = makeTempDir('cc-trailers-target-');
      temps.push(out, target);
      const exportOf = async (dataDir: string, name: string, ...flags: string[]) => {
        const file = join(out.dir, `${name}.${format}`);
        const run = await runCliCaptured([
          '--data-dir',
          dataDir,
          'export',
          '--format',
          format,
          '--out',
          file,
          ...flags,
        ]);
        expect(run.code, run.stderr).toBe(0);
        return file;
      };
      const trailersIn = (file: string): unknown => {
        const parsed = JSON.parse(readFileSync(file, 'utf8')) as {
          events?: { request_trailers?: unknown }[];
          log?: { entries: { _checkoutConsole: { request_trailers?: unknown } }[] };
        };
        return (
          parsed.events?.[0]?.request_trailers ?? parsed.log?.entries[0]?._checkoutConsole.request_trailers
        );
      };

      const redacted = await exportOf(served.core.dataDir, 'redacted');
      expect(readFileSync(redacted, 'utf8')).not.toContain(JWT);
      expect(trailersIn(redacted)).toEqual([
        ['Authorization', 'Bearer REDACTED'],
        ['X-T', 'secret'],
      ]);

      const whole = await exportOf(served.core.dataDir, 'whole', '--include-tokens');
      const stored = [
        ['Authorization', `Bearer ${JWT}`],
        ['X-T', 'secret'],
      ];
      expect(trailersIn(whole)).toEqual(stored);
      const imported = await runCliCaptured(['--data-dir', target.dir, 'import', whole]);
      expect(imported.code, imported.stderr).toBe(0);
      expect(trailersIn(await exportOf(target.dir, 'again', '--include-tokens'))).toEqual(stored);
    });

  it('an import gives them as a list of name and value, or is refused', async () => {
    const target = makeTempDir('cc-trailers-bad-');
    const files = makeTempDir('cc-trailers-bad-file-');
    temps.push(target, files);
    const file = join(files.dir, 'bad.ndjson');
    const record = {
      uid: 'trailers-bad',
      kind: 'webhook',
      at: '2026-01-01T00:00:00.000Z',
      request_trailers: [['X-T']],
    };
    writeFileSync(file, JSON.stringify(record));
    const run = await runCliCaptured(['--data-dir', target.dir, 'import', file]);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/request_trailers/);
  });
});
