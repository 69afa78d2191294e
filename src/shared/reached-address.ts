import { isLoopbackHost } from './loopback-host';

/** Every loopback spelling reaches this machine: one host when the ports match. */
const LOOPBACK = 'loopback';

const DEFAULT_PORTS: Readonly<Record<string, string>> = { 'http:': '80', 'https:': '443' };

/**
 * An IPv4-mapped IPv6 address as its IPv4 (`::ffff:127.0.0.1`, which URL writes as
 * `::ffff:7f00:1`), or null for any other host.
 */
function mappedIpv4(host: string): string | null {
  const dotted = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(host);
  if (dotted?.[1] !== undefined) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (hex?.[1] === undefined || hex[2] === undefined) return null;
  const high = Number.parseInt(hex[1], 16);
  const low = Number.parseInt(hex[2], 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The unspecified address (`0.0.0.0`, which URL also gives for `0` and `0x0`, and `::`): a
 * server binds to it, but a request sent to it goes to this machine (Linux and macOS connect
 * it to the local host), so as a place requests go it is one more loopback spelling. Not one
 * for isLoopbackHost, which judges the Host header a browser sends, where it is no name of ours.
 */
const UNSPECIFIED = new Set(['0.0.0.0', '::']);

/**
 * A URL's host as one spelling of the machine it reaches: lower-cased, without its brackets or
 * the trailing dot of a fully qualified name (`localhost.`), an IPv4-mapped IPv6 address as its
 * IPv4, and any loopback spelling (localhost, 127.0.0.0/8, ::1, the unspecified address) as one
 * loopback host.
 */
export function canonicalHost(hostname: string): string {
  const bare = hostname
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '');
  const host = mappedIpv4(bare) ?? bare;
  return isLoopbackHost(host) || UNSPECIFIED.has(host) ? LOOPBACK : host;
}

/** Whether a URL's host (or a resolved address) is one spelling of this machine's loopback. */
export function isLoopbackSpelling(hostname: string): boolean {
  return canonicalHost(hostname) === LOOPBACK;
}

/**
 * Where requests to a URL go, as one key: its canonical host and its port, the scheme's default
 * filled in; null for a text that is no http(s) URL. The scheme is left out: http:// and
 * https:// on one host and port reach the same server.
 */
export function reachedAddress(url: string): string | null {
  const parsed = URL.parse(url);
  const defaultPort = parsed === null ? undefined : DEFAULT_PORTS[parsed.protocol];
  if (parsed === null || defaultPort === undefined) return null;
  return `${canonicalHost(parsed.hostname)}:${parsed.port === '' ? defaultPort : parsed.port}`;
}

/**
 * Whether two URLs reach the same server, whatever their spelling (`http://localhost:5201/x`
 * and `http://[::ffff:127.0.0.1]:5201/y` do). Parsed, never compared as text: compared as
 * text, another spelling of a live profile's address skipped its confirmation.
 */
export function reachSameAddress(a: string, b: string): boolean {
  const first = reachedAddress(a);
  return first !== null && first === reachedAddress(b);
}
