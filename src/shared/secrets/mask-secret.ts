export const MASK_PREFIX = '••••';

/**
 * `••••abcd`: enough to tell two tokens apart, never enough to use one. Apart from profile.ts,
 * which re-exports it: redact-secrets.ts masks with it, and the URL words profile.ts builds on
 * (http-url.ts) mask what they quote through redact-secrets.ts, so neither may import profile.ts.
 */
export function maskSecret(secret: string | null): { isSet: boolean; masked: string | null } {
  if (secret === null || secret.length === 0) return { isSet: false, masked: null };
  const tail = secret.length > 8 ? secret.slice(-4) : '';
  return { isSet: true, masked: `${MASK_PREFIX}${tail}` };
}
