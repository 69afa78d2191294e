import { isLoopbackHost } from '../../shared/loopback-host';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

function bracketed(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The `Host` values a request may carry. Anything else is refused with 403: a page on another
 * site that rebinds its DNS name to 127.0.0.1 still sends its own name here.
 */
export function allowedHostHeaders(boundHost: string, port: number): Set<string> {
  const names = isLoopbackHost(boundHost) ? LOOPBACK_NAMES : [bracketed(boundHost)];
  return new Set(names.map((name) => `${name}:${port}`.toLowerCase()));
}

export function isAllowedHost(hostHeader: string | undefined, allowed: ReadonlySet<string>): boolean {
  return hostHeader !== undefined && allowed.has(hostHeader.toLowerCase());
}

/** A WebSocket upgrade must come from a page we served: its Origin is one of our own hosts. */
export function isAllowedOrigin(origin: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (origin === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  return url.protocol === 'http:' && allowed.has(url.host.toLowerCase()) && url.pathname === '/';
}
