import { isAppUrl } from './trusted-url';

/** The only permissions the console's own pages use: writing to the clipboard (copy buttons). */
const ALLOWED_FOR_APP = new Set(['clipboard-sanitized-write']);

/** Deny by default; allow a named few, and only to our own origin. */
export function decidePermission(permission: string, requestingUrl: string): boolean {
  return ALLOWED_FOR_APP.has(permission) && isAppUrl(requestingUrl);
}
