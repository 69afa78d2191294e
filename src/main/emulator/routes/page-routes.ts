import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  CUSTOMER_ACTION_OUTCOME,
  CUSTOMER_ACTIONS,
  type CustomerAction,
} from '../../../shared/orders/order-states';
import type { EmulatorOrderRow } from '../../store/emulator-orders-repository';
import { renderStandalonePage } from '../../html/standalone-page';
import { renderCheckoutPage } from '../checkout-page';
import { checkoutUrlOf, underPageBase } from '../create-checkout';
import { EmulatorError } from '../emulator-errors';
import {
  customerActionOf,
  LANDING_OUTCOMES,
  renderLandingPage,
  type LandingOutcome,
} from '../merchant-landing-page';
import { notificationState, type NotificationState } from '../notification-state-words';
import { orderOfPageToken } from './page-token';
import type { RouteContext, RouteTable } from './route-context';

/** The customer's side: the hosted checkout page, its Pay / Decline / Cancel, and the local merchant page. */

const LANDING_PATH = '/_emulator/merchant/';

const isCustomerAction = (value: string): value is CustomerAction =>
  (CUSTOMER_ACTIONS as readonly string[]).includes(value);
const isLandingOutcome = (value: string): value is LandingOutcome => value in LANDING_OUTCOMES;

function sendHtml(res: ServerResponse, status: number, nonce: string, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; form-action 'self' http: https:; base-uri 'none'`,
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}

const notValidLink = (nonce: string) =>
  renderStandalonePage({
    title: 'Not a valid checkout link',
    nonce,
    style: 'h1{margin:0 0 8px;font-size:22px}',
    body: `<main><h1>This checkout link is not valid</h1><p>Open the checkout_url the service answered when the checkout was created: it carries the order's token.</p></main>`,
  });

/** The merchant URL the request gave for what the customer did (success, failure, cancel), or null. */
export function merchantUrlFor(order: EmulatorOrderRow, action: CustomerAction): string | null {
  const target = CUSTOMER_ACTION_OUTCOME[action].redirect;
  if (target === null) return null;
  try {
    const payload = JSON.parse(order.payload) as { merchant_url?: Record<string, unknown> };
    const url = payload.merchant_url?.[target];
    return typeof url === 'string' && url !== '' ? url : null;
  } catch {
    return null;
  }
}

/** Whether a URL is this emulator's own merchant page (`landing`: where it is; any loopback name, its port). */
function isOwnLanding(url: URL, landing: URL): boolean {
  const loopback = (host: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(host);
  const samePlace =
    url.origin === landing.origin ||
    (loopback(url.hostname) && loopback(landing.hostname) && url.port === landing.port);
  return samePlace && url.pathname.startsWith(landing.pathname);
}

export function pageRoutes(ctx: RouteContext): RouteTable {
  const { engine, write, orderIdAt, readBody } = ctx;

  /**
   * Where the customer goes after an action: the merchant URL when it can be reached (this
   * emulator's own merchant page is told which order), else this emulator's merchant page,
   * which says so; back to the hosted page when the action has no merchant URL (expire).
   */
  const destination = async (order: EmulatorOrderRow, action: CustomerAction): Promise<string> => {
    const base = ctx.pageBase();
    const merchant = merchantUrlFor(order, action);
    if (merchant === null) return checkoutUrlOf(order, base);
    const outcome = CUSTOMER_ACTION_OUTCOME[action].redirect ?? 'success';
    const landing = underPageBase(LANDING_PATH, base);
    const own = new URL(outcome, landing);
    own.searchParams.set('order_id', order.orderId);
    let target: URL | null = null;
    try {
      target = new URL(merchant);
    } catch {
      target = null;
    }
    if (target !== null && isOwnLanding(target, landing)) {
      target.searchParams.set('order_id', order.orderId);
      return target.toString();
    }
    const why = target === null ? 'it is not a URL' : await ctx.whyUnreachable(merchant);
    if (why === null) return merchant;
    own.searchParams.set('unreachable', merchant);
    own.searchParams.set('reason', why);
    return own.toString();
  };

  /**
   * A button pressed on an order that is no longer new (a double click, a second tab): the
   * browser shows only the last answer, so it is a page, never the JSON refusal. The same action
   * again goes where the first went (nothing moves twice); another goes back to the checkout
   * page, which says the order's state.
   */
  const afterRefusal = async (error: unknown, orderId: string, action: CustomerAction): Promise<string> => {
    if (!(error instanceof EmulatorError) || error.status !== 409) throw error;
    const order = engine.get(orderId);
    return order.state === CUSTOMER_ACTION_OUTCOME[action].state
      ? destination(order, action)
      : checkoutUrlOf(order, ctx.pageBase());
  };

  return [
    [
      'GET',
      /^\/checkout-page$/,
      async (req, res) => {
        await readBody(req);
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const nonce = randomBytes(16).toString('base64');
        const order = orderOfPageToken(
          engine,
          url.searchParams.get('order_id') ?? '',
          url.searchParams.get('token'),
        );
        if (order === null) return sendHtml(res, 403, nonce, notValidLink(nonce));
        sendHtml(res, 200, nonce, renderCheckoutPage(order, nonce, ctx.now()));
      },
    ],
    [
      'POST',
      /^\/checkout-page\/([^/]+)\/(pay|decline|cancel)$/,
      async (req, res, match) => {
        const form = new URLSearchParams((await readBody(req)).toString('utf8'));
        const action = match[2] ?? '';
        if (!isCustomerAction(action)) throw new EmulatorError(404, 'not_found', 'No such action.');
        const orderId = orderIdAt(match[1]);
        if (orderOfPageToken(engine, orderId, form.get('token')) === null) {
          const nonce = randomBytes(16).toString('base64');
          return sendHtml(res, 403, nonce, notValidLink(nonce));
        }
        const location = await write(() => engine.customer(orderId, action)).then(
          (order) => destination(order, action),
          (error: unknown) => afterRefusal(error, orderId, action),
        );
        res.writeHead(303, { location, 'cache-control': 'no-store' });
        res.end();
      },
    ],
    [
      'GET',
      /^\/_emulator\/merchant\/([a-z]+)$/,
      async (req, res, match) => {
        await readBody(req);
        const outcome = match[1] ?? '';
        if (!isLandingOutcome(outcome))
          throw new EmulatorError(
            404,
            'not_found',
            `No merchant page ${outcome}: success, failure or cancel.`,
          );
        const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams;
        const orderId = query.get('order_id');
        // The samples' merchant URLs carry the order's reference as ?order=, for a visit the emulator did not redirect.
        const reference = query.get('order');
        const find = () => {
          try {
            if (orderId !== null) return engine.get(orderId);
            if (reference !== null) return engine.byReference(reference);
          } catch (error) {
            if (!(error instanceof EmulatorError) || error.status !== 404) throw error;
          }
          return null;
        };
        const order = find();
        const unreachableUrl = query.get('unreachable');
        const consoleUrl = ctx.consoleUrl();
        const nonce = randomBytes(16).toString('base64');
        sendHtml(
          res,
          200,
          nonce,
          renderLandingPage(
            {
              outcome,
              order,
              asked: orderId ?? reference,
              unreachable:
                unreachableUrl === null
                  ? null
                  : { url: unreachableUrl, reason: query.get('reason') ?? 'unknown' },
              consoleOrderUrl:
                order === null || consoleUrl === null
                  ? null
                  : `${consoleUrl}/#/orders?id=${encodeURIComponent(order.orderId)}`,
              notification: notificationOf(engine, order),
            },
            nonce,
          ),
        );
      },
    ],
  ];
}

/** Where the notification of what the customer did (as the order's state shows it) stands now, for the headline. */
function notificationOf(
  engine: RouteContext['engine'],
  order: EmulatorOrderRow | null,
): NotificationState | null {
  const action = order === null ? null : customerActionOf(order.state);
  const eventType = action === null ? null : CUSTOMER_ACTION_OUTCOME[action].eventType;
  return order === null || eventType === null
    ? null
    : notificationState(eventType, engine.notificationsOf(order.orderId, eventType));
}
