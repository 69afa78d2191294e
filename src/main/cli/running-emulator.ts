import { z } from 'zod';
import { networkFailureText } from '../../shared/merchant-api';
import { emulatorPortOf } from '../emulator/emulator-service';
import { performHttpExchange } from '../outbound/http-exchange';

/** Long enough for a busy console on loopback; a stopped one refuses the connection at once. */
const ASK_TIMEOUT_MS = 3000;
const ANSWER_BYTES = 256 * 1024;

const orderAnswer = z.object({ order_id: z.string() });
/** The service's refusal of an unknown order, as the emulator answers it. */
const orderNotFound = z.object({
  errors: z.array(z.object({ error_code: z.literal('order_not_found') })).min(1),
});

/**
 * Why no emulator of this data directory answers, and what would change that: starting one,
 * freeing its port (something else holds it, so starting one there would fail), or the
 * profile itself (a base URL no emulator can take, no API token to ask with).
 */
export interface NoEmulator {
  why: string;
  remedy: 'start' | 'free-port' | 'base-url' | 'api-token';
}

/**
 * Whether an emulator of this data directory answers at the local profile's base URL, asked as
 * the service is: its own order, with the profile's API token (through the one HTTP exchange,
 * and not recorded: a question about the emulator, not a request of the merchant's). Null when
 * it does; otherwise why not. An order the move would change is only moved once something is
 * there to send its notification; the state itself lives in the shared database, so the move
 * is the Emulator view's own (the bridge's `emulatorCustomerAction`), not an HTTP call.
 */
export async function whyNoEmulatorFor(
  orderId: string,
  baseUrl: string,
  apiToken: string | null,
): Promise<NoEmulator | null> {
  const port = emulatorPortOf(baseUrl);
  if ('error' in port) return { why: port.error, remedy: 'base-url' };
  const origin = new URL(baseUrl).origin;
  if (apiToken === null)
    return {
      why: `the local profile has no API token, so the emulator at ${origin} cannot be asked about the order`,
      remedy: 'api-token',
    };
  const taken = (why: string): NoEmulator => ({ why, remedy: 'free-port' });
  const outcome = await performHttpExchange({
    method: 'GET',
    url: `${origin}/merchants/orders/${encodeURIComponent(orderId)}`,
    headers: [
      ['Authorization', `Bearer ${apiToken}`],
      ['Accept', 'application/json'],
    ],
    body: null,
    timeoutMs: ASK_TIMEOUT_MS,
    maxResponseBytes: ANSWER_BYTES,
  });
  if (outcome.failure !== null)
    return {
      why: `the emulator is not running at ${origin}: ${networkFailureText(outcome.failure)}`,
      // Only a refused connection means a free port; anything else took the connection.
      remedy: outcome.failure.kind === 'refused' ? 'start' : 'free-port',
    };
  if (outcome.status === 401)
    return taken(
      `the emulator is not running at ${origin} for this profile: what answers there refuses its API token (another data directory's emulator, or one whose API token is not this profile’s (started with --api-token, or for another local profile))`,
    );
  let answer: unknown = null;
  try {
    answer = JSON.parse(outcome.body?.toString('utf8') ?? '');
  } catch {
    // Not JSON: not the emulator.
  }
  if (outcome.status === 404 && orderNotFound.safeParse(answer).success)
    return taken(
      `the emulator at ${origin} does not know this order: it runs on another data directory, and this one's is not running`,
    );
  const order = orderAnswer.safeParse(answer);
  if (outcome.status === 200 && order.success && order.data.order_id === orderId) return null;
  return taken(
    `the emulator is not running at ${origin}: what answers there (HTTP ${String(outcome.status)}) is not this data directory's emulator`,
  );
}
