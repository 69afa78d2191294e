import { randomBytes } from 'node:crypto';
import { CompactSign, SignJWT } from 'jose';
import type { HmacKey } from './hmac-key-cache';

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An HS256 token over exactly these claims (no claim is added or changed here). */
export function signHs256(claims: Record<string, unknown>, key: HmacKey): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key.web);
}

/**
 * An HS256 token whose claims segment is `text` itself, byte for byte: "Exactly as written"
 * signs what was typed, where SignJWT would sign JSON.stringify of what JSON.parse read (a name
 * given twice, `1.0`, `1e999` all lost, the last refused outright).
 */
export function signHs256Text(text: string, key: HmacKey): Promise<string> {
  return new CompactSign(new TextEncoder().encode(text))
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(key.web);
}

/**
 * An HS512 token with the raw secret: the right key with the wrong algorithm, for testing that
 * a verifier insists on HS256. (The shared key cache holds HS256 keys only.)
 */
export function signHs512(claims: Record<string, unknown>, secret: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS512', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
}

/** An unsecured token (`alg: none`, empty signature), for testing that it is refused. */
export function unsecuredToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.`;
}

/** A throwaway secret for the "wrong key" preset; never stored. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
