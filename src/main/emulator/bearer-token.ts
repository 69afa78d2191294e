import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EmulatorError } from './emulator-errors';

/**
 * The service API's bearer token, as the emulator checks it, and the one shape of its 401.
 * RFC 6750 §3: a 401 for bearer authentication carries `WWW-Authenticate: Bearer realm="…"`,
 * with `error="invalid_token"` when a token was given and refused; when none was given (no
 * Authorization, another scheme, "Bearer" alone) it names no error, as the RFC asks.
 */

/** The protection space the challenge names: the emulator's API, whatever address it is reached at. */
const REALM = 'checkout-emulator';

/** The token of an `Authorization: Bearer <token>` header, or null when the request presents none. */
export function presentedBearer(req: IncomingMessage): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  const token = match?.[1]?.trim() ?? '';
  return token === '' ? null : token;
}

/** A 401 whose answer challenges for a bearer token (RFC 6750 §3). */
export function unauthorized(message: string, tokenGiven: boolean): EmulatorError {
  const refusal = new EmulatorError(401, 'unauthorized', message);
  refusal.headers = {
    'www-authenticate': `Bearer realm="${REALM}"${tokenGiven ? ', error="invalid_token"' : ''}`,
  };
  return refusal;
}

/** Refuses (401) a request without `expected` as its bearer token (null: every request is refused). */
export function checkBearer(req: IncomingMessage, expected: string | null): void {
  const token = presentedBearer(req);
  if (token === null)
    throw unauthorized('Missing bearer token: send Authorization: Bearer <API token>.', false);
  const given = Buffer.from(token);
  const wanted = Buffer.from(expected ?? '');
  if (expected === null || given.length !== wanted.length || !timingSafeEqual(given, wanted))
    throw unauthorized('The bearer token is not valid for this service.', true);
}
