import type { DecodedJwt } from './decode-jwt';

/**
 * The one list of what a token's decode warns of, beside its verdict: whitespace taken out of a
 * pasted token, names given twice, characters that are invisible or reorder text, time claims in
 * milliseconds. `jwt verify`
 * prints them, the listener stores them with the token (TokenCheck.nameWarnings), the inspector
 * shows them: one judgement, so a record never says less than the terminal of the same token.
 */
export function decodeWarnings(
  decoded: Pick<DecodedJwt, 'pasteWarnings' | 'nameWarnings' | 'timeWarnings' | 'textWarnings'>,
): string[] {
  return [
    ...decoded.pasteWarnings,
    ...decoded.nameWarnings,
    ...decoded.timeWarnings,
    ...decoded.textWarnings,
  ];
}

/**
 * A judged token's findings, in the order every view lists them: the decode's warnings, then
 * where the official client judges it otherwise. A verdict chip carries them (`valid · 1
 * warning`), whether stored with a record or checked now in the inspector.
 */
export function tokenWarnings(check: {
  nameWarnings: readonly string[];
  clientWarnings: readonly string[];
}): string[] {
  return [...check.nameWarnings, ...check.clientWarnings];
}

/**
 * The same findings of a token checked now (the inspector, `jwt verify`): its decode's warnings
 * and the verification's, as the listener stores them of the token on arrival (check-token.ts).
 */
export function verificationWarnings(verified: {
  decoded: Pick<DecodedJwt, 'pasteWarnings' | 'nameWarnings' | 'timeWarnings' | 'textWarnings'>;
  warnings: readonly string[];
}): string[] {
  return tokenWarnings({ nameWarnings: decodeWarnings(verified.decoded), clientWarnings: verified.warnings });
}
