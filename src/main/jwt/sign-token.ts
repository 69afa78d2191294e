import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import type { HmacKey } from './hmac-key-cache';

function base64Url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An HS256 token over exactly these claims (no claim is added or changed here). */
export function signHs256(claims: Record<string, unknown>, key: HmacKey): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
}

/** An unsecured token (`alg: none`, empty signature), for testing that it is refused. */
export function unsecuredToken(claims: Record<string, unknown>): string {
  return `${base64Url({ alg: 'none', typ: 'JWT' })}.${base64Url(claims)}.`;
}

/** A throwaway secret for the "wrong key" preset; never stored. */
export function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}
