import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { TOO_LARGE_KEPT_BYTES } from '../../shared/listener';
import { handleWebhook, type WebhookHandlerContext } from './handle-webhook';

export const LISTENER_HOST = '127.0.0.1';
/** A body that sends nothing for this long is answered 408 with what arrived. */
export const BODY_IDLE_TIMEOUT_MS = 10_000;

export interface RunningWebhookServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

export interface WebhookServerOptions extends Omit<
  WebhookHandlerContext,
  'origin' | 'idleTimeoutMs' | 'whenBroken'
> {
  port: number;
  idleTimeoutMs?: number;
}

function statusForParseError(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * A request Node could not even parse (bad request line, broken chunking, oversized headers):
 * stored as a webhook row with the raw bytes Node saw and the parser's complaint, then
 * answered, so nothing that reaches the port goes unrecorded or unanswered.
 */
function recordUnparseable(
  options: WebhookServerOptions,
  origin: () => string,
  error: NodeJS.ErrnoException & { rawPacket?: Buffer },
  socket: Socket,
  answering: ServerResponse | undefined,
): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  // Bytes after a request that said `Connection: close` are dropped; that request stands.
  if (error.code === 'HPE_CLOSED_CONNECTION') return;
  // A broken request pipelined behind one still being answered: recorded, and the
  // connection closes once that answer is out (writing a 400 now would garble it).
  const status = answering === undefined ? statusForParseError(error.code) : null;
  const profile = options.profile();
  const raw = error.rawPacket?.subarray(0, TOO_LARGE_KEPT_BYTES) ?? null;
  options.writer
    .insert(() => ({
      kind: 'webhook',
      profileId: profile.id,
      profileName: profile.name,
      url: origin(),
      remoteAddress: socket.remoteAddress ?? null,
      requestBody: raw,
      requestSize: error.rawPacket?.byteLength ?? null,
      requestTruncated:
        raw !== null && error.rawPacket !== undefined && raw.byteLength < error.rawPacket.byteLength,
      status,
      error: `Not a valid HTTP request (${error.code ?? 'parse error'}: ${error.message}); ${status === null ? 'the connection was closed after the answer to the request before it' : `answered ${status}`}. The bytes kept are the raw request as Node's parser saw it.`,
    }))
    .then(
      (summary) => {
        options.onWebhook?.(summary);
        if (answering !== undefined || status === null) {
          if (answering === undefined || answering.writableFinished) socket.destroy();
          else answering.once('close', () => socket.destroy());
          return;
        }
        const body = JSON.stringify({ received: false, id: summary.id, error: 'Not a valid HTTP request.' });
        socket.end(
          `HTTP/1.1 ${status} Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      },
      (storeError: unknown) => {
        options.logError(`An unparseable request could not be stored: ${String(storeError)}`);
        socket.destroy();
      },
    );
}

/** Binds the webhook listener to 127.0.0.1:port (0 picks a free one). Rejects if the port is taken. */
export function startWebhookServer(options: WebhookServerOptions): Promise<RunningWebhookServer> {
  let origin = `http://${LISTENER_HOST}:${options.port}`;
  // A parse error in the middle of a request's body belongs to that request's row; the
  // handler registers here and the clientError listener tells it.
  const breakers = new WeakMap<Socket, (complaint: string) => void>();
  const answering = new WeakMap<Socket, ServerResponse>();
  const context: WebhookHandlerContext = {
    ...options,
    origin: () => origin,
    idleTimeoutMs: options.idleTimeoutMs ?? BODY_IDLE_TIMEOUT_MS,
    whenBroken: (req) =>
      new Promise((resolve) => {
        breakers.set(req.socket, resolve);
        req.once('end', () => breakers.delete(req.socket));
      }),
  };
  const server: Server = createServer((req, res) => {
    answering.set(req.socket, res);
    res.once('close', () => {
      if (answering.get(req.socket) === res) answering.delete(req.socket);
    });
    handleWebhook(req, res, context).catch((error: unknown) => {
      options.logError(
        `The listener failed on a request: ${error instanceof Error ? error.stack : String(error)}`,
      );
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'Content-Type': 'application/json', Connection: 'close' });
        res.end(JSON.stringify({ received: false, error: 'The listener failed on this request.' }));
      } else if (!res.destroyed) res.destroy();
    });
  });
  server.requestTimeout = 120_000;
  // Node can report one broken connection more than once (a header overflow arrives in several
  // chunks): it is one request, recorded once.
  const reported = new WeakSet<Socket>();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const breaker = breakers.get(socket);
    if (breaker !== undefined && error.code === 'HPE_INVALID_EOF_STATE') {
      // The client hung up mid-body: the request's own row records an aborted upload.
      breakers.delete(socket);
      socket.destroy();
      return;
    }
    if (breaker !== undefined && socket.writable) {
      breakers.delete(socket);
      breaker(`${error.code ?? 'parse error'}: ${error.message}`);
      return;
    }
    if (reported.has(socket)) return;
    reported.add(socket);
    recordUnparseable(options, () => origin, error, socket, answering.get(socket));
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LISTENER_HOST, () => {
      server.off('error', reject);
      server.on('error', (error) => options.logError(`Listener server error: ${error.message}`));
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : options.port;
      origin = `http://${LISTENER_HOST}:${port}`;
      resolve({
        port,
        origin,
        close: () =>
          new Promise<void>((done) => {
            const force = setTimeout(() => server.closeAllConnections(), 2_000);
            server.close(() => {
              clearTimeout(force);
              options.writer.flush();
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
