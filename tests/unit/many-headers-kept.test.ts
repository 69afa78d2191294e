import { afterEach, describe, expect, it } from 'vitest';
import { openEmulator, type EmulatorHarness } from './helpers/emulator-harness';
import { sendRaw } from './helpers/raw-http';
import { answerBody, serveListener, type ServedListener } from './helpers/webhook-server-harness';

// Node's HTTP server keeps only its first 1,000 header pairs (maxHeadersCount) and drops the rest
// without a word: a request with 1,100 small headers (about 11 KB, under the 16 KiB limit) was
// answered 200 and stored with 1,022 headers, its Authorization among those lost, so its token
// was judged "missing"; the emulator answered a valid bearer after them 401. The only header
// limit is the 16 KiB one (docs/limits.md): below it every header is kept, past it 431 and a record.

let served: ServedListener | null = null;
let emulator: EmulatorHarness | null = null;
afterEach(async () => {
  await served?.dispose();
  served = null;
  await emulator?.dispose();
  emulator = null;
});

/** `count` small headers `X0: 1` … as raw header lines. */
const smallHeaders = (count: number): string =>
  Array.from({ length: count }, (_, index) => `X${index}: 1\r\n`).join('');

describe('a request with more than 1,000 headers, under the 16 KiB limit', () => {
  it('the listener stores every header and judges the token that came after the first 1,000', async () => {
    served = await serveListener();
    const body = JSON.stringify({ order_id: 'ord-many-headers', event_type: 'order_approved' });
    const raw =
      `POST /many-headers HTTP/1.1\r\nHost: x\r\n${smallHeaders(1100)}` +
      `Authorization: Bearer abc.def.ghi\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`;
    const answer = await sendRaw(served.server.port, Buffer.from(raw));
    expect(answer.status).toBe(200);
    const stored = served.row(answerBody(`\r\n\r\n${answer.body}`).id ?? 0);
    expect(stored?.requestHeaders).toHaveLength(1 + 1100 + 4);
    expect(stored?.requestHeaders.at(-4)).toEqual(['Authorization', 'Bearer abc.def.ghi']);
    expect(stored?.tokenVerdict).not.toBe('missing');
  });

  it('the emulator takes a valid bearer sent after 1,100 headers', async () => {
    emulator = await openEmulator();
    const port = Number(new URL(emulator.url).port);
    const raw =
      `GET /orders/ord_none HTTP/1.1\r\nHost: x\r\n${smallHeaders(1100)}` +
      `Authorization: Bearer ${emulator.apiToken}\r\nConnection: close\r\n\r\n`;
    const answer = await sendRaw(port, Buffer.from(raw));
    expect(answer.body).not.toContain('Missing bearer token');
    expect(answer.status).toBe(404);
  });
});

describe('2,000 headers', () => {
  it('about 21 KB on the wire, under 16 KiB of names and values: every header kept, 200', async () => {
    served = await serveListener();
    const raw = `POST /many-headers HTTP/1.1\r\nHost: x\r\n${smallHeaders(2000)}Content-Length: 0\r\nConnection: close\r\n\r\n`;
    expect(raw.length).toBeGreaterThan(16 * 1024);
    const answer = await sendRaw(served.server.port, Buffer.from(raw));
    expect(answer.status).toBe(200);
    const stored = served.row(answerBody(`\r\n\r\n${answer.body}`).id ?? 0);
    expect(stored?.requestHeaders).toHaveLength(1 + 2000 + 2);
    expect(stored?.requestHeaders.at(-1)).toEqual(['Connection', 'close']);
  });

  it('over 16 KiB of names and values: answered 431 and stored as too large', async () => {
    served = await serveListener();
    // Node counts the request target and each header's name and value (not ": " or line ends):
    // 2,000 × "X-nnnn" + "123" is over 16 KiB of those, about 27 KB on the wire.
    const headers = Array.from(
      { length: 2000 },
      (_, index) => `X-${String(index).padStart(4, '0')}: 123\r\n`,
    ).join('');
    const raw = `POST /many-headers HTTP/1.1\r\nHost: x\r\n${headers}Content-Length: 0\r\nConnection: close\r\n\r\n`;
    const answer = await sendRaw(served.server.port, Buffer.from(raw));
    expect(answer.status).toBe(431);
    const stored = served.row(answerBody(`\r\n\r\n${answer.body}`).id ?? 0);
    expect(stored?.status).toBe(431);
    expect(stored?.error).toMatch(/are over the 16 KiB limit; answered 431/);
  });
});
