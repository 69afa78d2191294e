import { afterEach, describe, expect, it } from 'vitest';
import { buildCurlCommand } from '../../src/shared/curl';
import type { HeaderList } from '../../src/shared/events';
import { profileFieldsSchema, defaultProfileFields } from '../../src/shared/profile';
import { maskWith, redactPath, redactUrl, redactWith } from '../../src/shared/secrets/redact-secrets';
import { redactExchange } from '../../src/shared/secrets/redact-exchange';
import { payload, signWith } from '../fixtures/hostile-webhooks';
import { openListeningConsole, type ListeningConsole } from './helpers/listening-console';
import { consoleCommandNaming } from '../../src/shared/console-command';

/** The commands a message names, on the default data directory (named by no --data-dir). */
const onDefault = consoleCommandNaming(null);

// Issue 15, "Redaction by meaning, not by spelling": one function decides what a secret is, for
// screens (masked), cURL and exports (REDACTED); every spelling a token can ride in is tried.

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJpc3MiOiJjaGVja291dCJ9.c2lnbmF0dXJlLW9mLWEtdG9rZW4';
const API_TOKEN = 'sk_test_API_TOKEN_0123456789';
const view = (text: string) => ({ size: text.length, truncated: false, text, base64: null });

const exchange = (query: string | null, headers: HeaderList, body = '{}', response = '{}') => ({
  url: `http://127.0.0.1:4455/notify${query === null ? '' : `?${query}`}`,
  query,
  requestHeaders: headers,
  responseHeaders: [['X-Echo', `you sent ${TOKEN}`]] satisfies HeaderList,
  requestBody: view(body),
  responseBody: view(response),
});

const SPELLINGS: [string, string | null, HeaderList][] = [
  ['Authorization: Bearer', null, [['Authorization', `Bearer ${TOKEN}`]]],
  ['authorization: bearer (any case)', null, [['authorization', `bearer ${TOKEN}`]]],
  ['AUTHORIZATION without a scheme (a bare JWT)', null, [['AUTHORIZATION', TOKEN]]],
  ['Authorization: Basic', null, [['Authorization', `Basic ${TOKEN}`]]],
  ['Proxy-Authorization', null, [['Proxy-Authorization', `Bearer ${TOKEN}`]]],
  ['?serviceToken=', `serviceToken=${TOKEN}`, []],
  ['?servicetoken= (any case)', `a=1&servicetoken=${TOKEN}`, []],
  ['?service%54oken= (percent-encoded name)', `service%54oken=${encodeURIComponent(TOKEN)}`, []],
  ['?SERVICETOKEN= with + and %2E in the value', `SERVICETOKEN=${TOKEN.replace(/\./g, '%2E')}`, []],
];

describe('redaction by meaning: every spelling, every part of an exchange', () => {
  it.each(SPELLINGS)('%s', (_name, query, headers) => {
    const plain = exchange(query, headers, `{"echo":"${TOKEN}"}`, `{"token":"${TOKEN}"}`);
    for (const [replace, word] of [
      [redactWith, 'REDACTED'],
      [maskWith, '••••'],
    ] as const) {
      const { exchange: shown, redacted } = redactExchange(plain, replace);
      const text = JSON.stringify(shown);
      expect(redacted).toBe(true);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(TOKEN.slice(0, 40));
      expect(text).toContain(word);
    }
  });

  it('keeps the scheme, the rest of the URL and what is not a secret; a masked value stays as it is', () => {
    const { exchange: shown } = redactExchange(
      exchange(`a=1&serviceToken=${TOKEN}&b=%20c`, [
        ['Authorization', `Bearer ${TOKEN}`],
        ['Content-Type', 'application/json'],
        ['X-Stored', 'Bearer ••••abcd'],
      ]),
      redactWith,
    );
    expect(shown.url).toBe('http://127.0.0.1:4455/notify?a=1&serviceToken=REDACTED&b=%20c');
    expect(shown.requestHeaders).toEqual([
      ['Authorization', 'Bearer REDACTED'],
      ['Content-Type', 'application/json'],
      ['X-Stored', 'Bearer ••••abcd'],
    ]);
    const masked = redactExchange(exchange(null, [['Authorization', 'Bearer ••••wxyz']]), maskWith).exchange;
    expect(masked.requestHeaders).toEqual([['Authorization', 'Bearer ••••wxyz']]);
  });

  it('a password in a URL’s user info is a credential: replaced, the user name and the rest kept', () => {
    expect(redactUrl('https://qa:SECRETURL-ABC@merchant.test:8443/hooks?x=1', [], redactWith)).toBe(
      'https://qa:REDACTED@merchant.test:8443/hooks?x=1',
    );
    expect(redactUrl('https://merchant.test/a@b?c=d@e', [], redactWith)).toBe(
      'https://merchant.test/a@b?c=d@e',
    );
    expect(redactUrl('http://user@merchant.test/', [], redactWith)).toBe('http://user@merchant.test/');
  });

  it('a profile URL carrying a user name or password is refused, naming the field', () => {
    const fields = { ...defaultProfileFields('sandbox', 'Z'), baseUrl: 'http://u:APITOKEN-ZZZ@127.0.0.1:1' };
    const parsed = profileFieldsSchema.safeParse(fields);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({
      path: ['baseUrl'],
      message: expect.stringMatching(/^The base URL must not carry a user name or password/),
    });
  });

  it('a record as the screen holds it (masked) reads REDACTED in cURL, never with the mask', () => {
    const built = buildCurlCommand(
      {
        id: 1,
        kind: 'webhook',
        method: 'POST',
        url: 'http://127.0.0.1:4455/notify?serviceToken=••••miFE',
        path: '/notify',
        query: 'serviceToken=••••miFE',
        requestHeaders: [
          ['Authorization', 'Bearer ••••miFE'],
          ['Proxy-Authorization', '••••abcd'],
        ],
        requestBody: view('{}'),
      },
      { tokens: 'redacted' },
      onDefault,
    );
    expect(built.command).not.toContain('••••');
    expect(built.command).toContain("'http://127.0.0.1:4455/notify?serviceToken=REDACTED'");
    expect(built.command).toContain("--header 'Authorization: Bearer REDACTED'");
    expect(built.command).toContain("--header 'Proxy-Authorization: REDACTED'");
  });

  it('a cookie is a credential: each value replaced, names and attributes kept, echoes too', () => {
    const session = 'session-value-0123456789';
    const plain = {
      ...exchange(null, [['Cookie', `sid=${session}; theme=dark-mode-on`]], `{"echo":"${session}"}`),
      responseHeaders: [['set-cookie', `sid=${session}; Path=/; HttpOnly`]] satisfies HeaderList,
    };
    const { exchange: shown, redacted } = redactExchange(plain, redactWith);
    expect(redacted).toBe(true);
    expect(shown.requestHeaders).toEqual([['Cookie', 'sid=REDACTED; theme=REDACTED']]);
    expect(shown.responseHeaders).toEqual([['set-cookie', 'sid=REDACTED; Path=/; HttpOnly']]);
    expect(shown.requestBody?.text).toBe('{"echo":"REDACTED"}');
    const masked = redactExchange(plain, maskWith).exchange;
    expect(masked.requestHeaders[0]?.[1]).toMatch(/^sid=••••6789; theme=••••e-on$/);
    expect(JSON.stringify(masked)).not.toContain(session);
  });

  it('profile secrets main passes in are replaced wherever they are echoed', () => {
    const { exchange: shown } = redactExchange(
      exchange(null, [['X-Note', `key ${API_TOKEN}`]], `{"k":"${API_TOKEN}"}`),
      redactWith,
      [API_TOKEN],
    );
    expect(JSON.stringify(shown)).not.toContain(API_TOKEN);
  });

  it('a profile secret in a URL is found in any percent-encoding: a byte of either case, a space as +', () => {
    const secret = 'clé de porte 9876';
    for (const spelled of [
      'cl%C3%A9%20de%20porte%209876',
      'cl%c3%a9+de+porte+9876',
      'cl\u00e9%20de porte%209876',
    ]) {
      expect(redactUrl(`https://shop.test/k/${spelled}/x?echo=${spelled}`, [secret], maskWith)).toBe(
        'https://shop.test/k/••••9876/x?echo=••••9876',
      );
    }
    // A record's path the same, every other character as it arrived (a stray `#` included).
    expect(redactPath('/k/cl%C3%A9+de+porte+9876#x?serviceToken=abcdefghijkl', [secret], maskWith)).toBe(
      '/k/••••9876#x?serviceToken=••••ijkl',
    );
    // Half of it, or another text of the same letters, is not it.
    expect(redactUrl('https://shop.test/k/cl%C3%A9%20de/x', [secret], redactWith)).toBe(
      'https://shop.test/k/cl%C3%A9%20de/x',
    );
  });

  it('a body that is not UTF-8 (base64) is redacted in its bytes, masked on screen, its other bytes kept', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xff, 0x80]),
      Buffer.from(` ${API_TOKEN} Bearer ${TOKEN} `),
      Buffer.from([0xc3]),
    ]);
    const binary = { size: bytes.length, truncated: false, text: null, base64: bytes.toString('base64') };
    const plain = { ...exchange(null, []), requestBody: binary, responseBody: binary };
    const bodiesOf = (replace: typeof redactWith) => {
      const { exchange: shown, redacted } = redactExchange(plain, replace, [API_TOKEN]);
      expect(redacted).toBe(true);
      return [shown.requestBody, shown.responseBody].map((body) => Buffer.from(body?.base64 ?? '', 'base64'));
    };
    for (const body of bodiesOf(redactWith))
      expect(body).toEqual(
        Buffer.concat([
          Buffer.from([0xff, 0x80]),
          Buffer.from(' REDACTED Bearer REDACTED '),
          Buffer.from([0xc3]),
        ]),
      );
    for (const body of bodiesOf(maskWith)) {
      expect(body.toString('utf8')).toContain(`••••${TOKEN.slice(-4)}`);
      expect(body.toString('latin1')).not.toContain(API_TOKEN);
      expect(body.subarray(0, 2)).toEqual(Buffer.from([0xff, 0x80]));
    }
  });

  it('cURL uses the same redaction: a bare token in any header case, and a body that echoes it', () => {
    const built = buildCurlCommand(
      {
        id: 1,
        kind: 'webhook',
        method: 'POST',
        url: `http://127.0.0.1:4455/notify?servicetoken=${TOKEN}`,
        path: '/notify',
        query: `servicetoken=${TOKEN}`,
        requestHeaders: [['aUtHoRiZaTiOn', TOKEN]],
        requestBody: view(`{"echo":"${TOKEN}"}`),
      },
      { tokens: 'redacted' },
      onDefault,
    );
    expect(built.redacted).toBe(true);
    expect(built.command).not.toContain(TOKEN);
    expect(built.command).toContain(`--header 'aUtHoRiZaTiOn: REDACTED'`);
  });
});

describe('a webhook whose Authorization is a bare JWT (issue 15, point 3)', () => {
  let open: ListeningConsole | null = null;
  afterEach(async () => {
    await open?.dispose();
    open = null;
  });

  it('is redacted alike in JSON, NDJSON and HAR exports, in cURL and on screen; included only when asked', async () => {
    open = await openListeningConsole();
    const now = Math.floor(Date.now() / 1000);
    const token = await signWith(open.secret, { iat: now, exp: now + 900 });
    const response = await fetch(`${open.origin}/hooks?SERVICETOKEN=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: payload('order_approved', { note: `echo ${token}` }),
    });
    const id = ((await response.json()) as { id: number }).id;
    const { core } = open;
    for (const format of ['json', 'ndjson', 'har'] as const) {
      const without = core.history.exportText({ format, filter: {}, includeTokens: false }).text;
      expect(without, format).not.toContain(token);
      expect(without, format).toContain('REDACTED');
      const withTokens = core.history.exportText({ format, filter: {}, includeTokens: true }).text;
      expect(withTokens, format).toContain(token);
    }
    expect(core.curl.commandFor(id, false).command).not.toContain(token);
    const shown = JSON.stringify(core.recordSecrets.shown(id));
    expect(shown).not.toContain(token);
    expect(shown).toContain('••••');
    expect(JSON.stringify(core.eventsQuery.page({}, { limit: 10 }))).not.toContain(token);
    // Reveal and Copy are explicit, and give the token that came with the record.
    expect(JSON.stringify(core.recordSecrets.revealed(id))).toContain(token);
    expect(core.recordSecrets.notificationToken(id)).toEqual({ token, problem: null });
  });
});
