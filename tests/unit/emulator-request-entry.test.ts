import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestBodies } from '../../src/main/emulator/emulator-request-entry';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../src/shared/emulator';
import { EmulatorError } from '../../src/main/emulator/emulator-errors';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { sendRaw, type RawExchange } from './helpers/raw-http';

let emulator: EmulatorHarness;
let port: number;
beforeEach(async () => {
  emulator = await openEmulator();
  port = Number(new URL(emulator.url).port);
});
afterEach(async () => {
  await emulator.dispose();
});

const raw = (text: string, body: Buffer = Buffer.alloc(0)) =>
  sendRaw(port, Buffer.concat([Buffer.from(text, 'latin1'), body]));

/** The body of a raw answer, its chunked transfer coding undone. */
function bodyOf(answer: RawExchange): string {
  if (!/transfer-encoding: chunked/i.test(answer.headers)) return answer.body;
  let rest = answer.body;
  let text = '';
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return text;
    text += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** The spec's error body, with the given error code. */
function expectErrorBody(answer: RawExchange, status: number, code: string): Record<string, unknown> {
  expect(answer.status).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  const json = JSON.parse(bodyOf(answer)) as Record<string, unknown>;
  expect(json).toMatchObject({ data: expect.any(Object), title: null, screen_type: null });
  expect(typeof json['message']).toBe('string');
  expect(json['errors']).toEqual([expect.objectContaining({ error_code: code })]);
  return json;
}

/** The emulator still answers a valid call afterwards. */
async function expectStillServing(): Promise<void> {
  const { status, json } = await emulator.call('POST', '/checkout', validPayload(null));
  expect(status).toBe(200);
  expect(json['status']).toBe('new');
}

describe('request lines and targets the emulator cannot route', () => {
  it.each([
    ['an absolute URL that does not parse', 'POST http://[::1 HTTP/1.1', /request target/],
    ['an absolute URL with a bad port', 'GET http://127.0.0.1:99999/orders/x HTTP/1.1', /request target/],
    ['a scheme that is not http', 'GET mailto:someone@example.com HTTP/1.1', /Not a valid HTTP request/],
    ['a request line with a control character', 'GET /orders/\x01 HTTP/1.1', /Not a valid HTTP request/],
  ])('%s: 400 with the error body, and the emulator keeps serving', async (_case, line, says) => {
    const answer = await raw(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    const json = expectErrorBody(answer, 400, 'invalid_request');
    expect(json['message']).toMatch(says);
    await expectStillServing();
  });

  it('an absolute URL that parses is routed by its path, as before', async () => {
    const answer = await raw(
      `GET http://127.0.0.1:${port}/no-such-route HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`,
    );
    expectErrorBody(answer, 404, 'not_found');
  });

  it.each([
    ['an order id', 'GET', '/orders/%zz'],
    ['a cut-off escape', 'POST', '/orders/abc%E/authorise'],
    ['an escape that is not UTF-8', 'POST', '/payments/simplified-refund/%C3%28'],
    ['a customer action', 'POST', '/checkout-page/%/pay'],
  ])('a malformed percent escape in %s: 400 naming the path, not 500', async (_case, method, path) => {
    const answer = await raw(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.apiToken}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    const json = expectErrorBody(answer, 400, 'invalid_request');
    expect(json['message']).toMatch(/percent|escape/i);
    await expectStillServing();
  });

  it.each([
    [
      'a CESU-encoded surrogate',
      '/merchants/orders/reference-id/%F0%9F%92%A9%ED%A0%80',
      '%F0%9F%92%A9%ED%A0%80',
      '0xED',
      5,
    ],
    ['a Latin-1 byte', '/orders/caf%E9', 'caf%E9', '0xE9', 4],
  ])(
    'well-formed escapes that decode to bytes that are not UTF-8 (%s): 400 naming that, not a malformed escape',
    async (_case, path, segment, byte, position) => {
      const answer = await raw(
        `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.apiToken}\r\nConnection: close\r\n\r\n`,
      );
      const json = expectErrorBody(answer, 400, 'invalid_request');
      expect(json['message']).toBe(
        `The path segment "${segment}" decodes to bytes that are not UTF-8 (byte ${byte}, the decoded segment's byte ${position}); each percent escape is well-formed, but a path is UTF-8 text.`,
      );
      expect(json['errors']).toEqual([{ error_code: 'invalid_request', path: 'path' }]);
      await expectStillServing();
    },
  );
});

describe('bodies over the limit', () => {
  const over = Buffer.alloc(EMULATOR_BODY_LIMIT_BYTES + 1, 0x20);

  it('a checkout over the limit gets 413 with the error body, not a reset', async () => {
    const answer = await raw(
      `POST /checkout HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.apiToken}\r\nContent-Type: application/json\r\nContent-Length: ${over.byteLength}\r\nConnection: close\r\n\r\n`,
      over,
    );
    const json = expectErrorBody(answer, 413, 'request_too_large');
    // The builder's notice says the limit as 1.00 MiB (1,048,576 bytes): the refusal says it alike.
    expect(json['message']).toBe(
      "The request body is larger than 1.00 MiB (1,048,576 bytes), the emulator's limit (Emulator → Settings: Largest request body).",
    );
    await expectStillServing();
  });

  it('a chunked body over the limit gets 413 with the error body too', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    const chunks = Array.from({ length: 5 }, () =>
      Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]),
    );
    const answer = await raw(
      `POST /checkout HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.apiToken}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
      Buffer.concat([...chunks, Buffer.from('0\r\n\r\n')]),
    );
    expectErrorBody(answer, 413, 'request_too_large');
  });

  it('a declared length far over the limit is answered at once, without reading it', async () => {
    const answer = await raw(
      `POST /checkout HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.apiToken}\r\nContent-Type: application/json\r\nContent-Length: 10000000000\r\n\r\n{`,
    );
    expectErrorBody(answer, 413, 'request_too_large');
    expect(answer.headers).toMatch(/connection: close/i);
  });

  it('a body at the limit is read (and judged as JSON)', async () => {
    const exact = Buffer.alloc(EMULATOR_BODY_LIMIT_BYTES, 0x20);
    const answer = await raw(
      `POST /checkout HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.apiToken}\r\nContent-Type: application/json\r\nContent-Length: ${exact.byteLength}\r\nConnection: close\r\n\r\n`,
      exact,
    );
    expectErrorBody(answer, 400, 'invalid_json');
  });
});

describe('a body limit other than the default', () => {
  it('is the one applied, read at each request', async () => {
    let limit = 10;
    const { readBody } = requestBodies(() => limit);
    const server = createServer((req, res) => {
      readBody(req).then(
        (body) => res.end(`ok ${body.byteLength}`),
        (error: unknown) => res.writeHead(error instanceof EmulatorError ? error.status : 500).end(),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(url, { method: 'POST', body: 'x'.repeat(10) })).status).toBe(200);
      expect((await fetch(url, { method: 'POST', body: 'x'.repeat(11) })).status).toBe(413);
      limit = 20;
      expect((await fetch(url, { method: 'POST', body: 'x'.repeat(11) })).status).toBe(200);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('bodies that are not UTF-8', () => {
  it('a JSON body with bytes that are not UTF-8 is 400 invalid_json saying so', async () => {
    const body = Buffer.concat([Buffer.from('{"description":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]);
    const answer = await raw(
      `POST /checkout HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${emulator.apiToken}\r\nContent-Type: application/json\r\nContent-Length: ${body.byteLength}\r\nConnection: close\r\n\r\n`,
      body,
    );
    const json = expectErrorBody(answer, 400, 'invalid_json');
    expect(json['message']).toMatch(/UTF-8/);
  });
});

// Node drops a CONNECT without a word when no 'connect' handler is set: the one request the
// emulator answered with nothing. It is no proxy: 405 in the service's error body, then closed.
describe('a CONNECT request', () => {
  it('is answered 405 with the error body and the methods it takes, and the emulator keeps serving', async () => {
    const answer = await raw('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n');
    const json = expectErrorBody(answer, 405, 'method_not_allowed');
    expect(json['message']).toMatch(/CONNECT/);
    expect(answer.headers).toMatch(/^allow: .*POST/im);
    expect(answer.headers).toMatch(/^connection: close/im);
    await expectStillServing();
  });
});
