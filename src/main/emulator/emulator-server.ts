import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CUSTOMER_ACTION_OUTCOME,
  CUSTOMER_ACTIONS,
  type CustomerAction,
} from '../../shared/orders/order-states';
import { BOUNDED_SERVER_OPTIONS } from '../http/server-limits';
import type { EmulatorOrderRow } from '../store/emulator-repository';
import type { GroupCommit } from '../store/group-commit';
import { renderCheckoutPage } from './checkout-page';
import { checkoutUrlOf } from './create-checkout';
import type { EmulatorEngine } from './emulator-engine';
import { EmulatorError } from './emulator-errors';
import {
  answerUnparseable,
  decodePathSegment,
  EMULATOR_BODY_LIMIT_BYTES,
  parseRequestTarget,
  requestBodies,
} from './emulator-request-entry';

export interface EmulatorServerOptions {
  engine: EmulatorEngine;
  /** The bearer token the service's API accepts (null: every call is refused with 401). */
  apiToken: () => string | null;
  /**
   * Runs the creation of an order so that concurrent ones share a commit; resolves after it.
   * Without it each order commits on its own.
   */
  groupCommit?: GroupCommit;
  now?: () => number;
  /** The request body limit (default EMULATOR_BODY_LIMIT_BYTES); over it, 413. */
  bodyLimitBytes?: () => number;
}

export interface RunningEmulatorServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const isCustomerAction = (value: string): value is CustomerAction =>
  (CUSTOMER_ACTIONS as readonly string[]).includes(value);

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

function checkBearer(req: IncomingMessage, expected: string | null): void {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header);
  if (match?.[1] === undefined)
    throw new EmulatorError(
      401,
      'unauthorized',
      'Missing bearer token: send Authorization: Bearer <API token>.',
    );
  const given = Buffer.from(match[1].trim());
  const wanted = Buffer.from(expected ?? '');
  if (expected === null || given.length !== wanted.length || !timingSafeEqual(given, wanted))
    throw new EmulatorError(401, 'unauthorized', 'The bearer token is not valid for this service.');
}

/** The order record a retrieval returns (the spec shows none; the README documents this one). */
export function orderRecord(order: EmulatorOrderRow, pageBaseUrl: string): Record<string, unknown> {
  return {
    order_id: order.orderId,
    checkout_id: order.checkoutId,
    status: order.state,
    order_reference_id: order.referenceId,
    order_number: order.orderNumber,
    total_amount: { amount: order.totalAmount, currency: order.currency },
    captured_amount: { amount: order.capturedAmount, currency: order.currency },
    refunded_amount: { amount: order.refundedAmount, currency: order.currency },
    checkout_url: checkoutUrlOf(order, pageBaseUrl),
    created_at: new Date(order.createdAtMs).toISOString(),
    expires_at: new Date(order.expiresAtMs).toISOString(),
  };
}

/** Where the customer goes after an action: the merchant URL of the outcome, when the request gave one. */
function redirectFor(order: EmulatorOrderRow, action: CustomerAction): string | null {
  const target = CUSTOMER_ACTION_OUTCOME[action].redirect;
  if (target === null) return null;
  try {
    const payload = JSON.parse(order.payload) as { merchant_url?: Record<string, unknown> };
    const url = payload.merchant_url?.[target];
    return typeof url === 'string' ? url : null;
  } catch {
    return null;
  }
}

type Route = (
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray,
  base: string,
) => Promise<void>;

/**
 * The emulated service over HTTP, on 127.0.0.1: the service API (bearer token), the hosted
 * checkout page, and `/_emulator/…` automation. Every refusal has the spec's error body.
 */
export async function startEmulatorServer(
  options: EmulatorServerOptions,
  port: number,
): Promise<RunningEmulatorServer> {
  const { engine } = options;
  const now = options.now ?? Date.now;
  const api = (req: IncomingMessage) => checkBearer(req, options.apiToken());
  const decoded = decodePathSegment;
  const { readBody, readJson } = requestBodies(options.bodyLimitBytes ?? (() => EMULATOR_BODY_LIMIT_BYTES));
  // Every change goes through the group commit when there is one: concurrent changes share a
  // commit, and each is answered only once it is on disk.
  const write = <T>(change: () => T): Promise<T> =>
    options.groupCommit === undefined ? Promise.resolve(change()) : options.groupCommit.run(change);

  const routes: [string, RegExp, Route][] = [
    [
      'POST',
      /^\/checkout$/,
      async (req, res, _match, base) => {
        api(req);
        const payload = await readJson(req, true);
        const legacy = /^legacy$/i.test(String(req.headers['x-emulator-notification-form'] ?? ''));
        const order = await write(() =>
          engine.createCheckout(payload, { pageBaseUrl: base, legacyApproved: legacy }),
        );
        sendJson(res, 200, {
          order_id: order.orderId,
          checkout_id: order.checkoutId,
          status: order.state,
          checkout_url: checkoutUrlOf(order, base),
        });
      },
    ],
    [
      'GET',
      /^\/checkout-page$/,
      async (req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const order = engine.get(url.searchParams.get('order_id') ?? '');
        const nonce = randomBytes(16).toString('base64');
        res.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action 'self' http: https:; base-uri 'none'`,
          'cache-control': 'no-store',
        });
        res.end(renderCheckoutPage(order, nonce, now()));
      },
    ],
    [
      'POST',
      /^\/checkout-page\/([^/]+)\/(pay|decline|cancel)$/,
      async (req, res, match) => {
        await readBody(req);
        const action = match[2] ?? '';
        if (!isCustomerAction(action)) throw new EmulatorError(404, 'not_found', 'No such action.');
        const order = await write(() => engine.customer(decoded(match[1]), action));
        const to =
          redirectFor(order, action) ?? `/checkout-page?order_id=${encodeURIComponent(order.orderId)}`;
        res.writeHead(303, { location: to });
        res.end();
      },
    ],
    [
      'POST',
      /^\/_emulator\/orders\/([^/]+)\/(pay|decline|cancel|expire)$/,
      async (req, res, match) => {
        await readBody(req);
        const action = match[2] ?? '';
        if (!isCustomerAction(action)) throw new EmulatorError(404, 'not_found', 'No such action.');
        const order = await write(() => engine.customer(decoded(match[1]), action));
        sendJson(res, 200, {
          order_id: order.orderId,
          status: order.state,
          redirect_url: redirectFor(order, action),
        });
      },
    ],
    [
      'POST',
      /^\/orders\/([^/]+)\/authorise$/,
      async (req, res, match) => {
        api(req);
        await readBody(req);
        const { order } = await write(() => engine.operate(decoded(match[1]), 'authorise', undefined));
        sendJson(res, 200, { order_id: order.orderId, status: order.state });
      },
    ],
    [
      'POST',
      /^\/orders\/([^/]+)\/cancel$/,
      async (req, res, match) => {
        api(req);
        await readBody(req);
        const { order } = await write(() => engine.operate(decoded(match[1]), 'cancel', undefined));
        sendJson(res, 200, { order_id: order.orderId, status: order.state });
      },
    ],
    [
      'GET',
      /^\/orders\/([^/]+)$/,
      async (req, res, match, base) => {
        api(req);
        sendJson(res, 200, orderRecord(engine.get(decoded(match[1])), base));
      },
    ],
    [
      'PUT',
      /^\/orders\/([^/]+)\/reference-id$/,
      async (req, res, match) => {
        api(req);
        const body = await readJson(req, true);
        const { order } = await write(() => engine.operate(decoded(match[1]), 'updateReferenceId', body));
        sendJson(res, 200, { order_id: order.orderId, order_reference_id: order.referenceId });
      },
    ],
    [
      'POST',
      /^\/payments\/capture$/,
      async (req, res) => {
        api(req);
        const body = await readJson(req, true);
        const orderId = (body as { order_id?: unknown } | null)?.order_id;
        if (typeof orderId !== 'string' || orderId === '')
          throw new EmulatorError(400, 'invalid_request', 'order_id is required in the capture body.', [
            { error_code: 'required', path: 'order_id' },
          ]);
        const { order, notification } = await write(() => engine.operate(orderId, 'capture', body));
        sendJson(res, 200, {
          order_id: order.orderId,
          status: order.state,
          ...(notification?.data as object),
        });
      },
    ],
    [
      'POST',
      /^\/payments\/simplified-refund\/([^/]+)$/,
      async (req, res, match) => {
        api(req);
        const body = await readJson(req, false);
        const { order, notification } = await write(() => engine.operate(decoded(match[1]), 'refund', body));
        sendJson(res, 200, {
          order_id: order.orderId,
          status: order.state,
          ...(notification?.data as object),
        });
      },
    ],
  ];

  const server: Server = createServer(BOUNDED_SERVER_OPTIONS, (req, res) => {
    const base = `http://${req.headers.host ?? '127.0.0.1'}`;
    const handle = async () => {
      const { path } = parseRequestTarget(req.url);
      for (const [method, pattern, route] of routes) {
        const match = pattern.exec(path);
        if (match === null) continue;
        if (req.method !== method) continue;
        await route(req, res, match, base);
        return;
      }
      const known = routes.some(([, pattern]) => pattern.test(path));
      throw known
        ? new EmulatorError(405, 'method_not_allowed', `${req.method ?? ''} is not allowed on ${path}.`)
        : new EmulatorError(404, 'not_found', `No route ${req.method ?? ''} ${path} in the emulator.`);
    };
    handle().catch((error: unknown) => {
      if (res.headersSent) return res.end();
      // A body still arriving (over the limit, say) is not read on: the connection closes.
      const close: Record<string, string> = req.complete ? {} : { connection: 'close' };
      if (error instanceof EmulatorError) return sendJson(res, error.status, error.body(), close);
      sendJson(
        res,
        500,
        new EmulatorError(
          500,
          'internal_error',
          `The emulator failed: ${error instanceof Error ? error.message : String(error)}`,
        ).body(),
        close,
      );
    });
  });
  server.on('clientError', answerUnparseable);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
