import { webcrypto } from 'node:crypto';

export type HmacKey = webcrypto.CryptoKey;

export interface HmacKeyCache {
  /** The HS256 key for a secret, imported once and reused (importing per request is slow). */
  get(secret: string): Promise<HmacKey>;
}

/**
 * Imported HMAC keys by secret, bounded so a long session of pasted secrets cannot grow it
 * without end. The secrets live only in this process's memory, like the vault's plain values.
 */
export function createHmacKeyCache(limit = 32): HmacKeyCache {
  const keys = new Map<string, Promise<HmacKey>>();
  return {
    get(secret) {
      const cached = keys.get(secret);
      if (cached !== undefined) return cached;
      const imported = webcrypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['sign', 'verify'],
      );
      keys.set(secret, imported);
      if (keys.size > limit) {
        const oldest = keys.keys().next().value;
        if (oldest !== undefined) keys.delete(oldest);
      }
      return imported;
    },
  };
}
