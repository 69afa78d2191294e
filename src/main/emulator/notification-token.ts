import type { TokenFault } from '../../shared/emulator';
import type { HmacKeyCache } from '../jwt/hmac-key-cache';
import { randomSecret, signHs256 } from '../jwt/sign-token';

/**
 * Notification tokens live 15 minutes unless the Local profile's Signed token lifetime says
 * otherwise (docs/defaults.md: the spec shows no claims).
 */
export const TOKEN_LIFETIME_SECONDS = 15 * 60;

/**
 * The JWT a notification carries: HS256 with the notification token, `iat`, `exp` (its lifetime)
 * and `iss`; or one spoiled on purpose (signed with a random key, already expired), or none.
 */
export async function notificationToken(
  fault: TokenFault,
  secret: string,
  issuer: string,
  keys: HmacKeyCache,
  nowMs: number,
  lifetimeSeconds = TOKEN_LIFETIME_SECONDS,
): Promise<string | null> {
  if (fault === 'none') return null;
  const now = Math.floor(nowMs / 1000);
  // Expired 15 minutes ago whatever the lifetime: well past any clock tolerance (60 s by default).
  const iat = fault === 'expired' ? now - TOKEN_LIFETIME_SECONDS - lifetimeSeconds : now;
  const claims = { iat, exp: iat + lifetimeSeconds, iss: issuer };
  const key = await keys.get(fault === 'wrong_signature' ? randomSecret() : secret);
  return signHs256(claims, key);
}
