import { createSecretKey, webcrypto, type KeyObject } from 'node:crypto';

/**
 * A notification token's HS256 key in both forms: jose's (WebCrypto) for signing and for every
 * refusal's reason, node:crypto's for checking the common valid token without WebCrypto's
 * asynchronous round trip (check-token.ts).
 */
export interface HmacKey {
  web: webcrypto.CryptoKey;
  raw: KeyObject;
}

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
      const bytes = new TextEncoder().encode(secret);
      const imported = webcrypto.subtle
        .importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
        .then((web) => ({ web, raw: createSecretKey(bytes) }));
      keys.set(secret, imported);
      if (keys.size > limit) {
        const oldest = keys.keys().next().value;
        if (oldest !== undefined) keys.delete(oldest);
      }
      return imported;
    },
  };
}
