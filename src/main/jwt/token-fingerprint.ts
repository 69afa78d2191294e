import { createHash } from 'node:crypto';

/**
 * A token's signature segment as its bytes encode it. The last character of a base64url
 * segment carries spare bits no decoder reads (2 of them for HS256), so one signature has
 * several spellings that all verify; a crafted token with a spare bit flipped was another
 * fingerprint, not found, and moved an order as the service's.
 */
function canonicalToken(token: string): string {
  const end = token.lastIndexOf('.');
  if (end === -1) return token;
  const signature = token.slice(end + 1);
  return `${token.slice(0, end + 1)}${Buffer.from(signature, 'base64url').toString('base64url')}`;
}

/**
 * How a token the console signed is remembered and found again: the SHA-256 of its canonical
 * spelling, never the token (which would let anyone holding the database replay it).
 */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(canonicalToken(token)).digest('hex');
}
