import { JWT_SHAPE } from './jwt-shape';
import type { Replace } from './replace-with';
import { maskCutEnd } from './secret-spellings';

/** A body that is not UTF-8 (kept as base64) redacted on its bytes, one character per byte. */

/** A text as the bytes of its UTF-8 encoding, one character per byte (as `atob` gives bytes). */
export function utf8Binary(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return binary;
}

/** The bytes of a base64 body with `change` applied to them (one character per byte). */
export function changeBytes(base64: string, change: (bytes: string) => string): string {
  let bytes: string;
  try {
    bytes = atob(base64);
  } catch {
    return base64;
  }
  const out = change(bytes);
  return out === bytes ? base64 : btoa(out);
}

const replaceInBytes = (bytes: string, secrets: readonly string[], replace: Replace) =>
  secrets.reduce(
    (out, secret) =>
      secret.length >= 8 ? out.split(utf8Binary(secret)).join(utf8Binary(replace(secret))) : out,
    bytes,
  );

/**
 * A body that is not UTF-8 (base64) with every occurrence of the given secrets in its bytes
 * replaced: what `replaceSecrets` is to a text (an export with tokens still drops profile tokens).
 */
export function replaceSecretsInBase64(base64: string, secrets: readonly string[], replace: Replace): string {
  return changeBytes(base64, (bytes) => replaceInBytes(bytes, secrets, replace));
}

/**
 * The bytes of a body that is not UTF-8 (base64), each secret and JWT in them replaced by the
 * UTF-8 bytes of its replacement. A token stays a run of ASCII bytes beside a stray 0xff, and
 * its base64 was written out whole: the same redaction as a text body, on the bytes.
 */
export function redactBinary(base64: string, secrets: readonly string[], replace: Replace): string {
  return changeBytes(base64, (bytes) =>
    replaceInBytes(bytes, secrets, replace).replace(JWT_SHAPE, (token) => utf8Binary(replace(token))),
  );
}

/** The bytes of a body cut short with a secret's start at their end replaced, as maskCutEnd does a text. */
export function maskCutEndOfBytes(bytes: string, secrets: readonly string[], replace: Replace): string {
  return maskCutEnd(bytes, secrets.map(utf8Binary), (piece) => utf8Binary(replace(piece)));
}
