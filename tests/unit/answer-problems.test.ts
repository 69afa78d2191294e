import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answerProblems, notAnAnswer } from '../../src/shared/answer-problems';
import { parseBoundedJson } from '../../src/shared/bounded-json';
import { startFakeService, json } from './helpers/fake-service';
import { runCliCaptured } from './helpers/run-cli';
import { createConsole } from '../../src/main/app';
import { withConsoleFile } from './helpers/console-file';
import { makeTempDir } from './helpers/temp-console';

// A 200 that was an HTML page (a proxy, a login wall), or an answer cut at the console's 10 MiB,
// read "Answered successfully." in the timeline and the builder, and `send` exited 0 printing
// the HTML. The status alone is not the judge: such an answer says what is wrong with it.

/** An answer whose kept body is `text` (null: none), read as the client reads it. */
const body = (text: string | null) => ({
  keptBytes: text === null ? 0 : new TextEncoder().encode(text).byteLength,
  json: text === null || text === '' ? null : parseBoundedJson(text),
});
const read = (over: Partial<Parameters<typeof answerProblems>[0]>) =>
  answerProblems({
    operation: 'createCheckout',
    status: 200,
    ...body('{"order_id":"o","checkout_id":"c","status":"new","checkout_url":"https://x"}'),
    contentType: 'application/json',
    truncated: false,
    receivedBytes: 0,
    ...over,
  });

describe('answerProblems', () => {
  it('a created checkout, a 4xx, and an operation answered with JSON have none', () => {
    expect(read({})).toEqual([]);
    expect(read({ status: 400, ...body('<html>') })).toEqual([]);
    expect(read({ operation: 'capture', ...body('{"capture_id":"x"}') })).toEqual([]);
  });
  it('a 2xx that is not JSON names its content type', () => {
    expect(read({ ...body('<html>login</html>'), contentType: 'text/html' })).toEqual([
      'The service answered 200 with a body that is not JSON (Content-Type: text/html): its answers are JSON objects.',
    ]);
  });
  it('a create-checkout 2xx without a created checkout names the fields', () => {
    expect(read({ ...body('{"order_id":"o"}') })[0]).toMatch(
      /^The service answered 200, but not with a created checkout: checkout_id, status, checkout_url are missing/,
    );
    expect(read({ ...body('') })[0]).toMatch(/answered 200 with an empty body/);
  });
  // A 2xx holding the spec's error shape, an empty 2xx to any operation, JSON that is no object:
  // none of them is an answer, and the order moved on each (docs/orders.md).
  it('a 2xx carrying the error shape names its codes and message', () => {
    const declined = '{"message":"Payment declined","errors":[{"error_code":"declined"}]}';
    expect(read({ operation: 'capture', ...body(declined) })).toEqual([
      'The service answered 200 with an error body (declined: Payment declined): an error is not an answer to act on.',
    ]);
    expect(read({ operation: 'capture', ...body('{"errors":[]}') })[0]).toMatch(/with an error body:/);
  });
  it('an empty 2xx or JSON that is not an object is not an answer to any operation', () => {
    expect(read({ operation: 'capture', ...body(null) })).toEqual([
      'The service answered 200 with an empty body: its answers are JSON objects.',
    ]);
    expect(read({ operation: 'authorise', ...body('[1]') })).toEqual([
      'The service answered 200 with JSON that is not an object (an array): its answers are JSON objects.',
    ]);
  });
  it('notAnAnswer picks the problems that disqualify an answer, not a missing field', () => {
    const html = read({ operation: 'authorise', ...body('<html>'), contentType: 'text/html' });
    expect(notAnAnswer(html)).toBe(html[0]);
    expect(notAnAnswer(read({ operation: 'capture', ...body(null) }))).toMatch(/empty body/);
    expect(notAnAnswer(read({ ...body('{"order_id":"o"}') }))).toBeNull();
    expect(notAnAnswer(read({ truncated: true, ...body('{"a":'), receivedBytes: 99 }))).toMatch(/longer/);
    expect(notAnAnswer([])).toBeNull();
  });
  // The spec: checkout_url is a URL "with locale and order id as query parameters". A customer is
  // sent there: a javascript: URL, plain http or another order's page read as a good answer.
  it('a checkout_url that is no web address, not https, or for another order is warned of', () => {
    const created = (url: string) =>
      read({
        ...body(JSON.stringify({ order_id: 'o-1', checkout_id: 'c', status: 'new', checkout_url: url })),
      });
    expect(created('javascript:alert(document.cookie)')).toEqual([
      'The checkout_url "javascript:alert(document.cookie)" is not a web address (https://…): a customer sent there reaches no checkout page.',
    ]);
    expect(created('http://pay.example/c?order_id=o-1&locale=en')).toEqual([
      'The checkout_url "http://pay.example/c?order_id=o-1&locale=en" is not https: the customer\'s payment page would travel unencrypted.',
    ]);
    expect(created('https://pay.example/c?order_id=o-2&locale=en')).toEqual([
      "The checkout_url names order_id o-2, but the answer's order_id is o-1: a customer sent there pays another order.",
    ]);
    // The emulator's page on this machine, and a URL that names the order: nothing to say.
    expect(created('http://127.0.0.1:4010/checkout?order_id=o-1&locale=en')).toEqual([]);
    expect(created('https://pay.example/c?order_id=o-1&locale=en')).toEqual([]);
    expect(notAnAnswer(created('javascript:x'))).toBeNull();
  });
  // A 302 read "302 · No body" / "Answered 302." with nothing saying it was a redirect the
  // console did not follow, nor where it pointed.
  it('a redirect says it was not followed, and where it pointed when that is known', () => {
    expect(read({ status: 302, ...body(null), location: 'https://login.example/sso' })).toEqual([
      'The service answered 302: a redirect to https://login.example/sso, not followed (the console sends each request once, to the address given).',
    ]);
    expect(read({ operation: 'capture', status: 307, ...body(null) })).toEqual([
      'The service answered 307: a redirect, not followed (the console sends each request once, to the address given).',
    ]);
    expect(read({ status: 304, ...body(null) })).toEqual([]);
  });
  it('a cut answer says how much was kept and how much arrived', () => {
    expect(read({ truncated: true, ...body('{"a":'), receivedBytes: 10_485_768 })).toEqual([
      'The answer was longer than the console keeps: only its first 5 bytes were kept, of 10.00001 MiB (10,485,768 bytes) or more that arrived, so it was not read as JSON.',
    ]);
  });
});

describe('send and the stored record', () => {
  let dataDir: string;
  let remove: () => void;
  let service: Awaited<ReturnType<typeof startFakeService>>;
  beforeEach(async () => {
    ({ dir: dataDir, remove } = makeTempDir());
    service = await startFakeService((_request, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<html><body>Please sign in</body></html>');
    });
    await runCliCaptured([
      '--data-dir',
      dataDir,
      'profiles',
      'set',
      'Sandbox',
      '--base-url',
      service.url,
      '--api-token',
      'sk_test_html_abcd',
    ]);
  });
  afterEach(async () => {
    await service.close();
    remove();
  });

  it('a 200 HTML page: send warns, exits 1, and the record keeps the problem for every screen', async () => {
    const file = join(dataDir, 'p.json');
    writeFileSync(file, '{"order_reference_id":"r1"}');
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'send',
      file,
      '--profile',
      'Sandbox',
      '--no-notification-url',
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'warning: The service answered 200 with a body that is not JSON (Content-Type: text/html): its answers are JSON objects.',
    );
    const core = await createConsole({ dataDir, frontDoor: 'browser', keychain: 'off' });
    try {
      const last = withConsoleFile(dataDir, (db) =>
        db.prepare<[], { id: number }>("SELECT id FROM events WHERE kind = 'request' ORDER BY id DESC").get(),
      );
      const detail = core.events.getDetail(last?.id ?? 0);
      expect(detail?.details['answerProblems']).toEqual([expect.stringMatching(/not JSON/)]);
    } finally {
      await core.close();
    }
  });

  it('a 302 says where it pointed, from its Location header, and that it was not followed', async () => {
    await service.close();
    service = await startFakeService((_request, res) => {
      res.writeHead(302, { Location: 'https://login.example/sso?next=%2Fcheckout' });
      res.end();
    });
    await runCliCaptured(['--data-dir', dataDir, 'profiles', 'set', 'Sandbox', '--base-url', service.url]);
    const file = join(dataDir, 'p.json');
    writeFileSync(file, readFileSync(join(import.meta.dirname, '..', 'fixtures', 'general-valid.json')));
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'send',
      file,
      '--profile',
      'Sandbox',
      '--no-notification-url',
    ]);
    expect(run.stderr).toContain(
      'The service answered 302: a redirect to https://login.example/sso?next=%2Fcheckout, not followed (the console sends each request once, to the address given).',
    );
  });

  it('a created checkout warns of nothing', async () => {
    await service.close();
    service = await startFakeService((_request, res) =>
      json(res, 200, {
        order_id: 'o',
        checkout_id: 'c',
        status: 'new',
        checkout_url: 'https://pay.example/?o',
      }),
    );
    await runCliCaptured(['--data-dir', dataDir, 'profiles', 'set', 'Sandbox', '--base-url', service.url]);
    // A valid request: send warns of a request sent with errors too (of the request, not the answer).
    const file = join(dataDir, 'p.json');
    writeFileSync(file, readFileSync(join(import.meta.dirname, '..', 'fixtures', 'general-valid.json')));
    const run = await runCliCaptured([
      '--data-dir',
      dataDir,
      'send',
      file,
      '--profile',
      'Sandbox',
      '--no-notification-url',
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).not.toContain('warning:');
  });
});
