import type { IncomingMessage, ServerResponse } from 'node:http';
import { checkoutUrlOf } from '../create-checkout';
import { checkBodyOrderId, requiredBodyOrderId } from '../body-order-id';
import { EmulatorError } from '../emulator-errors';
import type { EmulatorWarning } from '../emulator-warning';
import {
  authoriseAnswer,
  cancelAnswer,
  captureAnswer,
  capturesRefundAnswer,
  simplifiedRefundAnswer,
  updateReferenceAnswer,
} from '../operation-answers';
import { withMoneyAmounts } from '../money-written';
import { orderRecord } from '../order-record';
import { checkoutRequestOptions } from './emulator-request-headers';
import type { RouteContext, RouteTable } from './route-context';

/**
 * The service's API, at the paths the official client uses (docs/emulator-fidelity.md names
 * each with the client's method): every route needs the bearer token.
 */

const WARNINGS_HEADER_MAX = 1000;

/**
 * The request's warnings in one ASCII header line: `2 warnings: no_coupon_discount at discount; …`,
 * each followed by what it names beyond the request, if anything (`(as order …)`).
 */
export function warningsHeader(warnings: readonly EmulatorWarning[]): Record<string, string> {
  if (warnings.length === 0) return {};
  const list = warnings
    .map(
      (warning) =>
        `${warning.code} at ${warning.path}${warning.about === undefined ? '' : ` (${warning.about})`}`,
    )
    .join('; ');
  const line = `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}: ${list}`;
  const ascii = line.replace(/[^\x20-\x7e]/g, '?');
  return {
    'x-emulator-warnings':
      ascii.length > WARNINGS_HEADER_MAX ? `${ascii.slice(0, WARNINGS_HEADER_MAX - 3)}...` : ascii,
  };
}

export function serviceRoutes(ctx: RouteContext): RouteTable {
  const { engine, api, write, decoded, orderIdAt, readBody, readJson, readJsonWithText, sendJson } = ctx;
  const readObject = async (req: IncomingMessage, required: boolean) =>
    objectBody(await readJson(req, required));
  /**
   * An answer with Money in it leaves with its amounts in the settings' form (money-written.ts).
   * Only these read the settings for it: the checkout's answer, the bench's hot path, has none.
   */
  const sendMoney = (res: ServerResponse, body: unknown) =>
    sendJson(res, 200, withMoneyAmounts(body, ctx.moneyChoices().moneyAmounts));
  const sendRecord = (res: ServerResponse, orderId: string) => {
    const choices = ctx.moneyChoices();
    const record = orderRecord(
      engine.get(orderId),
      engine.transactionsOf(orderId),
      ctx.pageBase(),
      choices.absentMoney,
    );
    sendJson(res, 200, withMoneyAmounts(record, choices.moneyAmounts));
  };
  return [
    [
      'POST',
      /^\/checkout$/,
      async (req, res) => {
        api(req);
        const options = checkoutRequestOptions(req);
        const { value: payload, text } = await readJsonWithText(req, true);
        // The page base (a settings read) is read in the order's own transaction: alone, after
        // it, SQLite opened and closed a read transaction for that one row, about 2 µs of a
        // request's CPU under the bench's load (issue 20).
        const { created, pageBase } = await write(() => ({
          created: engine.createCheckout(payload, { ...options, sourceText: text }),
          pageBase: ctx.pageBase(),
        }));
        const { order, warnings } = created;
        sendJson(
          res,
          200,
          {
            order_id: order.orderId,
            checkout_id: order.checkoutId,
            status: order.state,
            checkout_url: checkoutUrlOf(order, pageBase),
          },
          warningsHeader(warnings),
        );
      },
    ],
    [
      'GET',
      /^\/merchants\/orders\/reference-id\/([^/]+)$/,
      async (req, res, match) => {
        api(req);
        await readBody(req);
        sendRecord(res, engine.byReference(decoded(match[1])).orderId);
      },
    ],
    [
      'GET',
      /^\/merchants\/orders\/([^/]+)$/,
      async (req, res, match) => {
        api(req);
        await readBody(req);
        sendRecord(res, orderIdAt(match[1]));
      },
    ],
    [
      // The console's default before it followed the official client; profiles still on it keep working.
      'GET',
      /^\/orders\/([^/]+)$/,
      async (req, res, match) => {
        api(req);
        await readBody(req);
        sendRecord(res, orderIdAt(match[1]));
      },
    ],
    [
      'POST',
      /^\/orders\/([^/]+)\/authorise$/,
      async (req, res, match) => {
        api(req);
        const orderId = orderIdAt(match[1]);
        // The official client sends { order_id }; its body is read as every other call's is.
        const body = await readObject(req, false);
        checkBodyOrderId(body, orderId);
        sendMoney(res, authoriseAnswer(await write(() => engine.operate(orderId, 'authorise', body))));
      },
    ],
    [
      'POST',
      /^\/orders\/([^/]+)\/cancel$/,
      async (req, res, match) => {
        api(req);
        const orderId = orderIdAt(match[1]);
        const body = await readObject(req, false);
        checkBodyOrderId(body, orderId);
        sendMoney(res, cancelAnswer(await write(() => engine.operate(orderId, 'cancel', body))));
      },
    ],
    [
      'PUT',
      /^\/orders\/([^/]+)\/reference-id$/,
      async (req, res, match) => {
        api(req);
        const orderId = orderIdAt(match[1]);
        const body = await readObject(req, true);
        checkBodyOrderId(body, orderId);
        const move = await write(() => engine.operate(orderId, 'updateReferenceId', body));
        sendJson(res, 200, updateReferenceAnswer(move), warningsHeader(move.warnings ?? []));
      },
    ],
    [
      'POST',
      /^\/payments\/capture$/,
      async (req, res) => {
        api(req);
        const body = await readObject(req, true);
        const orderId = requiredBodyOrderId(body);
        sendMoney(res, captureAnswer(await write(() => engine.operate(orderId, 'capture', body))));
      },
    ],
    [
      'POST',
      /^\/payments\/refund$/,
      async (req, res) => {
        api(req);
        const body = await readObject(req, true);
        const orderId = requiredBodyOrderId(body);
        sendMoney(res, capturesRefundAnswer(await write(() => engine.refundCaptures(orderId, body))));
      },
    ],
    [
      'POST',
      /^\/payments\/simplified-refund\/([^/]+)$/,
      async (req, res, match) => {
        api(req);
        const orderId = orderIdAt(match[1]);
        const body = await readObject(req, false);
        checkBodyOrderId(body, orderId);
        const move = await write(() => engine.operate(orderId, 'refund', body));
        sendMoney(res, simplifiedRefundAnswer(move, body));
      },
    ],
  ];
}

const kindOf = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;

/**
 * An operation's body as an object; undefined when there is none, or when it is `[]`, which is
 * how PHP's json_encode writes an empty array of parameters. Any other JSON that is not an
 * object is refused: read as "no body", a refund wrapped in an array by mistake refunded all
 * that was captured, and a cancel of `"all"` cancelled the order.
 */
function objectBody(body: unknown): Record<string, unknown> | undefined {
  if (body === undefined || (Array.isArray(body) && body.length === 0)) return undefined;
  if (typeof body === 'object' && body !== null && !Array.isArray(body))
    return body as Record<string, unknown>;
  throw new EmulatorError(400, 'invalid_request', `The body must be a JSON object; it is ${kindOf(body)}.`, [
    { error_code: 'invalid_request', path: '(body)' },
  ]);
}
