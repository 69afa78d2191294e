import { MASK_PREFIX, maskSecret } from './mask-secret';

export const REDACTED = 'REDACTED';

/** What a secret is replaced with: a function of the secret, so screens can keep its last four. */
export type Replace = (secret: string) => string;

/** Exports and cURL: the word REDACTED. */
export const redactWith: Replace = () => REDACTED;

/**
 * Screens: `••••abcd`, enough to tell two tokens apart, never enough to use one. A value
 * already masked stays as it is (masking it again would lose its last four).
 */
export const maskWith: Replace = (secret) =>
  secret.startsWith(MASK_PREFIX) ? secret : (maskSecret(secret).masked ?? MASK_PREFIX);

/**
 * Each secret as a screen masks it, where the mask keeps a part of it (`••••abcd`, its last
 * four characters). The console stores some echoes so (an answer that echoed the profile's API
 * token: merchant-api/scrub-answer.ts), and those four characters are a part of the secret,
 * which the text index holds no more than the rest (a search for them found the record).
 */
export const tailedMasksOf = (secrets: readonly string[]): string[] => [
  ...new Set(secrets.map(maskWith).filter((mask) => mask.length > MASK_PREFIX.length)),
];

/** Already masked or redacted: nothing secret is left in it, so it is kept as written. */
export const isHidden = (value: string) => value === REDACTED || value.startsWith(MASK_PREFIX);

/**
 * A credential replaced. A masked one (a record as the screen holds it) is replaced too, so a
 * cURL built from what a window shows reads REDACTED, never `••••abcd`; masking is idempotent.
 */
export const hide = (value: string, replace: Replace) => (value === REDACTED ? value : replace(value));
