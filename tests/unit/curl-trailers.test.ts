import { describe, expect, it } from 'vitest';
import { buildCurlCommand, type CurlSource } from '../../src/shared/curl';
import { consoleCommandNaming } from '../../src/shared/console-command';

// `curl <id>` of a chunked webhook that ended with a trailer field printed
// `--header 'Trailer: X-T' --data-raw hello`: it announced a trailer it does not send (curl
// sends the body with a Content-Length, and cannot send trailer fields at all).

const onDefault = consoleCommandNaming(null);

const chunked = (overrides: Partial<CurlSource> = {}): CurlSource => ({
  id: 4,
  kind: 'webhook',
  method: 'POST',
  url: 'http://127.0.0.1:4455/trailer',
  path: '/trailer',
  query: null,
  requestHeaders: [
    ['Host', 'x'],
    ['Transfer-Encoding', 'chunked'],
    ['Trailer', 'X-T'],
  ],
  requestTrailers: [['X-T', 'secret']],
  requestBody: { size: 5, truncated: false, text: 'hello', base64: null },
  ...overrides,
});

describe('cURL of a request that sent trailer fields', () => {
  it('leaves out the Trailer header, and says the trailer fields are not sent, naming them only', () => {
    const built = buildCurlCommand(chunked(), { tokens: 'redacted' }, onDefault);
    expect(built.command).toBe('curl --request POST http://127.0.0.1:4455/trailer \\\n  --data-raw hello');
    expect(built.notes).toEqual([
      'The request ended with trailer fields after its chunked body (X-T); curl cannot send trailer fields, so they are left out, and so is the Trailer header that announced them.',
    ]);
    expect(built.notes.join(' ')).not.toContain('secret');
  });

  it('a Trailer header with no trailer fields stored: left out, said so', () => {
    const built = buildCurlCommand(
      chunked({ requestTrailers: undefined }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(built.command).not.toMatch(/--header 'Trailer/);
    expect(built.notes).toEqual([
      'Its Trailer header announced trailer fields, and the record holds none; curl cannot send trailer fields, so the header is left out.',
    ]);
  });

  it('a request without either: no note', () => {
    const built = buildCurlCommand(
      chunked({ requestTrailers: undefined, requestHeaders: [['Host', 'x']] }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(built.notes).toEqual([]);
  });
});
