import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * A sealed secret is stored as `$<scheme>:<payload>`, so the way secrets are protected can
 * change later without guessing how an old value was written (Bruno's `$<algo>:` idea).
 */
export interface SecretCipher {
  /** Lower-case identifier written in front of every value this cipher seals. */
  readonly scheme: string;
  /** Why this cipher protects less than it should, for the user to see; null when all is well. */
  readonly warning: string | null;
  /**
   * Why this cipher can neither open nor seal anything (its key file is damaged), said wherever
   * a value it sealed does not open; absent when its key is there.
   */
  readonly unusable?: string;
  seal(plain: string): string;
  open(sealed: string): string;
}

const SEALED_PATTERN = /^\$([a-z0-9-]+):(.*)$/s;

/**
 * A sealed secret as stored: a string without its scheme prefix (a token written in plain text by
 * hand) is no more openable than a number, and is said as damaged at start as the refusals count it.
 */
export const sealedTextSchema = z
  .string()
  .refine((text) => SEALED_PATTERN.test(text), { params: { words: 'not sealed' } });

/**
 * How a stored value with no scheme prefix is named wherever it is met (vault.ts's refusals, a
 * profile's list): one wording, so the list names what export later refuses for.
 */
export const STORED_WITHOUT_SCHEME = 'stored without a protection scheme';

export function formatSealed(scheme: string, payload: string): string {
  return `$${scheme}:${payload}`;
}

export function parseSealed(sealed: string): { scheme: string; payload: string } {
  const match = SEALED_PATTERN.exec(sealed);
  if (match === null || match[1] === undefined || match[2] === undefined) {
    throw new Error('A stored secret has no scheme prefix; refusing to treat it as plain text.');
  }
  return { scheme: match[1], payload: match[2] };
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: `base64(iv ‖ tag ‖ ciphertext)`. The key must be 32 bytes. */
export function aesGcmEncrypt(key: Uint8Array, plain: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

export function aesGcmDecrypt(key: Uint8Array, payload: string): string {
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.byteLength < IV_BYTES + TAG_BYTES) throw new Error('A stored secret is too short to be valid.');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
    'utf8',
  );
}

/** A cipher over a 32-byte key, whatever keeps that key (keychain or key file). */
export function createKeyCipher(scheme: string, key: Uint8Array, warning: string | null): SecretCipher {
  if (key.byteLength !== 32) throw new Error(`The ${scheme} key must be 32 bytes.`);
  return {
    scheme,
    warning,
    seal: (plain) => formatSealed(scheme, aesGcmEncrypt(key, plain)),
    open: (sealed) => aesGcmDecrypt(key, parseSealed(sealed).payload),
  };
}
