import { describe, expect, it } from 'vitest';
import { httpUrlProblem } from '../../src/shared/http-url';
import { defaultProfileFields, profileFieldsSchema } from '../../src/shared/profile';
import { replayRequestSchema } from '../../src/shared/replay';
import { forwardToInputSchema } from '../../src/shared/listener';

/** The messages a schema gives for a value, in order. */
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('httpUrlProblem: a bad port is named as the port, not as the scheme', () => {
  it.each([
    ['http://127.0.0.1:99999', "The base URL's port 99999 is not a port (1–65535)"],
    ['http://127.0.0.1:65536/v1', "The base URL's port 65536 is not a port (1–65535)"],
    ['http://127.0.0.1:abc', "The base URL's port abc is not a port (1–65535)"],
    ['https://[::1]:99999/x', "The base URL's port 99999 is not a port (1–65535)"],
    ['http://user@127.0.0.1:-1', "The base URL's port -1 is not a port (1–65535)"],
  ])('%s', (value, message) => {
    expect(httpUrlProblem(value, 'base URL')).toBe(message);
  });

  it('keeps the scheme words where the scheme (or the whole text) is what fails', () => {
    for (const value of [
      'ftp://127.0.0.1:21',
      'ftp://127.0.0.1:99999',
      'not a url',
      'http://exa mple.com:80',
    ])
      expect(httpUrlProblem(value, 'base URL')).toBe('The base URL must be an http:// or https:// URL');
  });

  it('refuses port 0 only where requests go to the URL', () => {
    expect(httpUrlProblem('http://127.0.0.1:0', 'base URL', { reachable: true })).toBe(
      "The base URL's port 0 is not a port a request can go to (1–65535)",
    );
    expect(httpUrlProblem('http://127.0.0.1:00/v1', 'base URL', { reachable: true })).toMatch(/port 0 /);
    expect(httpUrlProblem('http://127.0.0.1:0', 'forward-to URL')).toBeNull();
    expect(httpUrlProblem('http://127.0.0.1:1', 'base URL', { reachable: true })).toBeNull();
    expect(httpUrlProblem('https://api.example.com', 'base URL', { reachable: true })).toBeNull();
  });
});

describe('every URL field says it the same way', () => {
  const fields = defaultProfileFields('sandbox', 'Sandbox');

  it.each([
    ['http://127.0.0.1:99999', 'port 99999 is not a port (1–65535)'],
    ['http://127.0.0.1:abc', 'port abc is not a port (1–65535)'],
    ['http://127.0.0.1:0', 'port 0 is not a port a request can go to (1–65535)'],
  ])('the base URL and the public listener URL: %s', (value, cause) => {
    expect(messagesOf(profileFieldsSchema.safeParse({ ...fields, baseUrl: value }))).toEqual([
      `The base URL's ${cause}`,
    ]);
    expect(messagesOf(profileFieldsSchema.safeParse({ ...fields, publicListenerUrl: value }))).toEqual([
      `The public listener URL's ${cause}`,
    ]);
  });

  it.each([
    ['http://127.0.0.1:99999/hooks', "The replay URL's port 99999 is not a port (1–65535)"],
    ['http://127.0.0.1:abc/hooks', "The replay URL's port abc is not a port (1–65535)"],
    ['http://127.0.0.1:0/hooks', "The replay URL's port 0 is not a port a request can go to (1–65535)"],
    ['ftp://example.com/', 'The replay URL must be an http:// or https:// URL'],
  ])('a replay URL: %s', (url, message) => {
    expect(messagesOf(replayRequestSchema.safeParse({ ids: [1], target: { kind: 'url', url } }))).toEqual([
      message,
    ]);
  });

  it('the forward-to URL', () => {
    expect(messagesOf(forwardToInputSchema.safeParse('http://127.0.0.1:99999/hooks'))).toEqual([
      "The forward-to URL's port 99999 is not a port (1–65535)",
    ]);
  });
});

describe('a base URL with a query or fragment is refused: the paths appended would land inside it', () => {
  const query = (shown: string) =>
    `The base URL must not carry a query (${shown}): the request paths are appended to it, and would land inside the query`;
  const fragment = (shown: string) =>
    `The base URL must not carry a fragment (${shown}): the request paths are appended to it, and would land inside the fragment, which is never sent`;

  it.each([
    ['http://127.0.0.1:5201/v1#frag', fragment('#frag')],
    ['http://127.0.0.1:5201/v1?a=1', query('?a=1')],
    ['http://127.0.0.1:5201/v1?a=1#frag', query('?a=1')],
    ['http://127.0.0.1:5201/v1?', query('?')],
    ['http://127.0.0.1:5201/v1#', fragment('#')],
    ['https://api.example.test?', query('?')],
    ['https://api.example.test/#/v1', fragment('#/v1')],
    [`https://api.example.test/?${'a'.repeat(60)}`, query(`?${'a'.repeat(39)}…`)],
  ])('%s', (value, message) => {
    expect(httpUrlProblem(value, 'base URL', { pathBase: true })).toBe(message);
  });

  it('takes a base URL with a path, with or without its slash; other URL fields keep their query', () => {
    for (const value of [
      'https://api.example.test',
      'https://api.example.test/v1/',
      'http://127.0.0.1:4010/v1',
    ])
      expect(httpUrlProblem(value, 'base URL', { pathBase: true })).toBeNull();
    expect(
      httpUrlProblem('https://hooks.example.test/in?key=1', 'public listener URL', { reachable: true }),
    ).toBeNull();
  });

  it('the profile fields: the base URL only', () => {
    const fields = defaultProfileFields('sandbox', 'Sandbox');
    expect(
      messagesOf(profileFieldsSchema.safeParse({ ...fields, baseUrl: 'http://127.0.0.1:5201/v1#frag' })),
    ).toEqual([fragment('#frag')]);
    expect(
      messagesOf(profileFieldsSchema.safeParse({ ...fields, baseUrl: ' http://127.0.0.1:5201/v1? ' })),
    ).toEqual([query('?')]);
    expect(
      profileFieldsSchema.safeParse({ ...fields, publicListenerUrl: 'https://hooks.example.test/in?key=1#x' })
        .success,
    ).toBe(true);
  });
});

describe('a part of a URL said in a message masks what every screen masks (security.md)', () => {
  const token = 'sk_test_QSECRET99998888';
  const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';

  it.each([
    [`https://example.test/api?serviceToken=${token}`, 'must not carry a query (?serviceToken=••••8888)'],
    [
      `https://example.test/api?a=1&SERVICETOKEN=${token}#x`,
      'must not carry a query (?a=1&SERVICETOKEN=••••8888)',
    ],
    [`https://example.test/api?service%54oken=${token}`, 'must not carry a query (?service%54oken=••••8888)'],
    [`https://example.test/api#serviceToken=${token}`, 'must not carry a fragment (#serviceToken=••••8888)'],
    [
      `https://example.test/api#/v1?serviceToken=${token}`,
      'must not carry a fragment (#/v1?serviceToken=••••8888)',
    ],
  ])('%s', (value, cause) => {
    const problem = httpUrlProblem(value, 'base URL', { pathBase: true }) ?? '';
    expect(problem).toContain(`The base URL ${cause}`);
    expect(problem).not.toContain('QSECRET');
  });

  it('masks a JWT before the part is cut, so no piece of it is said', () => {
    const problem = httpUrlProblem(`https://example.test/api?session=${jwt}`, 'base URL', { pathBase: true });
    expect(problem).toContain('must not carry a query (?session=••••');
    expect(problem).not.toContain('eyJ');
  });

  it('the profile fields, as `profiles add --base-url` says them', () => {
    const fields = defaultProfileFields('sandbox', 'Sandbox');
    const messages = messagesOf(
      profileFieldsSchema.safeParse({ ...fields, baseUrl: `https://example.test/api?serviceToken=${token}` }),
    );
    expect(messages).toEqual([
      expect.stringContaining('The base URL must not carry a query (?serviceToken=••••8888)'),
    ]);
    expect(messages.join('\n')).not.toContain('QSECRET');
  });
});
