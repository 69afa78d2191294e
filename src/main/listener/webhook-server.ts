import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { createAnswersInProgress } from '../http/answer-in-progress';
import { createBoundedServer, rawJsonResponse, statusForClientError } from '../http/server-limits';
import { createConnectionGuard } from './connection-guard';
import { handleWebhook, type WebhookHandlerContext } from './handle-webhook';
import { DEFAULT_LISTENER_LIMITS, requestTimeoutFor, type ListenerLimits } from './listener-limits';
import { headersTooLargeRefusal } from './headers-too-large';
import { recordRawRefusal } from './raw-refusal';
import type { BodyInterruption } from './read-body';

export const LISTENER_HOST = '127.0.0.1';

export interface RunningWebhookServer {
  port: number;
  origin: string;
  close(): Promise<void>;
}

export interface WebhookServerOptions extends Omit<
  WebhookHandlerContext,
  'origin' | 'forwardOrigin' | 'bodyIdleTimeoutMs' | 'bodyTimeoutMs' | 'interrupted' | 'stopSignal'
> {
  port: number;
  /** Defaults: DEFAULT_LISTENER_LIMITS (tests shorten them). */
  limits?: Partial<ListenerLimits>;
}

const seconds = (ms: number) => `${ms / 1000} s`;

/**
 * Why a request that never got past its headers is stored without its bytes: Node's parser
 * reads them straight from the connection and hands none over for headers that never
 * completed (only a parse error carries them). Watching every connection's bytes in JavaScript
 * to keep them cost every webhook 4-18 % more CPU (measured with `npm run bench -- listener`),
 * so the row says what happened and how much arrived instead.
 */
const NO_HEADER_BYTES =
  ' Node does not hand over the bytes of headers that never completed, so none are kept.';

/** Binds the webhook listener to 127.0.0.1:port (0 picks a free one). Rejects if the port is taken. */
export function startWebhookServer(options: WebhookServerOptions): Promise<RunningWebhookServer> {
  const limits: ListenerLimits = { ...DEFAULT_LISTENER_LIMITS, ...options.limits };
  const requestTimeoutMs = requestTimeoutFor(limits);
  let origin = `http://${LISTENER_HOST}:${options.port}`;
  const forwardOrigin = { port: options.port, hopId: randomBytes(6).toString('hex') };
  const refusals = { ...options, origin: () => origin };
  // Node can report one broken connection more than once (a header overflow arrives in several
  // chunks), and a client refused for being slow may hang up after: one request, recorded once.
  // A connection in here has had its answer (or is closing behind one): Node's parser goes on
  // reading it (httpAllowHalfOpen keeps it open after the refusal's FIN), so bytes sent after a
  // 408 became a request of their own, served and stored as a 200 that never reached the client.
  const reported = new WeakSet<Socket>();
  const guard = createConnectionGuard(limits, {
    overCapacity: (socket, reason) =>
      recordRawRefusal(refusals, socket, {
        status: 503,
        error: () => `${reason}.`,
        refusal: 'Too many connections are open; send it again in a moment.',
        extraHeaders: [['Retry-After', '1']],
      }),
    slowHeaders: (socket, reason) => {
      // A connection that has sent nothing yet holds a place but carries no request to keep.
      if (socket.bytesRead === 0) return void socket.end(rawJsonResponse(408, { received: false }));
      reported.add(socket);
      recordRawRefusal(refusals, socket, {
        status: 408,
        error: (answered) => `${reason}; ${answered} after ${socket.bytesRead} bytes.${NO_HEADER_BYTES}`,
        refusal: `${reason}.`,
      });
    },
  });
  // The request whose body is being read on each connection: a parser failure or a timeout
  // there belongs to that request's row, not to a row of its own.
  const reading = new Map<Socket, { req: IncomingMessage; stop: (why: BodyInterruption) => void }>();
  // A malformed request behind one being answered is stored; that answer goes out first.
  const answers = createAnswersInProgress();
  // How many bytes the connection had sent when its last request was read whole. A hang-up with
  // no byte since began no request: a sender that resets its kept-alive connection once its
  // request is sent (a delivery cancelled as the console sending it stops) left a second,
  // "not HTTP" row saying the headers never completed.
  const readWhole = new WeakMap<Socket, number>();
  const stopping = new AbortController();
  // One abort listener per answer waiting out a delay, however many.
  setMaxListeners(0, stopping.signal);
  const context: WebhookHandlerContext = {
    ...options,
    stopSignal: stopping.signal,
    origin: () => origin,
    forwardOrigin: () => forwardOrigin,
    bodyIdleTimeoutMs: limits.bodyIdleTimeoutMs,
    bodyTimeoutMs: limits.bodyTimeoutMs,
    interrupted: (req) =>
      new Promise((resolve) => {
        reading.set(req.socket, { req, stop: resolve });
        void guard.bodyStarted(req).then(resolve);
        const done = () => {
          if (reading.get(req.socket)?.req === req) reading.delete(req.socket);
          guard.bodyDone(req);
        };
        req.once('end', done);
        req.once('close', done);
      }),
  };

  const serve = (req: IncomingMessage, res: ServerResponse) => {
    // A refused connection is being answered and closed; its request is not served, nor stored:
    // nothing after the refusal is acknowledged, and no answer to it can go out.
    if (guard.refused(req.socket) || reported.has(req.socket)) return void req.resume();
    answers.track(req, res);
    req.once('end', () => readWhole.set(req.socket, req.socket.bytesRead));
    handleWebhook(req, res, context).catch((error: unknown) => {
      options.logError(
        `The listener failed on a request: ${error instanceof Error ? error.stack : String(error)}`,
      );
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(500, { 'Content-Type': 'application/json', Connection: 'close' });
        res.end(JSON.stringify({ received: false, error: 'The listener failed on this request.' }));
      } else if (!res.destroyed) res.destroy();
    });
  };
  const server: Server = createBoundedServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      // Node would answer these itself (400, 417) without a request event: no row.
      requireHostHeader: false,
    },
    serve,
  );
  // A client may half-close once its request is sent (FIN, then read the answer). Node's own
  // default ends such a connection at once, so an answer not yet written (a token being
  // verified, the group commit, a delay) went nowhere while Node still reported the response
  // finished, and the row said 200 was answered. With this (Node's http.Server property, not in
  // its types), the connection stays writable until the answer has gone out.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('connection', (socket: Socket) => guard.admit(socket));
  server.on('checkExpectation', serve);
  // CONNECT is not a webhook, but it reached the port: stored and answered like any other. One
  // pipelined behind a request still being answered gets no answer of its own, as a malformed
  // request there gets none: that request's answer goes out whole, then the connection closes.
  // Answered 405 at once, it went out instead of the POST's 200, and the POST's record said its
  // client had closed the connection.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const behind = answers.on(socket)?.res;
    recordRawRefusal(refusals, socket, {
      status: behind === undefined ? 405 : null,
      request: req,
      ...(behind === undefined ? {} : { behind }),
      error: (answered) =>
        behind === undefined
          ? `${req.method ?? 'CONNECT'} is not accepted (webhooks are POSTed); ${answered} and stored it anyway.`
          : `${req.method ?? 'CONNECT'} is not accepted (webhooks are POSTed); the connection was closed after the answer to the request before it, and it was stored anyway.`,
      refusal: `Only POST is accepted here; this ${req.method ?? 'CONNECT'} request was stored anyway.`,
      extraHeaders: [['Allow', 'POST']],
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    const current = reading.get(socket);
    if (current !== undefined && !current.req.complete) {
      reading.delete(socket);
      // The client hung up mid-body: the request's own row records an aborted upload.
      if (error.code === 'HPE_INVALID_EOF_STATE' || !socket.writable) return void socket.destroy();
      current.stop(
        error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? {
              outcome: 'timed_out',
              reason: `The request was not complete ${seconds(requestTimeoutMs)} after it started`,
            }
          : { outcome: 'broken', reason: `${error.code ?? 'parse error'}: ${error.message}` },
      );
      return;
    }
    // The client left while its headers were arriving (an end of stream or a reset): like a
    // hang-up mid-body, it is stored with what arrived and nothing is answered.
    const hungUp = error.code === 'HPE_INVALID_EOF_STATE' || error.code === 'ECONNRESET';
    if (reported.has(socket)) {
      if (hungUp || !socket.writable) socket.destroy();
      return;
    }
    if (hungUp) {
      // A connection that sent nothing (at all, or since its last request) carries no request to keep.
      if (socket.bytesRead === (readWhole.get(socket) ?? 0)) return void socket.destroy();
      reported.add(socket);
      const behind = answers.on(socket)?.res;
      recordRawRefusal(refusals, socket, {
        status: null,
        ...(behind === undefined ? {} : { behind }),
        error: () =>
          `The client closed the connection after ${socket.bytesRead} bytes, before the request headers were complete; nothing could be answered.${NO_HEADER_BYTES}`,
        refusal: 'The client closed the connection before the request headers were complete.',
      });
      return;
    }
    if (!socket.writable) return void socket.destroy();
    // Bytes after a request that said `Connection: close` are dropped; that request stands.
    if (error.code === 'HPE_CLOSED_CONNECTION') return;
    reported.add(socket);
    const behind = answers.on(socket)?.res;
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    // Nothing at all was sent on a fresh connection: nothing to record.
    if (timedOut && socket.bytesRead === 0) return void socket.end(rawJsonResponse(408, { received: false }));
    const status = behind === undefined ? statusForClientError(error.code) : null;
    const what = timedOut
      ? `The request headers were not complete ${seconds(limits.headersTimeoutMs)} after the request started`
      : `Not a valid HTTP request (${error.code ?? 'parse error'}: ${error.message})`;
    // The parser hands over the bytes it gave up on; a timeout comes without them.
    const note =
      error.rawPacket === undefined
        ? NO_HEADER_BYTES
        : ' The bytes kept are the raw request as Node’s parser saw it.';
    const afterAnswer = 'the connection was closed after the answer to the request before it';
    if (error.code === 'HPE_HEADER_OVERFLOW' && error.rawPacket !== undefined) {
      const refusal = headersTooLargeRefusal(
        error.rawPacket,
        socket,
        readWhole.get(socket) ?? 0,
        status,
        afterAnswer,
      );
      return recordRawRefusal(refusals, socket, { ...refusal, ...(behind === undefined ? {} : { behind }) });
    }
    recordRawRefusal(refusals, socket, {
      status,
      ...(error.rawPacket === undefined ? {} : { rawPacket: error.rawPacket }),
      ...(behind === undefined ? {} : { behind }),
      error: (answered) => `${what}; ${status === null ? afterAnswer : answered}.${note}`,
      refusal: timedOut ? `${what}.` : 'Not a valid HTTP request.',
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, LISTENER_HOST, () => {
      server.off('error', reject);
      server.on('error', (error) => options.logError(`Listener server error: ${error.message}`));
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : options.port;
      origin = `http://${LISTENER_HOST}:${port}`;
      forwardOrigin.port = port;
      resolve({
        port,
        origin,
        close: () =>
          new Promise<void>((done) => {
            // Answers waiting out a response delay are recorded as not sent, and their
            // connections closed, before the server waits for the rest.
            stopping.abort();
            const force = setTimeout(() => server.closeAllConnections(), 2_000);
            server.close(() => {
              clearTimeout(force);
              done();
            });
            server.closeIdleConnections();
          }),
      });
    });
  });
}
