import { createHmac, randomBytes } from 'node:crypto';
import { maskSecret, type MaskedSecret } from '../../shared/profile';

/**
 * A stored secret's stamp: which value is stored, and nothing of it. Two values can mask the
 * same (`••••` for short ones, the same last four characters for long ones), so a save's check
 * against changes made elsewhere compares stamps, not masks. It is a keyed digest of the sealed
 * form: the key is this process's own, random, and the sealed form's nonce makes the same value
 * set twice two stamps. (A window that outlives its console reads again on reconnecting.)
 */
const stampKey = randomBytes(32);
export const stampOf = (sealed: string): string =>
  createHmac('sha256', stampKey).update(sealed).digest('base64url').slice(0, 16);

/** A secret as a window may see it: set or not, masked, and its stamp when set. */
export function maskedWithStamp(plain: string | null, sealed: string | null): MaskedSecret {
  const masked = maskSecret(plain);
  return sealed === null || !masked.isSet ? masked : { ...masked, stamp: stampOf(sealed) };
}
