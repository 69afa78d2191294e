import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Browser mode's login: the URL printed at start carries a one-time token; the first request
 * with it gets an HttpOnly, SameSite=Strict session cookie and the token is spent. Cookies are
 * not separated by port, so the cookie name carries the port to keep two consoles apart.
 * `checkout-console open` asks the running server for another one-time token (a lost tab must
 * not need a restart); each is spent like the first.
 */
export interface SessionGate {
  readonly launchToken: string;
  readonly cookieName: string;
  /** A new one-time token, valid until used (the oldest unused ones give way past a bound). */
  mintLaunchToken(): string;
  /** Spends a launch token; returns a Set-Cookie value, or null when the token is wrong or spent. */
  exchange(token: string): string | null;
  hasSession(cookieHeader: string | undefined): boolean;
}

export function sameSecret(a: string, b: string): boolean {
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

/** Unused minted links kept at once; minting more drops the oldest (only the owner can mint). */
export const MAX_UNUSED_LAUNCH_TOKENS = 16;

const newLaunchToken = () => randomBytes(24).toString('base64url');

export function createSessionGate(port: number): SessionGate {
  const launchToken = newLaunchToken();
  const cookieName = `checkout_console_${port}`;
  const sessions = new Set<string>();
  /** Unused launch tokens, oldest first. */
  const unused: string[] = [launchToken];
  return {
    launchToken,
    cookieName,
    mintLaunchToken() {
      const token = newLaunchToken();
      unused.push(token);
      if (unused.length > MAX_UNUSED_LAUNCH_TOKENS) unused.shift();
      return token;
    },
    exchange(token) {
      // Compare with every unused token, each in constant time, so timing says nothing about which.
      let match = -1;
      unused.forEach((candidate, index) => {
        if (sameSecret(token, candidate)) match = index;
      });
      if (match < 0) return null;
      unused.splice(match, 1);
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
