import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../http/server-limits';

/**
 * How long and how many clients the webhook listener serves at once. A webhook is small and
 * sent in one go; these bound a client that is slow or strange, never a healthy sender.
 * docs/limits.md lists them; tests/unit/limits-doc.test.ts holds the document to them.
 */
export interface ListenerLimits {
  /** The request line and headers must be complete this long after the request starts (408). */
  headersTimeoutMs: number;
  /** No body byte for this long ends the read (408). */
  bodyIdleTimeoutMs: number;
  /** The whole body must arrive within this long after the headers (408). */
  bodyTimeoutMs: number;
  /** Connections open at once; one more is answered 503 and closed. */
  maxConnections: number;
  /** A request still incomplete this long after it started counts as slow. */
  slowAfterMs: number;
  /** Slow requests at once; one more is answered 408 and closed at once. */
  maxSlowConnections: number;
}

export const LISTENER_BODY_IDLE_TIMEOUT_MS = 10_000;
export const LISTENER_BODY_TIMEOUT_MS = 30_000;
export const LISTENER_MAX_CONNECTIONS = 256;
export const LISTENER_SLOW_AFTER_MS = 2_000;
export const LISTENER_MAX_SLOW_CONNECTIONS = 32;

export const DEFAULT_LISTENER_LIMITS: ListenerLimits = {
  headersTimeoutMs: HEADERS_TIMEOUT_MS,
  bodyIdleTimeoutMs: LISTENER_BODY_IDLE_TIMEOUT_MS,
  bodyTimeoutMs: LISTENER_BODY_TIMEOUT_MS,
  maxConnections: LISTENER_MAX_CONNECTIONS,
  slowAfterMs: LISTENER_SLOW_AFTER_MS,
  maxSlowConnections: LISTENER_MAX_SLOW_CONNECTIONS,
};

/**
 * Node's own timer for the whole request, set past the listener's header and body limits so
 * that those (with their clearer answers) always fire first; it only catches what they miss.
 */
export function requestTimeoutFor(limits: ListenerLimits): number {
  return Math.max(REQUEST_TIMEOUT_MS, limits.headersTimeoutMs + limits.bodyTimeoutMs + 5_000);
}
