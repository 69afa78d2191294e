import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { seededEvent } from '../tests/e2e/fixtures/seed-events';

export interface ReferenceTimeline {
  origin: string;
  /** Where webhooks are POSTed: answered `{ id }` and pushed to every page at once. */
  webhookUrl: string;
  stop(): Promise<void>;
}

/**
 * The reference for the timeline and push benchmarks: the same 100k summaries served from
 * memory in pages (no database), webhooks pushed over a bare WebSocket, and
 * bench/reference-timeline.html rendering them framework-free. It is the floor on this machine
 * and browser: what any timeline costs here before the console's own work.
 */
export async function startReferenceTimeline(count: number): Promise<ReferenceTimeline> {
  const start = Date.now() - count * 1000;
  const summaries = Array.from({ length: count }, (_, n) => {
    const event = seededEvent(n, start + n * 1000);
    return {
      id: n + 1,
      at: new Date(event.atMs ?? 0).toISOString(),
      kind: event.kind,
      method: event.method,
      path: event.path,
      status: event.status,
      tokenVerdict: event.tokenVerdict,
      bodyVerdict: event.bodyVerdict,
      eventType: event.eventType,
      orderId: event.orderId,
    };
  }).reverse();
  const page = readFileSync(join(import.meta.dirname, 'reference-timeline.html'));
  const sockets = new Set<WebSocket>();
  let nextId = count + 1;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      return;
    }
    if (req.method === 'GET' && url.pathname === '/rows') {
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 200);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ total: summaries.length, items: summaries.slice(offset, offset + limit) }));
      return;
    }
    if (req.method === 'POST') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const id = nextId++;
        const frame = JSON.stringify({
          id,
          at: new Date().toISOString(),
          kind: 'webhook',
          method: 'POST',
          path: url.pathname,
          status: 200,
          tokenVerdict: 'missing',
          bodyVerdict: 'event',
          eventType: null,
          orderId: null,
          bytes: Buffer.concat(chunks).byteLength,
        });
        for (const socket of sockets) socket.send(frame);
        res
          .writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*' })
          .end(JSON.stringify({ received: true, id }));
      });
      return;
    }
    res.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server, path: '/push' });
  wss.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    webhookUrl: `${origin}/bench`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.terminate();
        wss.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
