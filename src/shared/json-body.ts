import { parseBoundedJson } from './bounded-json';

const utf8 = new TextDecoder('utf-8');

/**
 * A body read as JSON for what it says (a state, an id), within the bounds every reader keeps:
 * the value, or null when there is no body or it is not JSON. The body itself is judged and
 * stored elsewhere; this never decides whether it was valid.
 */
export function jsonOfBody(body: Uint8Array | string | null): unknown {
  if (body === null || body.length === 0) return null;
  const read = parseBoundedJson(typeof body === 'string' ? body : utf8.decode(body));
  return read.ok ? read.value : null;
}

/** The same, when only a JSON object will do (a notification, an answer's fields). */
export function jsonObjectOfBody(body: Uint8Array | string | null): Record<string, unknown> | null {
  const value = jsonOfBody(body);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
