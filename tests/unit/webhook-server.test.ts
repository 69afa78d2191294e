import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineDetail } from '../../src/shared/events';
import { DEFAULT_LISTENER_SETTINGS } from '../../src/shared/listener';
import { createIngestWriter } from '../../src/main/listener/ingest-writer';
import { startWebhookServer, type RunningWebhookServer } from '../../src/main/listener/webhook-server';
import { payload } from '../fixtures/hostile-webhooks';
import { openTempConsole } from './helpers/temp-console';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function serve(idleTimeoutMs: number): Promise<{
  server: RunningWebhookServer;
  row: (id: number) => TimelineDetail | undefined;
}> {
  const temp = await openTempConsole();
  const server = await startWebhookServer({
    port: 0,
    idleTimeoutMs,
    settings: () => DEFAULT_LISTENER_SETTINGS,
    verification: async () => ({ key: null, label: 'none' }),
    profile: () => ({ id: null, name: null }),
    writer: createIngestWriter(temp.core.recorder, () => undefined),
    forward: () => undefined,
    logError: () => undefined,
  });
  cleanup.push(temp.dispose, server.close);
  return { server, row: (id) => temp.core.events.getDetail(id) };
}

/** Sends `parts` with `gapMs` between them on one connection; resolves with the raw answer. */
function trickle(port: number, parts: string[], gapMs: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    socket.on('close', () => resolve(answer));
    socket.on('error', () => undefined);
    let index = 0;
    const next = () => {
      const part = parts[index];
      index += 1;
      if (part === undefined) return;
      socket.write(part);
      setTimeout(next, gapMs);
    };
    next();
  });
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
