import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildCurlCommand,
  CurlApiTokenRequired,
  CurlCannotReproduce,
  shellBytesWord,
  type CurlSource,
} from '../../src/shared/curl';
import { shellQuote } from '../../src/shared/shell-quote';
import type { BodyView } from '../../src/shared/events';
import { makeTempDir } from './helpers/temp-console';
import { consoleCommandNaming } from '../../src/shared/console-command';

/** The commands a message names, on the default data directory (named by no --data-dir). */
const onDefault = consoleCommandNaming(null);

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJpYXQiOjE3MDB9.c2lnbmF0dXJl';

const textBody = (text: string, truncated = false, size?: number): BodyView => ({
  size: size ?? Buffer.byteLength(text),
  truncated,
  text,
  base64: null,
});
const binaryBody = (bytes: Buffer): BodyView => ({
  size: bytes.byteLength,
  truncated: false,
  text: null,
  base64: bytes.toString('base64'),
});

function webhook(overrides: Partial<CurlSource> = {}): CurlSource {
  return {
    id: 7,
    kind: 'webhook',
    method: 'POST',
    url: `http://127.0.0.1:4455/hooks?serviceToken=${JWT}`,
    path: '/hooks',
    query: `serviceToken=${JWT}`,
    requestHeaders: [
      ['Host', '127.0.0.1:4455'],
      ['Content-Type', 'application/json'],
      ['Authorization', `Bearer ${JWT}`],
      ['Content-Length', '12'],
    ],
    requestBody: textBody('{"order":1}'),
    ...overrides,
  };
}

const request = (overrides: Partial<CurlSource> = {}): CurlSource => ({
  id: 9,
  kind: 'request',
  method: 'POST',
  url: 'https://api-sandbox.example.com/checkout',
  path: '/checkout',
  query: null,
  requestHeaders: [
    ['Authorization', 'Bearer ••••cdef'],
    ['Content-Type', 'application/json'],
  ],
  requestBody: textBody('{"total_amount":{"amount":10}}'),
  ...overrides,
});

// A stand-in for curl that records exactly what the shell handed it: each argument, and stdin.
const sandbox = makeTempDir('cc-curl-');
afterAll(() => sandbox.remove());
const fakeCurl = join(sandbox.dir, 'curl');
writeFileSync(
  fakeCurl,
  `#!/bin/sh\nfor arg in "$@"; do printf '%s\\0' "$arg"; done > "$OUT_ARGS"\ncat > "$OUT_STDIN"\n`,
);
chmodSync(fakeCurl, 0o755);

function runThroughShell(
  command: string,
  shell = 'sh',
): { args: string[]; rawArgs: Buffer[]; stdin: Buffer } {
  const args = join(sandbox.dir, 'args');
  const stdin = join(sandbox.dir, 'stdin');
  execFileSync(shell, [...(shell === 'bash' ? ['--norc', '--noprofile'] : []), '-c', command], {
    env: { PATH: `${sandbox.dir}:${process.env['PATH'] ?? ''}`, OUT_ARGS: args, OUT_STDIN: stdin },
    input: '',
  });
  const raw = readFileSync(args);
  const rawArgs: Buffer[] = [];
  for (let start = 0, end = raw.indexOf(0); end !== -1; start = end + 1, end = raw.indexOf(0, start))
    rawArgs.push(raw.subarray(start, end));
  return { args: rawArgs.map((arg) => arg.toString('utf8')), rawArgs, stdin: readFileSync(stdin) };
}

const ODD_STRINGS = [
  `it's`,
  `"double" and 'single'`,
  '$HOME and ${PATH} and $(whoami) and `id`',
  'back\\slash \\n not a newline',
  'glob * ? [a-z] {a,b} ~user',
  'semi; pipe | amp & redirect > < (sub)',
  'line one\nline two\r\nline three',
  'tab\there',
  '!history !! ^caret',
  '#not a comment',
  'unicode: مرحبا — ﷼ 💳',
  '',
  '-starts-with-dash',
  `'`,
  `''''`,
];

describe('shellQuote', () => {
  it.each(ODD_STRINGS)('round-trips %j through sh and bash unchanged', (value) => {
    for (const shell of ['sh', 'bash']) {
      const { args } = runThroughShell(`curl ${shellQuote(value)}`, shell);
      expect(args).toEqual([value]);
    }
  });

  it('leaves plainly safe words bare and quotes the rest', () => {
    expect(shellQuote('POST')).toBe('POST');
    expect(shellQuote('http://127.0.0.1:4455/hooks')).toBe('http://127.0.0.1:4455/hooks');
    expect(shellQuote('a b')).toBe(`'a b'`);
    expect(shellQuote('x=1')).toBe(`'x=1'`);
    expect(shellQuote('')).toBe(`''`);
  });
});

describe('buildCurlCommand', () => {
  it('redacts the notification token in the query and the Authorization header by default', () => {
    const built = buildCurlCommand(webhook(), { tokens: 'redacted' }, onDefault);
    expect(built.redacted).toBe(true);
    expect(built.command).not.toContain(JWT);
    const { args } = runThroughShell(built.command);
    expect(args).toEqual([
      '--request',
      'POST',
      'http://127.0.0.1:4455/hooks?serviceToken=REDACTED',
      '--header',
      'Content-Type: application/json',
      '--header',
      'Authorization: Bearer REDACTED',
      '--data-raw',
      '{"order":1}',
    ]);
  });

  it('keeps notification tokens when asked, and leaves out the headers curl sets itself', () => {
    const built = buildCurlCommand(webhook(), { tokens: 'included' }, onDefault);
    expect(built.redacted).toBe(false);
    const { args } = runThroughShell(built.command);
    expect(args).toContain(`http://127.0.0.1:4455/hooks?serviceToken=${JWT}`);
    expect(args).toContain(`Authorization: Bearer ${JWT}`);
    expect(args.join(' ')).not.toMatch(/Host:|Content-Length:/);
  });

  it('redacts every spelling of serviceToken and keeps other query parameters as stored', () => {
    const built = buildCurlCommand(
      webhook({ url: `http://h/x?a=1&service%54oken=${JWT}&serviceToken=${JWT}&b=%20c` }),
      { tokens: 'redacted' },
      onDefault,
    );
    const { args } = runThroughShell(built.command);
    expect(args[2]).toBe('http://h/x?a=1&service%54oken=REDACTED&serviceToken=REDACTED&b=%20c');
  });

  it('redacts a non-Bearer Authorization value whole', () => {
    const built = buildCurlCommand(
      webhook({ requestHeaders: [['authorization', 'garbage']] }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(runThroughShell(built.command).args).toContain('authorization: REDACTED');
  });

  // A registered header read `X-Merchant-Key: REDACTED` for the webhook and, for its replay
  // (stored masked), a printf of the mask's bullets: a command that would send them.
  it('writes a registered header as REDACTED whether the record holds it plain or stored masked', () => {
    const merchantKey = 'mk_live_abcdef1234';
    const plain = webhook({ requestHeaders: [['X-Merchant-Key', merchantKey]] });
    const masked = webhook({ kind: 'replay', requestHeaders: [['X-Merchant-Key', '••••1234']] });
    const line = (source: CurlSource, options: Parameters<typeof buildCurlCommand>[1]) => {
      const built = buildCurlCommand(source, options, onDefault);
      expect(built.command).not.toContain('printf');
      return runThroughShell(built.command).args.filter((arg) => arg.startsWith('X-Merchant-Key'));
    };
    expect(line(plain, { tokens: 'redacted', secrets: [merchantKey] })).toEqual(['X-Merchant-Key: REDACTED']);
    expect(line(masked, { tokens: 'redacted' })).toEqual(['X-Merchant-Key: REDACTED']);
    expect(line(masked, { tokens: 'included' })).toEqual(['X-Merchant-Key: REDACTED']);
    // With a scheme, as a masked Authorization reads: the scheme kept.
    const schemed = webhook({ kind: 'replay', requestHeaders: [['X-Api-Key', 'ApiKey ••••1234']] });
    expect(
      runThroughShell(buildCurlCommand(schemed, { tokens: 'redacted' }, onDefault).command).args,
    ).toContain('X-Api-Key: ApiKey REDACTED');
  });

  it.each([
    ['GET', null, ['http://h/x']],
    ['HEAD', null, ['--head', 'http://h/x']],
    ['DELETE', null, ['--request', 'DELETE', 'http://h/x']],
    ['PUT', 'x', ['--request', 'PUT', 'http://h/x', '--data-raw', 'x']],
    ['GET', 'x', ['--request', 'GET', 'http://h/x', '--data-raw', 'x']],
    ['WEIRD METHOD', null, ['--request', 'WEIRD METHOD', 'http://h/x']],
  ] as const)('method %s with body %s', (method, body, expected) => {
    const built = buildCurlCommand(
      webhook({
        method,
        url: 'http://h/x',
        requestHeaders: [],
        requestBody: body === null ? null : textBody(body),
      }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(runThroughShell(built.command).args).toEqual(expected);
  });

  // A carriage return would let a body overwrite the line it is printed on: base64 (below).
  it.each(ODD_STRINGS.filter((value) => value !== '' && !value.includes('\r')))(
    'sends the body %j exactly',
    (text) => {
      const built = buildCurlCommand(
        webhook({ requestHeaders: [], requestBody: textBody(text) }),
        { tokens: 'redacted' },
        onDefault,
      );
      const { args } = runThroughShell(built.command, 'bash');
      expect(args.at(-1)).toBe(text);
      expect(args.at(-2)).toBe('--data-raw');
    },
  );

  it('sends a body starting with @ as text, not as a file name', () => {
    const built = buildCurlCommand(
      webhook({ requestHeaders: [], requestBody: textBody('@/etc/passwd') }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(runThroughShell(built.command).args.slice(-2)).toEqual(['--data-raw', '@/etc/passwd']);
  });

  it('pipes binary and control-character bodies through base64 so every byte arrives', () => {
    const bytes = Buffer.from([0xff, 0x00, 0x41, 0x0a, 0x27, 0x1b, 0xfe]);
    const binary = buildCurlCommand(
      webhook({ requestHeaders: [], requestBody: binaryBody(bytes) }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(binary.notes.join(' ')).toMatch(/not UTF-8/);
    const run = runThroughShell(binary.command);
    expect(run.args.slice(-2)).toEqual(['--data-binary', '@-']);
    expect(run.stdin.equals(bytes)).toBe(true);

    const escape = 'ok\u001b[31mred\u0000nul';
    const control = buildCurlCommand(
      webhook({ requestHeaders: [], requestBody: textBody(escape) }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(control.command).not.toContain('\u001b');
    expect(runThroughShell(control.command).stdin.toString('utf8')).toBe(escape);
  });

  it('flags a truncated body', () => {
    const built = buildCurlCommand(
      webhook({ requestBody: textBody('{"a":', true, 2_000_000) }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(built.notes).toContain(
      'The stored body was truncated (5 of 2000000 bytes kept); this command sends only what was stored.',
    );
  });

  it('sends empty headers as empty (Name;), turns line breaks into spaces, and globs nothing', () => {
    const built = buildCurlCommand(
      webhook({
        url: 'http://h/x?a[]=1&b={2}',
        requestHeaders: [
          ['X-Empty', ''],
          ['X-Odd', `it's $HOME`],
          ['X-Split', 'a\r\nInjected: yes'],
        ],
        requestBody: null,
      }),
      { tokens: 'redacted' },
      onDefault,
    );
    const { args } = runThroughShell(built.command);
    expect(args).toEqual([
      '--request',
      'POST',
      '--globoff',
      'http://h/x?a[]=1&b={2}',
      '--header',
      'X-Empty;',
      '--header',
      `X-Odd: it's $HOME`,
      '--header',
      'X-Split: a Injected: yes',
    ]);
    expect(built.notes.join(' ')).toMatch(/X-Split header held line breaks/);
  });

  it('falls back to the Host header and path when no URL was stored, and says when there is neither', () => {
    const built = buildCurlCommand(
      webhook({ url: null, path: '/p', query: 'x=1' }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(runThroughShell(built.command).args).toContain('http://127.0.0.1:4455/p?x=1');
    expect(() =>
      buildCurlCommand(
        webhook({ url: null, path: null, requestHeaders: [] }),
        { tokens: 'redacted' },
        onDefault,
      ),
    ).toThrow('Record 7 has no URL to send to.');
  });

  describe('outbound requests (the API token is a profile secret)', () => {
    it('redacts the stored (masked) Authorization', () => {
      const built = buildCurlCommand(request(), { tokens: 'redacted' }, onDefault);
      expect(built.redacted).toBe(true);
      expect(built.command).not.toContain('••••');
      expect(runThroughShell(built.command).args).toContain('Authorization: Bearer REDACTED');
    });

    it('refuses to include the token unless main supplies it', () => {
      expect(() => buildCurlCommand(request(), { tokens: 'included' }, onDefault)).toThrow(
        CurlApiTokenRequired,
      );
      expect(() => buildCurlCommand(request(), { tokens: 'included' }, onDefault)).toThrow(
        'npx checkout-console curl 9 --with-token',
      );
      // On another data directory, the command names it: pasted as shown, it read the default one.
      expect(() =>
        buildCurlCommand(request(), { tokens: 'included' }, consoleCommandNaming("/tmp/qa's data")),
      ).toThrow(`npx checkout-console --data-dir '/tmp/qa'\\''s data' curl 9 --with-token`);
    });

    it('puts the API token main supplies in place of the masked one', () => {
      const built = buildCurlCommand(request(), { tokens: 'included', apiToken: 'sk_test_plain' }, onDefault);
      expect(built.redacted).toBe(false);
      const { args } = runThroughShell(built.command);
      expect(args).toContain('Authorization: Bearer sk_test_plain');
      expect(args.join('\n')).not.toContain('••••');
    });

    it('adds no Authorization to a request sent without one', () => {
      const built = buildCurlCommand(
        request({ requestHeaders: [['Accept', 'application/json']] }),
        {
          tokens: 'included',
          apiToken: 'sk_test_plain',
        },
        onDefault,
      );
      expect(built.command).not.toContain('Authorization');
    });
  });
});

/** What a terminal must never be handed raw: C0 but line feed, DEL, C1, separators, bidi, BOM. */
/* eslint-disable no-control-regex -- matching control characters is the point */
const TERMINAL_UNSAFE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/;
/* eslint-enable no-control-regex */

describe('bytes a terminal must not see raw', () => {
  it('writes a header holding a raw C1 byte (0x9B) as printf escapes, and curl still gets the byte', () => {
    // Node reads header bytes as latin1: the byte 0x9B arrives as U+009B, é (C3 A9) as "Ã©".
    const built = buildCurlCommand(
      webhook({
        requestHeaders: [
          ['X-Note', 'a\u009b[31mb'],
          ['X-Name', "JosÃ© 100% \\ it's"],
        ],
        requestBody: null,
      }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(built.command).not.toMatch(TERMINAL_UNSAFE);
    expect(built.command).toMatch(/^[\n\u0020-\u007e]*$/);
    const { rawArgs } = runThroughShell(built.command);
    const headers = rawArgs.filter((_, index) => rawArgs[index - 1]?.toString() === '--header');
    expect(headers).toEqual([
      Buffer.from('X-Note: a\u009b[31mb', 'latin1'),
      Buffer.from("X-Name: José 100% \\ it's", 'utf8'),
    ]);
  });

  it('gives printf escapes only to words that need them', () => {
    expect(shellBytesWord('Content-Type: application/json')).toBe("'Content-Type: application/json'");
    expect(shellBytesWord('tab\there')).toBe(`"$(printf 'tab\\011here')"`);
    for (const shell of ['sh', 'bash']) {
      const word = "a\u0085b\u00ff%s\\n$HOME`id`'";
      const { rawArgs } = runThroughShell(`curl ${shellBytesWord(word)}`, shell);
      expect(rawArgs).toEqual([Buffer.from(word, 'latin1')]);
    }
  });

  it.each([
    ['a C1 control', 'ok\u009b31mred'],
    ['a byte order mark', '\ufeff{"order_id":"o-1"}'],
    ['only a byte order mark', '\ufeff'],
    ['a bidirectional override', 'abc\u202egnp.exe'],
    ['a carriage return', 'line\rFAKE LINE'],
  ])('sends a body holding %s through base64, byte for byte', (_, text) => {
    const built = buildCurlCommand(
      webhook({ requestHeaders: [], requestBody: textBody(text) }),
      { tokens: 'redacted' },
      onDefault,
    );
    expect(built.command).not.toMatch(TERMINAL_UNSAFE);
    const run = runThroughShell(built.command);
    expect(run.args.slice(-2)).toEqual(['--data-binary', '@-']);
    expect(run.stdin.equals(Buffer.from(text, 'utf8'))).toBe(true);
  });
});

describe('records curl cannot send again', () => {
  const raw = Buffer.from('GARBAGE\r\n\r\n');
  const unparsed = (overrides: Partial<CurlSource> = {}) =>
    webhook({
      method: null,
      url: 'http://127.0.0.1:47101',
      path: null,
      query: null,
      requestHeaders: [],
      requestBody: textBody(raw.toString()),
      ...overrides,
    });
  const refusal = (source: CurlSource, tokens: 'redacted' | 'included' = 'redacted') => {
    try {
      buildCurlCommand(source, { tokens }, onDefault);
    } catch (error) {
      expect(error).toBeInstanceOf(CurlCannotReproduce);
      return (error as Error).message;
    }
    throw new Error('built a command');
  };

  it('refuses a raw request the listener could not parse, and says how to send its bytes again', () => {
    const message = refusal(unparsed());
    expect(message).toMatch(
      /^Record 7 is a raw request: the listener stored the bytes that arrived, .* curl cannot send it again\./,
    );
    const resend = /To send the same 11 bytes to the listener again: (.*)$/.exec(message)?.[1] ?? '';
    expect(resend).toMatch(/\| nc 127\.0\.0\.1 47101$/);
    // The pipeline sends exactly the stored bytes (a fake nc records what it reads).
    const nc = join(sandbox.dir, 'nc');
    writeFileSync(nc, `#!/bin/sh\nprintf '%s\\0' "$@" > "$OUT_ARGS"\ncat > "$OUT_STDIN"\n`);
    chmodSync(nc, 0o755);
    const run = runThroughShell(resend);
    expect(run.args).toEqual(['127.0.0.1', '47101']);
    expect(run.stdin.equals(raw)).toBe(true);
  });

  it('offers no bytes that carry a token unless asked, none when nothing arrived, and none past 8 KiB', () => {
    const withToken = unparsed({ requestBody: textBody(`GARBAGE serviceToken=${JWT}\r\n\r\n`) });
    const redacted = refusal(withToken);
    expect(redacted).not.toContain('nc ');
    expect(redacted).toContain('curl 7 --with-token');
    expect(refusal(withToken, 'included')).toMatch(/\| nc 127\.0\.0\.1 47101$/);
    expect(refusal(unparsed({ requestBody: null }))).not.toContain('nc ');
    expect(refusal(unparsed({ requestBody: binaryBody(Buffer.alloc(9000, 0xff)) }))).toContain(
      'Its 9000 bytes are in `npx checkout-console export --format json` (request_body).',
    );
  });

  it("names the console's commands with the data directory it is given", () => {
    const onQa = consoleCommandNaming('/tmp/qa');
    const refusedOnQa = (source: CurlSource, tokens: 'redacted' | 'included') => {
      try {
        buildCurlCommand(source, { tokens }, onQa);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('built a command');
    };
    const withToken = unparsed({ requestBody: textBody(`GARBAGE serviceToken=${JWT}\r\n\r\n`) });
    expect(refusedOnQa(withToken, 'redacted')).toContain(
      '`npx checkout-console --data-dir /tmp/qa curl 7 --with-token` says how',
    );
    expect(
      refusedOnQa(unparsed({ requestBody: binaryBody(Buffer.alloc(9000, 0xff)) }), 'redacted'),
    ).toContain('`npx checkout-console --data-dir /tmp/qa export --format json` (request_body)');
  });

  it('refuses a CONNECT (its target is a tunnel, not the listener) and any other non-http target', () => {
    expect(refusal(webhook({ method: 'CONNECT', url: '127.0.0.1:1', path: null, query: null }))).toBe(
      'Record 7 is a CONNECT request for "127.0.0.1:1" (a tunnel to that address), not for an http:// or https:// address; curl cannot send it again as it arrived.',
    );
    expect(refusal(webhook({ method: 'CONNECT', url: 'example.com:443', path: null, query: null }))).toMatch(
      /CONNECT request for "example.com:443"/,
    );
    expect(refusal(webhook({ method: 'OPTIONS', url: '*', path: null, query: null }))).toMatch(
      /OPTIONS request for "\*", not for an http/,
    );
  });

  it('refuses an absolute-form target: it names a host the sender chose, not the listener', () => {
    // `POST http://evil.example/abs?serviceToken=… HTTP/1.1` sent to the listener: answered and
    // stored with that URL. Aimed there, the copied command sent the webhook and its token away.
    const absolute = webhook({
      url: `http://evil.example/abs?serviceToken=${JWT}`,
      path: 'http://evil.example/abs',
      query: `serviceToken=${JWT}`,
    });
    const redacted = refusal(absolute);
    expect(redacted).toBe(
      'Record 7 is a POST request for "http://evil.example/abs?serviceToken=REDACTED", an absolute address: it names a host the sender chose, not the listener that received it, so curl does not send it there. `npx checkout-console replay 7` sends it to the listener again.',
    );
    expect(refusal(absolute, 'included')).toContain('serviceToken=' + JWT);
  });

  it("says an absolute-form webhook's way out in each front door's words, and that its token changes nothing", () => {
    // The window has no terminal to run `replay 88` in: its way out is its own Replay.
    const absolute = webhook({
      url: 'http://evil.example/hook',
      path: 'http://evil.example/hook',
      query: null,
    });
    const refused = (tokens: 'redacted' | 'included', source = absolute) => {
      try {
        buildCurlCommand(source, { tokens }, onDefault);
      } catch (error) {
        if (error instanceof CurlCannotReproduce) return error;
      }
      throw new Error('no CurlCannotReproduce');
    };
    const cause =
      'Record 7 is a POST request for "http://evil.example/hook", an absolute address: it names a host the sender chose, not the listener that received it, so curl does not send it there.';
    expect(refused('redacted').message).toBe(
      `${cause} \`npx checkout-console replay 7\` sends it to the listener again.`,
    );
    expect(refused('redacted').inWindow).toBe(
      `${cause} Replay sends it to the listener again: tick its row, then Replay… in the Timeline's toolbar.`,
    );
    expect(refused('redacted').whateverTheToken).toBe(true);
    expect(refused('included').inWindow).toBe(refused('redacted').inWindow);
    // Not a webhook: nothing replays it, in either place.
    const request = { ...absolute, kind: 'request' as const };
    expect(refusal(request)).toBe(cause);
    // A raw request's refusal with its token says more (how to send its bytes): the switch stays.
    expect(refused('redacted', unparsed()).whateverTheToken).toBe(false);
  });
});
