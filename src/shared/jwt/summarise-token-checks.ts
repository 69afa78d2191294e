import type { TokenVerdict } from '../events';
import type { BodyFinding, TokenCheck } from '../webhook-details';

/** The order "the worse of the two" follows: a forgery outranks a clock problem. */
export const WORST_FIRST: readonly TokenVerdict[] = [
  'mismatch',
  'alg_not_allowed',
  'invalid_signature',
  'malformed',
  'expired',
  'not_yet_valid',
  'no_secret',
  'missing',
  'valid',
];

export interface TokenSummary {
  verdict: TokenVerdict;
  reason: string;
  /** Deviations from the spec the verdict word does not carry (a token in one place only). */
  findings: BodyFinding[];
}

const PLACE: Record<TokenCheck['source'], string> = { query: 'serviceToken', header: 'Authorization' };

const SOURCE_NAME: Record<TokenCheck['source'], string> = {
  query: 'the ?serviceToken= query parameter',
  header: 'the Authorization: Bearer header',
};

/**
 * One verdict for a request from its per-source checks. Precedence (README, "Token verdicts"):
 * 1. both present and different strings → `mismatch`, whatever each one is worth on its own;
 * 2. neither present → `missing`;
 * 3. one sent → its verdict, and a warning finding: the spec sends the token in both places;
 * 4. both sent (the same token, or a header that is not Bearer) → the worse of the two, by
 *    WORST_FIRST.
 */
export function summariseTokenChecks(
  checks: readonly TokenCheck[],
  tokens: { query: string | null; header: string | null },
): TokenSummary {
  const query = checks.find((check) => check.source === 'query');
  const header = checks.find((check) => check.source === 'header');
  const present = checks.filter((check) => check.present);
  if (tokens.query !== null && tokens.header !== null && tokens.query !== tokens.header) {
    return {
      verdict: 'mismatch',
      reason: `The ?serviceToken= token and the Authorization: Bearer token differ (query: ${query?.verdict ?? 'missing'}, header: ${header?.verdict ?? 'missing'}).`,
      findings: [],
    };
  }
  const first = present[0];
  if (first === undefined) {
    return {
      verdict: 'missing',
      reason: 'No token was sent: neither ?serviceToken= nor Authorization: Bearer.',
      findings: [],
    };
  }
  if (present.length === 1) {
    const absent = first.source === 'query' ? 'header' : 'query';
    return {
      verdict: first.verdict,
      reason: `${first.reason} Only ${SOURCE_NAME[first.source]} carried a token; ${SOURCE_NAME[absent]} was absent.`,
      findings: [
        {
          severity: 'warning',
          path: PLACE[absent],
          message: `The token came only in ${SOURCE_NAME[first.source]}; the service sends it in both ${SOURCE_NAME.query} and ${SOURCE_NAME.header}, so ${SOURCE_NAME[absent]} is missing.`,
        },
      ],
    };
  }
  const worse = [...present].sort(
    (a, b) => WORST_FIRST.indexOf(a.verdict) - WORST_FIRST.indexOf(b.verdict),
  )[0];
  const chosen = worse ?? first;
  if (present.every((check) => check.verdict === chosen.verdict)) {
    return { verdict: chosen.verdict, reason: chosen.reason, findings: [] };
  }
  return {
    verdict: chosen.verdict,
    reason: `${chosen.reason} (${SOURCE_NAME[chosen.source]})`,
    findings: [],
  };
}
