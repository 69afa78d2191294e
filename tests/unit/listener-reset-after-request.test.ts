import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LISTENER_SETTINGS } from '../../src/shared/listener';
import { payload } from '../fixtures/hostile-webhooks';
import { createIngestWriter } from '../../src/main/listener/ingest-writer';
import { serveListener, type ServedListener } from './helpers/webhook-server-harness';

// A sender that resets its connection once its request is sent whole (the emulator of a test run
// cancelling a delivery as the run ends; a client that aborts rather than closing) sent one
// request, not two: the reset was stored as a second, "not HTTP" webhook of the service, saying
// the client closed the connection "before the request headers were complete".

let served: ServedListener | null = null;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await served?.dispose();
  served = null;
});

const body = payload('order_approved');
const request = `POST /hooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

/** Sends the whole request on a kept-alive connection, waits `waitFor`, then resets it; resolves with what was answered. */
async function sendWholeThenReset(port: number, waitFor: 'answer' | 'the request read'): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.on('error', () => undefined);
  let answer = '';
  const answered = new Promise<void>((resolve) =>
    socket.on('data', (chunk) => {
      answer += String(chunk);
      if (answer.includes('\r\n\r\n{')) resolve();
    }),
  );
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  await new Promise<void>((resolve) => socket.write(request, () => resolve()));
  if (waitFor === 'answer') await answered;
  else await new Promise((resolve) => setTimeout(resolve, 200));
  socket.resetAndDestroy();
  await new Promise((resolve) => socket.once('close', resolve));
  return answer;
}

async function settled(listener: ServedListener) {
  // Long enough for a reset's row to have been written, had there been one.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return listener.rows();
}

describe('a connection reset after its request arrived whole', () => {
  it('once answered: the webhook is the one row, no "not HTTP" row for the reset', async () => {
    served = await serveListener();
    const answer = await sendWholeThenReset(served.server.port, 'answer');
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    const rows = await settled(served);
    expect(rows.map((row) => ({ kind: row.kind, status: row.status, error: row.error }))).toEqual([
      { kind: 'webhook', status: 200, error: null },
    ]);
  });

  it('while its answer waits: one row, the webhook, whose answer went nowhere; no row of a request that never was', async () => {
    served = await serveListener(
      {},
      { settings: () => ({ ...DEFAULT_LISTENER_SETTINGS, responseDelayMs: 600 }) },
    );
    const answer = await sendWholeThenReset(served.server.port, 'the request read');
    expect(answer).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 700));
    const rows = await settled(served);
    expect(rows.map((row) => ({ path: row.path, error: row.error }))).toEqual([
      { path: '/hooks', error: 'The client closed the connection before the answer was sent.' },
    ]);
  });

  it('while it is being stored: one row, whose answer went nowhere, not a 200 nobody received', async () => {
    // The commit held back 400 ms (a busy disk, another process's lock): the client resets
    // meanwhile, before anything was answered. Its row said 200, answered, and stayed so.
    let writer: ReturnType<typeof createIngestWriter> | null = null;
    const inner = () => {
      if (writer === null) throw new Error('the store is not open yet');
      return writer;
    };
    served = await serveListener(
      {},
      {
        writer: {
          insert: async (build) => {
            await new Promise((resolve) => setTimeout(resolve, 400));
            return inner().insert(build);
          },
          update: (id, update, base) => inner().update(id, update, base),
          notStored: () => inner().notStored(),
          notStoredReason: () => inner().notStoredReason(),
        },
      },
    );
    writer = createIngestWriter(served.core.recorder, () => undefined);
    const answer = await sendWholeThenReset(served.server.port, 'the request read');
    expect(answer).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const rows = await settled(served);
    expect(rows.map((row) => ({ path: row.path, status: row.status, error: row.error }))).toEqual([
      { path: '/hooks', status: null, error: 'The client closed the connection before the answer was sent.' },
    ]);
  });
});
