import { afterEach, describe, expect, it } from 'vitest';
import { payload } from '../fixtures/hostile-webhooks';
import { trickle } from './helpers/raw-http';
import { serveListener } from './helpers/webhook-server-harness';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function serve(idleTimeoutMs: number) {
  const served = await serveListener({ bodyIdleTimeoutMs: idleTimeoutMs });
  cleanup.push(served.dispose);
  return served;
}

describe('slow bodies', () => {
  it('a body that stalls past the idle timeout is answered 408 and stored with what arrived', async () => {
    const { server, row } = await serve(200);
    const head = `POST /slow HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n`;
    const answer = await trickle(server.port, [head, '{"order_id":'], 10);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    const id = (JSON.parse(answer.split('\r\n\r\n')[1] ?? '{}') as { id: number }).id;
    expect(row(id)).toMatchObject({
      status: 408,
      bodyVerdict: 'invalid_json',
      requestBody: { text: '{"order_id":' },
      error: expect.stringMatching(/No body bytes arrived for 0.2 s after 12 bytes; answered 408/),
    });
  });

  it('a body that trickles in within the timeout is taken whole', async () => {
    const { server, row } = await serve(300);
    const body = payload('order_approved');
    const pieces = [body.slice(0, 50), body.slice(50, 100), body.slice(100)];
    const head = `POST /slow HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: ${body.length}\r\n\r\n`;
    const answer = await trickle(server.port, [head, ...pieces], 100);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const id = (JSON.parse(answer.split('\r\n\r\n')[1] ?? '{}') as { id: number }).id;
    expect(row(id)).toMatchObject({
      status: 200,
      bodyVerdict: 'event',
      tokenVerdict: 'missing',
      error: null,
    });
  });
});
