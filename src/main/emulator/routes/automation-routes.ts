import { CUSTOMER_ACTIONS, type CustomerAction } from '../../../shared/orders/order-states';
import { presentedBearer, unauthorized } from '../bearer-token';
import { EmulatorError } from '../emulator-errors';
import { merchantUrlFor } from './page-routes';
import { orderOfPageToken } from './page-token';
import type { RouteContext, RouteTable } from './route-context';

const isCustomerAction = (value: string): value is CustomerAction =>
  (CUSTOMER_ACTIONS as readonly string[]).includes(value);

/**
 * `/_emulator/orders/{id}/pay|decline|cancel|expire`: what the hosted page's buttons do (and
 * expiry), for test automation. Allowed with the service's bearer token (the merchant's own
 * tests have it), or with the order's page token as `?token=` (whoever holds checkout_url can
 * act on the hosted page anyway). Anything else is 401.
 */
export function automationRoutes(ctx: RouteContext): RouteTable {
  const { engine, write, orderIdAt, readBody, sendJson } = ctx;
  return [
    [
      'POST',
      /^\/_emulator\/orders\/([^/]+)\/(pay|decline|cancel|expire)$/,
      async (req, res, match) => {
        await readBody(req);
        const action = match[2] ?? '';
        if (!isCustomerAction(action)) throw new EmulatorError(404, 'not_found', 'No such action.');
        const orderId = orderIdAt(match[1]);
        const token = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('token');
        if (!ctx.hasApiToken(req) && orderOfPageToken(engine, orderId, token) === null)
          throw unauthorized(
            "Send the service's bearer token (Authorization: Bearer <API token>), or the order's page token as ?token= (it is in checkout_url).",
            presentedBearer(req) !== null,
          );
        const moved = await write(() => engine.customer(orderId, action));
        sendJson(res, 200, {
          order_id: moved.orderId,
          status: moved.state,
          redirect_url: merchantUrlFor(moved, action),
        });
      },
    ],
  ];
}
