import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createAnswersInProgress } from '../http/answer-in-progress';
import { answerThenDrain } from '../http/answer-then-drain';
import { createBoundedServer, rawJsonResponse } from '../http/server-limits';
import type { StoreWriter } from '../store/store-writer-types';
import type { EmulatorEngine } from './emulator-engine';
import { EMULATOR_BODY_LIMIT_BYTES } from '../../shared/emulator';
import { EmulatorError } from './emulator-errors';
import { checkBearer } from './bearer-token';
import { canonicalOrderId } from './order-id';
import {
  answerConnect,
  answerUnparseable,
  decodePathSegment,
  EMULATOR_DRAIN_BEYOND_LIMIT_BYTES,
  EMULATOR_DRAIN_IDLE_TIMEOUT_MS,
  parseRequestTarget,
  requestBodies,
} from './emulator-request-entry';
import { whyUnreachable } from './merchant-url-reach';
import { createRateLimiter } from './rate-limit';
import { automationRoutes } from './routes/automation-routes';
import { pageRoutes } from './routes/page-routes';
import type { RouteContext, RouteTable } from './routes/route-context';
import { serviceRoutes } from './routes/service-routes';
import { errorWords } from '../../shared/error-words';
import { DEFAULT_MONEY_CHOICES, type MoneyChoices } from './money-written';

export interface EmulatorServerOptions {
  engine: EmulatorEngine;
  /** The bearer token the service's API accepts (null: every call is refused with 401). */
  apiToken: () => string | null;
  /** The store's writer: concurrent changes share a commit, each resolved after it. */
  writer: Pick<StoreWriter, 'write'>;
  now?: () => number;
  /** The request body limit, read at each request (default EMULATOR_BODY_LIMIT_BYTES); over it, 413. */
  bodyLimitBytes?: () => number;
  /** Calls of the service's API taken in any rolling second (null or absent: all); over it, 429. */
  rateLimitPerSecond?: () => number | null;
  /** Where customers reach it (checkout_url, redirects); null or absent: its own address. */
  publicUrl?: () => string | null;
  /** The console's browser-mode address, for the merchant page's link back to an order. */
  consoleUrl?: () => string | null;
  /** How Money is written in its answers (the settings'; absent: the defaults). */
  moneyChoices?: () => MoneyChoices;
  /** Null when a merchant URL can be opened, else why not (replaceable in tests). */
  whyUnreachable?: (url: string) => Promise<string | null>;
}

export interface RunningEmulatorServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  // With its length the answer goes out with its head in one write, not as chunks after it.
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/** A path with `//` is no route: said with the likely cause (the emulator never merges slashes). */
const DOUBLED_SLASH_HINT =
  ' The path has two slashes in a row: is an API URL ending in / joined to a path starting with /?';

/**
 * The emulated service over HTTP, on 127.0.0.1: the service API (bearer token, routes/
 * service-routes), the hosted checkout page and the local merchant page (routes/page-routes),
 * and `/_emulator/…` automation (routes/automation-routes). Every refusal has the spec's error
 * body.
 */
export async function startEmulatorServer(
  options: EmulatorServerOptions,
  port: number,
): Promise<RunningEmulatorServer> {
  const { engine } = options;
  const now = options.now ?? Date.now;
  const api = (req: IncomingMessage) => checkBearer(req, options.apiToken());
  const decoded = decodePathSegment;
  const { readBody, readJson, readJsonWithText } = requestBodies(
    options.bodyLimitBytes ?? (() => EMULATOR_BODY_LIMIT_BYTES),
  );
  // Every change goes through the store's writer: concurrent changes share a commit, and each
  // is answered only once it is on disk.
  const write = <T>(change: () => T): Promise<T> => options.writer.write(change);

  let ownUrl = 'http://127.0.0.1';
  const context: RouteContext = {
    engine,
    api,
    hasApiToken: (req) => {
      try {
        api(req);
        return true;
      } catch {
        return false;
      }
    },
    write,
    decoded,
    orderIdAt: (segment) => canonicalOrderId(decoded(segment)),
    readBody,
    readJson,
    readJsonWithText,
    sendJson,
    pageBase: () => options.publicUrl?.() ?? ownUrl,
    consoleUrl: () => options.consoleUrl?.() ?? null,
    moneyChoices: options.moneyChoices ?? (() => DEFAULT_MONEY_CHOICES),
    whyUnreachable: options.whyUnreachable ?? ((url) => whyUnreachable(url)),
    now,
  };
  const apiRoutes = serviceRoutes(context);
  const routes: RouteTable = [...apiRoutes, ...pageRoutes(context), ...automationRoutes(context)];
  // The rate limit counts the service's API only: the hosted page and /_emulator/… automation
  // stand for the customer and the tester, whom the service's limit would not meet.
  const rateLimited = new Set(apiRoutes);
  const limiter = createRateLimiter(now);

  // What a malformed request pipelined behind one being answered waits for (answerUnparseable).
  const answers = createAnswersInProgress();
  const server: Server = createBoundedServer({}, (req, res) => {
    answers.track(req, res);
    const base = `http://${req.headers.host ?? '127.0.0.1'}`;
    const handle = async () => {
      const { path } = parseRequestTarget(req.url);
      for (const entry of routes) {
        const [method, pattern, route] = entry;
        const match = pattern.exec(path);
        if (match === null) continue;
        // HEAD is GET without the body (RFC 9110), which Node leaves out of a HEAD's answer itself.
        if (req.method !== method && !(req.method === 'HEAD' && method === 'GET')) continue;
        if (rateLimited.has(entry)) limiter.take(options.rateLimitPerSecond?.() ?? null);
        await route(req, res, match, base);
        return;
      }
      const allowed = [
        ...new Set(
          routes
            .filter(([, pattern]) => pattern.test(path))
            .flatMap(([method]) => (method === 'GET' ? ['GET', 'HEAD'] : [method])),
        ),
      ];
      if (allowed.length === 0)
        throw new EmulatorError(
          404,
          'not_found',
          `No route ${req.method ?? ''} ${path} in the emulator.${path.includes('//') ? DOUBLED_SLASH_HINT : ''}`,
        );
      // RFC 9110: a 405 names the methods the path takes.
      const refusal = new EmulatorError(
        405,
        'method_not_allowed',
        `${req.method ?? ''} is not allowed on ${path}.`,
      );
      refusal.headers = { allow: allowed.join(', ') };
      throw refusal;
    };
    handle().catch((error: unknown) => {
      if (res.headersSent) return res.end();
      const refusal =
        error instanceof EmulatorError
          ? error
          : new EmulatorError(500, 'internal_error', `The emulator failed: ${errorWords(error)}`);
      if (req.complete) return sendJson(res, refusal.status, refusal.body(), refusal.headers);
      // A body still arriving (over the limit, say) is not taken: the connection closes, but only
      // once the client, reading while it sends, has had the answer (answer-then-drain.ts).
      answerThenDrain(req, rawJsonResponse(refusal.status, refusal.body(), Object.entries(refusal.headers)), {
        drainBytes: EMULATOR_DRAIN_BEYOND_LIMIT_BYTES,
        idleMs: EMULATOR_DRAIN_IDLE_TIMEOUT_MS,
      });
    });
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) =>
    answerUnparseable(error, socket, answers),
  );
  // Every method some route takes, for a CONNECT's 405 (its target names no path).
  const methods = [...new Set(routes.flatMap(([method]) => (method === 'GET' ? ['GET', 'HEAD'] : [method])))];
  server.on('connect', (req: IncomingMessage, socket: Duplex) => answerConnect(req, socket, methods));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  ownUrl = `http://127.0.0.1:${bound}`;
  return {
    url: ownUrl,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
