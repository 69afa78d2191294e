import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Browser mode's login: the URL printed at start carries a one-time token; the first request
 * with it gets an HttpOnly, SameSite=Strict session cookie and the token is spent. Cookies are
 * not separated by port, so the cookie name carries the port to keep two consoles apart.
 */
export interface SessionGate {
  readonly launchToken: string;
  readonly cookieName: string;
  /** Spends the launch token; returns a Set-Cookie value, or null when the token is wrong or spent. */
  exchange(token: string): string | null;
  hasSession(cookieHeader: string | undefined): boolean;
}

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.byteLength === right.byteLength && timingSafeEqual(left, right);
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    cookies.set(part.slice(0, index).trim(), part.slice(index + 1).trim());
  }
  return cookies;
}

export function createSessionGate(port: number): SessionGate {
  const launchToken = randomBytes(24).toString('base64url');
  const cookieName = `checkout_console_${port}`;
  const sessions = new Set<string>();
  let spent = false;
  return {
    launchToken,
    cookieName,
    exchange(token) {
      if (spent || !sameSecret(token, launchToken)) return null;
      spent = true;
      const session = randomBytes(32).toString('base64url');
      sessions.add(session);
      return `${cookieName}=${session}; HttpOnly; SameSite=Strict; Path=/`;
    },
    hasSession(cookieHeader) {
      const value = parseCookies(cookieHeader).get(cookieName);
      if (value === undefined) return false;
      for (const session of sessions) if (sameSecret(value, session)) return true;
      return false;
    },
  };
}
