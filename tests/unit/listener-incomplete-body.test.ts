import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { sendRaw } from './helpers/raw-http';
import { onlyRow, serveListener, type ServedListener } from './helpers/webhook-server-harness';

// A body that did not arrive whole was judged on what arrived: bad chunking before any body
// byte was stored as "empty" ("The body is empty"), and a complete-looking notification whose
// client hung up before the promised length was judged a notification like any other. It is
// now judged as what it is: no notification, its bytes kept, the reason said.

let served: ServedListener | null = null;
afterEach(async () => {
  await served?.dispose();
  served = null;
});

const chunked = (body: string) =>
  Buffer.from(
    `POST /chunks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body}`,
    'latin1',
  );

const findingsOf = (row: { details?: unknown }) => JSON.stringify(row.details ?? null);

describe('a body that did not arrive whole', () => {
  it('bad chunking before any body byte: not "empty", the parser’s reason said', async () => {
    served = await serveListener();
    const answer = await sendRaw(served.server.port, chunked('zz\r\n{"order_id":"o-1"}\r\n0\r\n\r\n'));
    expect(answer.status).toBe(400);
    const row = await onlyRow(served);
    expect(row.bodyVerdict).toBe('invalid_json');
    expect(findingsOf(row)).toMatch(
      /The body did not arrive whole \(Node's HTTP parser gave up on it: .*\); the 0 bytes that arrived are kept/,
    );
    expect(findingsOf(row)).not.toMatch(/The body is empty/);
  });

  it('bad chunking after a good chunk: the bytes that arrived are kept, and judged as cut', async () => {
    served = await serveListener();
    await sendRaw(served.server.port, chunked('5\r\n{"or"\r\nzz\r\nxx\r\n0\r\n\r\n'));
    const row = await onlyRow(served);
    expect(row.requestBody?.text).toBe('{"or"');
    expect(row.bodyVerdict).toBe('invalid_json');
    expect(findingsOf(row)).toMatch(/did not arrive whole .*the 5 bytes that arrived are kept/);
  });

  it('a whole-looking notification whose client hung up before its Content-Length: no notification, no order', async () => {
    served = await serveListener();
    const body = '{"order_id":"o-1","order_reference_id":"r-1","event_type":"order_approved","data":[]}';
    const socket = connect(served.server.port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `POST /cut HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length + 40}\r\n\r\n${body}`,
      () => setTimeout(() => socket.destroy(), 100),
    );
    const row = await onlyRow(served);
    expect(row.requestBody?.text).toBe(body);
    expect(row.bodyVerdict).toBe('invalid_json');
    expect(row.orderId).toBeNull();
    expect(findingsOf(row)).toMatch(/the client closed the connection before the body was complete/);
  });
});
