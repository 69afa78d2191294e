import { z } from 'zod';
import { networkFailureText } from '../../shared/merchant-api';
import { emulatorPortOf } from './emulator-port';
import { performHttpExchange } from '../outbound/http-exchange';
import type { RunningEmulator } from '../running-addresses/address-record';

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
  remedy: 'start' | 'free-port' | 'base-url' | 'api-token' | 'elsewhere';
  /**
   * With `elsewhere`: where this data directory's emulator runs instead, whether it refuses the
   * profile's API token, and whether something else holds the base URL's port.
   */
  runsAt?: { url: string; refusesToken: boolean; baseUrlTaken: boolean };
}

/**
 * Whether an emulator of this data directory answers at the local profile's base URL, asked as
 * the service is: its own order, with the profile's API token (through the one HTTP exchange,
 * and not recorded: a question about the emulator, not a request of the merchant's). Null when
 * it does; otherwise why not. An order the move would change is only moved once something is
 * there to send its notification; the state itself lives in the shared database, so the move
 * is the Emulator view's own (the bridge's `emulatorCustomerAction`), not an HTTP call.
 *
 * When none answers there, the emulators other processes on this data directory say they run
 * (`running`, see address-record.ts) are asked the same question, and one that knows the order
 * is named in the reason: the profile's base URL is what is wrong, not a missing emulator. The
 * move is still refused then, not made for that emulator: the profile's own calls (capture,
 * refund, the order's status) still go to its base URL, where nothing of this data directory
 * answers, and an emulator on another port may sign with other tokens (`emulator --port 0
 * --api-token …`); only the person knows which of the two is meant, so the hint says how to
 * point the profile at it.
 */
export async function whyNoEmulatorFor(
  orderId: string,
  baseUrl: string,
  apiToken: string | null,
  running: () => readonly RunningEmulator[] = () => [],
): Promise<NoEmulator | null> {
  const port = emulatorPortOf(baseUrl);
  if ('error' in port) return { why: port.error, remedy: 'base-url' };
  const origin = new URL(baseUrl).origin;
  if (apiToken === null)
    return {
      why: `the local profile has no API token, so the emulator at ${origin} cannot be asked about the order`,
      remedy: 'api-token',
    };
  const asked = await askEmulatorAt(origin, orderId, apiToken);
  if (asked === null) return null;
  const atBaseUrl = asked.no;
  for (const emulator of running()) {
    // The one at the base URL's port was just asked (by the name 127.0.0.1 or localhost).
    if (new URL(emulator.url).port === String(port.port)) continue;
    const there = await askEmulatorAt(emulator.url, orderId, apiToken);
    const refusesToken = there?.answer === 'refused-token';
    // Gone in between, or not knowing the order: not this data directory's emulator after all.
    if (there !== null && !refusesToken) continue;
    return {
      why: `the emulator of this data directory runs at ${emulator.url} (${emulator.runBy}), not at the profile's base URL ${origin}${refusesToken ? ", and it refuses this profile's API token (started with --api-token, or for another local profile)" : ''}; at the base URL, ${atBaseUrl.why}`,
      remedy: 'elsewhere',
      runsAt: { url: emulator.url, refusesToken, baseUrlTaken: atBaseUrl.remedy === 'free-port' },
    };
  }
  // Asked wherever this data directory publishes one: none of its emulators runs.
  return asked.answer === 'other-data-directory'
    ? { ...atBaseUrl, why: `${atBaseUrl.why}, and this one's is not running` }
    : atBaseUrl;
}

/** Why the emulator at an origin would not do, and what it answered when it was an emulator. */
interface Asked {
  no: NoEmulator;
  answer: 'none' | 'refused-token' | 'other-data-directory';
}

/** Null when the emulator at `origin` knows the order and accepts the API token; else why not. */
async function askEmulatorAt(origin: string, orderId: string, apiToken: string): Promise<Asked | null> {
  const taken = (why: string, answer: Asked['answer'] = 'none'): Asked => ({
    no: { why, remedy: 'free-port' },
    answer,
  });
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
      no: {
        why: `the emulator is not running at ${origin}: ${networkFailureText(outcome.failure)}`,
        // Only a refused connection means a free port; anything else took the connection.
        remedy: outcome.failure.kind === 'refused' ? 'start' : 'free-port',
      },
      answer: 'none',
    };
  if (outcome.status === 401)
    return taken(
      `the emulator is not running at ${origin} for this profile: what answers there refuses its API token (another data directory's emulator, or one whose API token is not this profile’s (started with --api-token, or for another local profile))`,
      'refused-token',
    );
  let answer: unknown = null;
  try {
    answer = JSON.parse(outcome.body?.toString('utf8') ?? '');
  } catch {
    // Not JSON: not the emulator.
  }
  if (outcome.status === 404 && orderNotFound.safeParse(answer).success)
    return taken(
      `the emulator at ${origin} does not know this order: it runs on another data directory`,
      'other-data-directory',
    );
  const order = orderAnswer.safeParse(answer);
  if (outcome.status === 200 && order.success && order.data.order_id === orderId) return null;
  return taken(
    `the emulator is not running at ${origin}: what answers there (HTTP ${String(outcome.status)}) is not this data directory's emulator`,
  );
}
