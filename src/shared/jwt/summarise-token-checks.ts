import type { TokenVerdict } from '../events';
import type { BodyFinding, TokenCheck } from '../webhook-details';
import { tokenWarnings } from './token-warnings';

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

/** A place by its name alone: what it held may not be a Bearer token at all. */
const PLACE_NAME: Record<TokenCheck['source'], string> = {
  query: 'the ?serviceToken= query parameter',
  header: 'the Authorization header',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The decode's warnings of a name given twice ("exp" 2 times), as findings beside the place's:
 * the verdict is on the last one, which a merchant's parser may not take; and where the official
 * client judges the token otherwise (check-token.ts). The same token in both places is one
 * token, warned of once.
 */
function nameWarningFindings(checks: readonly TokenCheck[], sameToken: boolean): BodyFinding[] {
  const warned = sameToken ? checks.slice(0, 1) : checks;
  return warned.flatMap((check) =>
    check.present
      ? tokenWarnings(check).map((message) => ({
          severity: 'warning' as const,
          path: PLACE[check.source],
          message,
        }))
      : [],
  );
}

/**
 * One verdict for a request from its per-source checks. Precedence (README, "Token verdicts"):
 * 1. both present and different strings → `mismatch`, whatever each one is worth on its own;
 * 2. neither present → `missing`;
 * 3. one sent → its verdict, and a warning finding: the spec sends the token in both places;
 * 4. both sent (the same token, or a header that is not Bearer) → the worse of the two, by
 *    WORST_FIRST.
 * A place can hold something that is not one token (a header of another scheme, two headers, an
 * empty ?serviceToken=): it is present, malformed, and its reason says why; the words never say it
 * "carried a token", which it did not as the spec sends one.
 */
export function summariseTokenChecks(
  checks: readonly TokenCheck[],
  tokens: { query: string | null; header: string | null },
  /** How the places were written (findNotificationTokens' findings), said whatever the verdict. */
  placeFindings: readonly BodyFinding[] = [],
): TokenSummary {
  const summary = summariseVerdict(checks, tokens);
  return placeFindings.length === 0
    ? summary
    : { ...summary, findings: [...summary.findings, ...placeFindings] };
}

function summariseVerdict(
  checks: readonly TokenCheck[],
  tokens: { query: string | null; header: string | null },
): TokenSummary {
  const query = checks.find((check) => check.source === 'query');
  const header = checks.find((check) => check.source === 'header');
  const present = checks.filter((check) => check.present);
  const warnings = nameWarningFindings(checks, tokens.query !== null && tokens.query === tokens.header);
  if (tokens.query !== null && tokens.header !== null && tokens.query !== tokens.header) {
    return {
      verdict: 'mismatch',
      reason: `The ?serviceToken= token and the Authorization: Bearer token differ (query: ${query?.verdict ?? 'missing'}, header: ${header?.verdict ?? 'missing'}).`,
      findings: warnings,
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
    const carried = tokens[first.source] !== null;
    return {
      verdict: first.verdict,
      reason: carried
        ? `${first.reason} Only ${SOURCE_NAME[first.source]} carried a token; ${SOURCE_NAME[absent]} was absent.`
        : `${first.reason} ${capitalised(SOURCE_NAME[absent])} was absent, so neither place held a token to verify.`,
      findings: [
        {
          severity: 'warning',
          path: PLACE[absent],
          message: carried
            ? `The token came only in ${SOURCE_NAME[first.source]}; the service sends it in both ${SOURCE_NAME.query} and ${SOURCE_NAME.header}, so ${SOURCE_NAME[absent]} is missing.`
            : `${capitalised(SOURCE_NAME[absent])} is missing; the service sends the token in both ${SOURCE_NAME.query} and ${SOURCE_NAME.header}.`,
        },
        ...warnings,
      ],
    };
  }
  const worse = [...present].sort(
    (a, b) => WORST_FIRST.indexOf(a.verdict) - WORST_FIRST.indexOf(b.verdict),
  )[0];
  const chosen = worse ?? first;
  const other = present.find((check) => check !== chosen);
  if (other === undefined || other.reason === chosen.reason) {
    return { verdict: chosen.verdict, reason: chosen.reason, findings: warnings };
  }
  // Both places held nothing usable, each for its own reason: both are said, query first.
  if (other.verdict === chosen.verdict)
    return {
      verdict: chosen.verdict,
      reason: present.map((check) => check.reason).join(' '),
      findings: warnings,
    };
  return {
    verdict: chosen.verdict,
    reason: `${chosen.reason} That is ${PLACE_NAME[chosen.source]}; ${PLACE_NAME[other.source]} alone is ${other.verdict}, and the record takes the worse of the two.`,
    findings: warnings,
  };
}
