import { createHash } from 'node:crypto';

/**
 * How a token the console signed is remembered and found again: its SHA-256, never the token
 * (which would let anyone holding the database replay it).
 */
export function tokenFingerprint(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
