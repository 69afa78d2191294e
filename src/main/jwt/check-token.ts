import { createHmac, timingSafeEqual } from 'node:crypto';
import { errors, jwtVerify } from 'jose';
import { decodeJwt, type DecodedJwt } from '../../shared/jwt/decode-jwt';
import { quotedVisibly } from '../../shared/jwt/visible-json';
import { describeAgo, describeDuration, describeUntil } from '../../shared/relative-time';
import type { TokenVerdict } from '../../shared/events';
import type { TokenCheck } from '../../shared/webhook-details';
import type { HmacKey } from './hmac-key-cache';
import { errorWords } from '../../shared/error-words';
import { decodeWarnings } from '../../shared/jwt/token-warnings';
import { readPastedToken } from '../../shared/jwt/pasted-token';
import {
  acceptedByOfficialClient,
  refusedByOfficialClient,
  unreadByOfficialClient,
} from './official-client-reading';

export const ALLOWED_ALGORITHM = 'HS256';
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;

export interface TokenCheckOptions {
  /** The notification token's HS256 key; null when none is configured. */
  key: HmacKey | null;
  /** Names the key in reasons: `the notification token of profile "Local"`. */
  keyLabel: string;
  clockToleranceSeconds: number;
  /** The moment the token is judged at: a webhook's arrival, or now for the inspector. */
  atMs: number;
  /** "before it arrived" (listener) or "ago" (inspector). */
  moment: 'arrival' | 'now';
  /**
   * A token a person pasted (the inspector, `jwt verify`): judged without the whitespace a copy
   * brings, which its decode's warnings then name (pasted-token.ts). Never one a request carried.
   */
  pasted?: boolean;
}

export interface TokenJudgement {
  verdict: TokenVerdict;
  reason: string;
  decoded: DecodedJwt | null;
  /** Where the official client judges it otherwise (official-client-reading.ts), in words. */
  clientWarnings: string[];
}

function past(ms: number, moment: TokenCheckOptions['moment']): string {
  // Rounded as a past span (describeDuration of -ms), so it agrees with the inspector's lines.
  return moment === 'arrival' ? `${describeDuration(-ms)} before it arrived` : describeAgo(ms);
}

function future(ms: number, moment: TokenCheckOptions['moment']): string {
  return moment === 'arrival' ? `${describeDuration(ms)} after it arrived` : `in ${describeDuration(ms)}`;
}

/**
 * "10 minutes from now" where `future` would say "in 10 minutes": for "Not valid until …", in the
 * words the inspector's table and `jwt decode` use of the same claim (time-claim-lines.ts).
 */
function until(ms: number, moment: TokenCheckOptions['moment']): string {
  return moment === 'arrival' ? future(ms, moment) : describeUntil(ms, 0);
}

function validReason(decoded: DecodedJwt, options: TokenCheckOptions): string {
  const exp = decoded.times.exp;
  const lifetime =
    exp === null
      ? 'it has no exp claim, so it does not expire'
      : exp.seconds * 1000 >= options.atMs
        ? `it expires ${future(exp.seconds * 1000 - options.atMs, options.moment)}`
        : `it expired ${past(options.atMs - exp.seconds * 1000, options.moment)}, within the ${options.clockToleranceSeconds} s clock tolerance`;
  return `Signed with HS256 by ${options.keyLabel}; ${lifetime}.`;
}

function fromJoseError(
  token: string,
  error: unknown,
  decoded: DecodedJwt,
  options: TokenCheckOptions,
): TokenJudgement {
  const judged = (verdict: TokenVerdict, reason: string): TokenJudgement => ({
    verdict,
    reason,
    decoded,
    clientWarnings: [],
  });
  const { exp, nbf } = decoded.times;
  if (error instanceof errors.JWSSignatureVerificationFailed) {
    return judged(
      'invalid_signature',
      `The signature does not match ${options.keyLabel}: the token was forged, tampered with, or signed with another key.`,
    );
  }
  if (error instanceof errors.JWTExpired && exp !== null) {
    return judged(
      'expired',
      `Expired ${past(options.atMs - exp.seconds * 1000, options.moment)} (exp ${exp.iso}; clock tolerance ${options.clockToleranceSeconds} s).`,
    );
  }
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf' && nbf !== null) {
    return judged(
      'not_yet_valid',
      `Not valid until ${until(nbf.seconds * 1000 - options.atMs, options.moment)} (nbf ${nbf.iso}; clock tolerance ${options.clockToleranceSeconds} s).`,
    );
  }
  if (error instanceof errors.JOSEAlgNotAllowed) {
    return judged('alg_not_allowed', `Only ${ALLOWED_ALGORITHM} is allowed.`);
  }
  const message = errorWords(error);
  return {
    ...judged('malformed', `The token could not be verified as a JWT: ${message}.`),
    clientWarnings: acceptedByOfficialClient(token, options.key, options.atMs),
  };
}

/** Header fields a plain HS256 token carries; any other (crit, b64…) is left to jose. */
const PLAIN_HEADER = new Set(['alg', 'typ', 'kid']);

/**
 * The listener's common case without WebCrypto's round trip (about a sixth of a request's CPU,
 * bench/README.md): a plain header, the signature right (node:crypto, compared in constant
 * time) and exp/nbf within the tolerance exactly as jose judges them (seconds, floored).
 * Anything else returns false and goes to jose, so every refusal keeps jose's own reason.
 */
function acceptedAtOnce(
  token: string,
  decoded: DecodedJwt,
  key: HmacKey,
  options: TokenCheckOptions,
): boolean {
  if (decoded.header === null || Object.keys(decoded.header).some((name) => !PLAIN_HEADER.has(name)))
    return false;
  const end = token.lastIndexOf('.');
  const given = Buffer.from(token.slice(end + 1), 'base64url');
  const expected = createHmac('sha256', key.raw).update(token.slice(0, end)).digest();
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const now = Math.floor(options.atMs / 1000);
  const { exp, nbf } = decoded.times;
  if (exp !== null && exp.seconds <= now - options.clockToleranceSeconds) return false;
  if (nbf !== null && nbf.seconds > now + options.clockToleranceSeconds) return false;
  return true;
}

/**
 * The one verification of a notification token, used by the listener and by the JWT
 * toolkit alike. Order: decodable → alg is HS256 → a key exists → signature (jose) → time
 * claims (jose for exp/nbf, here for iat in the future). Never throws.
 */
export async function judgeToken(token: string, options: TokenCheckOptions): Promise<TokenJudgement> {
  const decoded = decodeJwt(token, { pasted: options.pasted === true });
  // What is verified: the token as the decode read it.
  const text = options.pasted === true ? readPastedToken(token).token : token.trim();
  if (!decoded.ok || decoded.header === null) {
    return {
      verdict: 'malformed',
      reason: decoded.problem ?? 'The token cannot be decoded.',
      decoded,
      clientWarnings: acceptedByOfficialClient(text, options.key, options.atMs),
    };
  }
  const judged = (verdict: TokenVerdict, reason: string): TokenJudgement => ({
    verdict,
    reason,
    decoded,
    clientWarnings: [],
  });
  const alg = decoded.header['alg'];
  if (typeof alg !== 'string') return judged('malformed', 'The header has no "alg" string.');
  if (alg !== ALLOWED_ALGORITHM) {
    return judged(
      'alg_not_allowed',
      alg === 'none'
        ? `The token is unsigned (alg "none"); only ${ALLOWED_ALGORITHM} is allowed.`
        : `The token uses alg ${quotedVisibly(alg)}; only ${ALLOWED_ALGORITHM} is allowed.`,
    );
  }
  const [claimProblem] = decoded.claimProblems;
  if (claimProblem !== undefined)
    return {
      ...judged('malformed', claimProblem),
      clientWarnings: acceptedByOfficialClient(text, options.key, options.atMs),
    };
  if (options.key === null) {
    return judged(
      'no_secret',
      `No notification token is configured (${options.keyLabel}), so the signature cannot be checked.`,
    );
  }
  try {
    if (!acceptedAtOnce(text, decoded, options.key, options))
      await jwtVerify(text, options.key.web, {
        algorithms: [ALLOWED_ALGORITHM],
        clockTolerance: options.clockToleranceSeconds,
        currentDate: new Date(options.atMs),
      });
  } catch (error) {
    return fromJoseError(text, error, decoded, options);
  }
  const iat = decoded.times.iat;
  if (iat !== null && iat.seconds * 1000 > options.atMs + options.clockToleranceSeconds * 1000) {
    return judged(
      'not_yet_valid',
      `Issued in the future: iat is ${future(iat.seconds * 1000 - options.atMs, options.moment)} (iat ${iat.iso}; clock tolerance ${options.clockToleranceSeconds} s).`,
    );
  }
  return {
    ...judged('valid', validReason(decoded, options)),
    clientWarnings: [
      ...refusedByOfficialClient(decoded.times, options.atMs, options.clockToleranceSeconds, {
        past: (ms) => past(ms, options.moment),
        later: (ms) => until(ms, options.moment),
      }),
      ...unreadByOfficialClient(decoded),
    ],
  };
}

/** A token found (or not) in one place of a request, judged on its own. */
export async function checkTokenAt(
  source: TokenCheck['source'],
  token: string | null,
  options: TokenCheckOptions,
  problem: string | null = null,
): Promise<TokenCheck> {
  const where = source === 'query' ? 'the ?serviceToken= query parameter' : 'the Authorization header';
  if (problem !== null) {
    return {
      source,
      present: true,
      verdict: 'malformed',
      reason: problem,
      header: null,
      claims: null,
      nameWarnings: [],
      clientWarnings: [],
    };
  }
  if (token === null) {
    return {
      source,
      present: false,
      verdict: 'missing',
      reason: `No token in ${where}.`,
      header: null,
      claims: null,
      nameWarnings: [],
      clientWarnings: [],
    };
  }
  const judgement = await judgeToken(token, options);
  return {
    source,
    present: true,
    verdict: judgement.verdict,
    reason: judgement.reason,
    header: judgement.decoded?.header ?? null,
    claims: judgement.decoded?.claims ?? null,
    // Stored with the record: the Timeline shows a token's claims as they were on arrival, and
    // what the decode warns of (the one claim kept of two, hidden characters, a time in
    // milliseconds) is said, as the inspector and `jwt verify` say it: one list, decodeWarnings.
    nameWarnings: judgement.decoded === null ? [] : decodeWarnings(judgement.decoded),
    clientWarnings: judgement.clientWarnings,
  };
}
