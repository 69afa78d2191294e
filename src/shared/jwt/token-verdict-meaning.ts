import { countOf } from '../count-words';
import type { BodyVerdict, TokenVerdict } from '../events';

/** What each token verdict word means; shown in the UI and the README says the same. */
export const TOKEN_VERDICT_MEANING: Record<TokenVerdict, string> = {
  valid: 'HS256, signed with the notification token, and within its time claims.',
  missing: 'No token: neither ?serviceToken= nor Authorization: Bearer.',
  malformed:
    'Not a decodable JWT (or a claim of the wrong type, or an Authorization header that is not Bearer).',
  invalid_signature: 'The signature does not match the notification token: forged, tampered or another key.',
  expired: '"exp" is in the past (beyond the clock tolerance).',
  not_yet_valid: '"nbf" or "iat" is in the future (beyond the clock tolerance).',
  alg_not_allowed: 'Signed with something other than HS256 ("none" included).',
  mismatch: 'The query token and the header token differ.',
  no_secret: 'No notification token is configured, so the signature cannot be checked.',
};

export const BODY_VERDICT_MEANING: Record<BodyVerdict, string> = {
  event: 'The current payload form: order_id, order_reference_id, order_number, event_type, data.',
  legacy: 'The older approved form: order_status "approved" and no order_number.',
  unknown_shape: 'JSON, but neither payload form.',
  invalid_json: 'The body is not JSON (or not UTF-8).',
  empty: 'No body, or only whitespace: none of a notification’s fields (order_id, event_type…) arrived.',
  too_large: 'Larger than the body limit: answered 413, only the first 64 KiB kept.',
};

/** Verdicts that mean "good"; the UI colours the rest as problems. */
export const GOOD_TOKEN_VERDICTS: readonly TokenVerdict[] = ['valid'];
export const GOOD_BODY_VERDICTS: readonly BodyVerdict[] = ['event', 'legacy'];

/**
 * Findings whose stored column is damaged (store/stored-columns.ts): never drawn as none, an
 * unreadable count is not "no findings".
 */
export const FINDINGS_UNREADABLE = 'unreadable';
export type FindingsCount = number | null | typeof FINDINGS_UNREADABLE;

/**
 * A body verdict as every screen and `listen` write it: with how many findings its one
 * judgement has ("empty · 1 finding"); the word alone when it has none or they are not known,
 * "event · findings unreadable" when their stored count is damaged.
 */
export function bodyVerdictLabel(verdict: BodyVerdict, findings: FindingsCount): string {
  if (findings === FINDINGS_UNREADABLE) return `${verdict} · findings unreadable`;
  return findings !== null && findings > 0 ? `${verdict} · ${countOf(findings, 'finding')}` : verdict;
}

/**
 * A token verdict as every screen and the terminal write it: with how many warnings its one
 * judgement has ("valid · 1 warning": the token came only in ?serviceToken=); the word alone
 * when it has none or they are not known.
 */
export function tokenVerdictLabel(verdict: TokenVerdict, findings: FindingsCount): string {
  if (findings === FINDINGS_UNREADABLE) return `${verdict} · warnings unreadable`;
  return findings !== null && findings > 0 ? `${verdict} · ${countOf(findings, 'warning')}` : verdict;
}
