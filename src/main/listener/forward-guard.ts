import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { HeaderList } from '../../shared/events';
import type { ForwardRefusalKind } from '../../shared/merchant-api';
import { isLoopbackSpelling } from '../../shared/reached-address';

/**
 * Keeps forwarding from feeding itself. Pointed at the listener itself, forward-to sent 649
 * webhooks and 649 forwards in about a second. Two guards: a target that is this listener (its
 * port on any loopback or unspecified address, however spelt) is refused; and every forward
 * carries a marker naming the listeners it has passed, so one that comes back through another
 * hop (a tunnel, a second console) is stored but not sent on again.
 */

/** What a forward-to on a live profile's address is refused as (the live guard's `what`). */
export const FORWARDING_WEBHOOKS = 'forwarding webhooks';

/** Added to every forward: the hop ids of the listeners it has passed, oldest first. */
export const FORWARD_MARKER_HEADER = 'X-Checkout-Console-Forwarded';
/** A webhook that has passed this many console listeners already is not forwarded again. */
export const MAX_FORWARD_HOPS = 5;

/** The listener a webhook came in on: its bound port, and the id it marks its forwards with. */
export interface ForwardOrigin {
  port: number;
  hopId: string;
}

/** Why a forward is not sent: its kind is stored as its failure's, and read as not sent (record-status.ts). */
export type ForwardRefusal = { failure: ForwardRefusalKind; message: string };

function portOf(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** The host as an address or a name: brackets and a trailing dot removed, lower case. */
function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

/**
 * Whether the URL names this listener without asking DNS: true or false for an address or a
 * `localhost` name, null for any other name (only a lookup can tell).
 */
export function namesListenerLiterally(url: URL, listenerPort: number): boolean | null {
  if (portOf(url) !== listenerPort) return false;
  // Every spelling a connection to 127.0.0.1:port could reach this listener through: loopback,
  // the unspecified address, `localhost` names, IPv4-mapped forms (the one owner of spellings).
  if (isLoopbackSpelling(url.hostname)) return true;
  return isIP(bareHost(url)) !== 0 ? false : null;
}

/** The hop ids a request carries in its marker header(s). */
export function forwardHopsOf(headers: HeaderList): string[] {
  return headers
    .filter(([name]) => name.toLowerCase() === FORWARD_MARKER_HEADER.toLowerCase())
    .flatMap(([, value]) => value.split(','))
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
}

/** The marker to send on: the hops so far, then this listener's. */
export function forwardMarker(headers: HeaderList, origin: ForwardOrigin): [string, string] {
  return [FORWARD_MARKER_HEADER, [...forwardHopsOf(headers), origin.hopId].join(', ')];
}

export type AddressLookup = (host: string) => Promise<string[]>;

const systemLookup: AddressLookup = async (host) =>
  (await lookup(host, { all: true })).map((entry) => entry.address);

/** Why a webhook received on `origin` must not be forwarded to `target`, or null when it may. */
export async function forwardRefusal(
  headers: HeaderList,
  target: URL,
  origin: ForwardOrigin,
  resolve: AddressLookup = systemLookup,
): Promise<ForwardRefusal | null> {
  const hops = forwardHopsOf(headers);
  if (hops.includes(origin.hopId))
    return {
      failure: 'loop',
      message: `this webhook is a forward this listener sent earlier, come back through ${hops.length - hops.indexOf(origin.hopId) - 1} other hop(s) (${FORWARD_MARKER_HEADER}: ${hops.join(', ')}); sending it on would loop.`,
    };
  if (hops.length >= MAX_FORWARD_HOPS)
    return {
      failure: 'loop',
      message: `this webhook has already been forwarded by ${hops.length} console listeners (at most ${MAX_FORWARD_HOPS}).`,
    };
  const self = `this listener itself (port ${origin.port}): it would forward each webhook to itself without end.`;
  const literal = namesListenerLiterally(target, origin.port);
  if (literal !== null) return literal ? { failure: 'self', message: `${target.host} is ${self}` } : null;
  let addresses: string[];
  try {
    addresses = await resolve(bareHost(target));
  } catch {
    return null; // The forward itself reports the failed lookup.
  }
  const local = addresses.find(isLoopbackSpelling);
  return local === undefined
    ? null
    : { failure: 'self', message: `${target.host} resolves to ${local}, which is ${self}` };
}
