import { decodeJwt } from '../../shared/jwt/decode-jwt';
import { claimsChangedBySigning } from '../../shared/jwt/claims-text';
import type { ReplayTokenMode } from '../../shared/replay';
import type { TokenPreset } from '../../shared/jwt/token-presets';
import type { JwtToolkit } from '../jwt/jwt-toolkit';
import type { EventRow } from '../store/events-repository';
import { replayedHeaders } from '../../shared/webhook/judge-replayed-body';
import { readStoredHeaders } from '../store/stored-columns';
import { forwardTargetUrl } from '../listener/forward-webhook';
import { serviceTokenPart, serviceTokenParts, withServiceTokenParts } from '../http/service-token-query';
import { findNotificationTokens } from '../../shared/webhook/find-notification-tokens';
import type { HeaderList } from '../../shared/events';
import { REDACTED } from '../../shared/secrets/redact-secrets';

export interface OutgoingReplay {
  url: URL;
  /**
   * The request-target as written on the request line when the stored one is kept (this
   * console's listener): its path and query as they arrived, dot segments (`/x/./y/../z`) and
   * percent-encodings included, which a URL would resolve and re-encode. Null: the URL's own.
   */
  target: string | null;
  headers: [string, string][];
  body: Uint8Array;
}

/** The token a stored webhook carried (query first, then header): the claims a step re-signs. */
export function originalToken(row: EventRow): string | null {
  const found = findNotificationTokens(row.query, readStoredHeaders(row.request_headers));
  return found.query.token ?? found.header.token;
}

/**
 * What a replay carries in each place a notification token goes (`?serviceToken=` and
 * `Authorization`): `stored`, each place exactly as the webhook arrived (a token where one came,
 * none where none came, two different ones if they differed); or `set`, this token in that place
 * (null: none there).
 */
export type ReplayTokens = { kind: 'stored' } | { kind: 'set'; query: string | null; header: string | null };

export interface TokenChoice {
  mode: ReplayTokenMode;
  preset: TokenPreset;
  /** The profile whose notification token signs (resign, preset). */
  profileId: number;
}

/**
 * The tokens a replay carries: the original ones as they came, none, or fresh ones (re-signed,
 * a preset) in each place the webhook had one, keeping a token that came in one place in that
 * place only; a webhook that came with none gets one in both, as the service sends it.
 * Re-signed, each place's token keeps its own claims, and two places that held one token hold
 * one fresh token (signed once), so a replay is a mismatch only where the original was.
 */
export async function replayTokens(
  row: EventRow,
  choice: TokenChoice,
  jwt: JwtToolkit,
): Promise<ReplayTokens> {
  if (choice.mode === 'original') return { kind: 'stored' };
  if (choice.mode === 'none') return { kind: 'set', query: null, header: null };
  const headers = readStoredHeaders(row.request_headers);
  const found = findNotificationTokens(row.query, headers);
  // A place that held anything (a bad token too) had one; one it replaces.
  const inQuery = serviceTokenParts(row.query).length > 0;
  const inHeader = headers.some(([name]) => name.toLowerCase() === 'authorization');
  const neither = !inQuery && !inHeader;
  const signed = new Map<string | null, Promise<string>>();
  const fresh = (original: string | null): Promise<string> => {
    const key = choice.mode === 'preset' ? null : original;
    const known = signed.get(key);
    if (known !== undefined) return known;
    const signing = signFresh(choice, key, jwt);
    signed.set(key, signing);
    return signing;
  };
  return {
    kind: 'set',
    query: inQuery || neither ? await fresh(found.query.token ?? found.header.token) : null,
    header: inHeader || neither ? await fresh(found.header.token ?? found.query.token) : null,
  };
}

/**
 * The places where webhook `row`'s stored token is the placeholder an export without
 * --include-tokens writes (REDACTED, redact-secrets.ts), in a record imported from it: the token
 * it arrived with is not there to send, nor its claims to re-sign. Empty: none was redacted.
 */
export function tokenPlacesRedacted(row: EventRow): string[] {
  const found = findNotificationTokens(row.query, readStoredHeaders(row.request_headers));
  return [
    ...(found.query.token === REDACTED ? ['?serviceToken= query parameter'] : []),
    ...(found.header.token === REDACTED ? ['Authorization header'] : []),
  ];
}

/** The claims a re-signature sets afresh (signFresh): what the webhook's token held in them is not kept. */
const RESIGNED_TIMES = ['iat', 'exp', 'nbf'] as const;

/**
 * Why webhook `row`'s token cannot be re-signed, or null: a token in one of its places whose
 * claims the console's decoder (decode-jwt.ts) cannot read, or whose claims text signing anew
 * would change (a name given twice, `12345678901234567890`, `1e999`), judged as the crafter's
 * presets judge it (claims-text.ts). Re-signed, either went out as a token the webhook never
 * carried, and nothing said so.
 */
export function claimsNotResignable(row: EventRow): string | null {
  const found = findNotificationTokens(row.query, readStoredHeaders(row.request_headers));
  const places = [
    ['?serviceToken= query parameter', found.query.token],
    ['Authorization header', found.header.token],
  ] as const;
  for (const [place, token] of places) {
    if (token === null) continue;
    const decoded = decodeJwt(token, { nameWarnings: false });
    if (decoded.claims === null)
      return `Webhook #${row.id}'s token in the ${place} cannot be read: ${decoded.problem ?? 'its claims are not a JSON object.'} Its claims are unknown, so it cannot be re-signed: signed from nothing but fresh times, it would be a token the webhook never carried. Replay it with its Original token, or a Crafted preset.`;
    const changed =
      decoded.json === null
        ? null
        : claimsChangedBySigning(decoded.json.claims, 're-signing', RESIGNED_TIMES);
    if (changed !== null)
      return `Webhook #${row.id}'s token in the ${place} cannot be re-signed as it came: ${changed}, a token the webhook never carried. Replay it with its Original token, or a Crafted preset.`;
  }
  return null;
}

/** A re-signature of `original`'s claims with fresh times, or the chosen preset. */
async function signFresh(choice: TokenChoice, original: string | null, jwt: JwtToolkit): Promise<string> {
  const signer = { source: 'profile', profileId: choice.profileId } as const;
  if (choice.mode === 'preset') return (await jwt.sign({ signer, preset: choice.preset, claims: {} })).token;
  const decoded = original === null ? null : decodeJwt(original, { nameWarnings: false });
  // The plan refuses such a webhook first (claimsNotResignable): never signed from nothing.
  if (decoded !== null && decoded.claims === null)
    throw new Error(`A token whose claims cannot be read is not re-signed: ${decoded.problem ?? ''}`);
  // A webhook that came with no token gets fresh times alone, as the service would send it.
  const claims = Object.fromEntries(
    Object.entries(decoded?.claims ?? {}).filter(
      ([name]) => !(RESIGNED_TIMES as readonly string[]).includes(name),
    ),
  );
  return (await jwt.sign({ signer, preset: 'valid', claims })).token;
}

/**
 * Where a replay's path comes from: the stored one on the target's origin (this console's
 * listener), the stored one after the target's own path as a forward goes (the forward-to
 * URL), or the target URL's own.
 */
export type ReplayPath = 'stored' | 'forwarded' | 'target';

/** The serviceToken parts a replay puts in a query: `set` tokens only (stored ones are the stored parts). */
const partsOf = (tokens: Extract<ReplayTokens, { kind: 'set' }>): string[] =>
  tokens.query === null ? [] : [serviceTokenPart(tokens.query)];

/**
 * The headers with the replay's Authorization: stored, each as it came; set, the token in the
 * first one's place (the rest dropped: one place holds one token), else after the others.
 */
function headersCarrying(headers: HeaderList, tokens: ReplayTokens): [string, string][] {
  if (tokens.kind === 'stored') return [...headers];
  const isAuthorization = ([name]: readonly [string, string]) => name.toLowerCase() === 'authorization';
  const at = headers.findIndex(isAuthorization);
  const kept = headers.filter((header) => !isAuthorization(header));
  if (tokens.header !== null)
    kept.splice(at === -1 ? kept.length : at, 0, [
      headers[at]?.[0] ?? 'Authorization',
      `Bearer ${tokens.header}`,
    ]);
  return kept;
}

/**
 * The request a replay sends: to the target with its path as `path` says, the stored headers
 * minus hop-by-hop ones, each token as `tokens` says (in its place: the query's other parts and
 * the other headers as they came), and the stored bytes or the edited body.
 */
export function replayRequest(
  row: EventRow,
  target: { base: string; path: ReplayPath },
  tokens: ReplayTokens,
  editedBody: string | null,
): OutgoingReplay {
  const query = tokens.kind === 'stored' ? row.query : withServiceTokenParts(row.query, partsOf(tokens));
  const stored = `${row.path ?? '/'}${query === null ? '' : `?${query}`}`;
  let url: URL;
  let requestTarget: string | null = null;
  if (target.path === 'stored') {
    // The stored path and query as they arrived: setting them on the URL resolved `/./` and
    // `/../` and re-encoded the query, so the listener recorded another request than the one kept.
    url = new URL(target.base);
    requestTarget = stored;
    url.pathname = '/';
    url.search = '';
  } else if (target.path === 'forwarded') {
    // Where the listener forwards that webhook, and the query as it forwards it (one rule).
    url = forwardTargetUrl(target.base, stored);
  } else {
    // The URL's own path and query, its serviceToken the replay's (as a delivery's URL is).
    url = new URL(target.base);
    const own = withServiceTokenParts(
      url.search === '' ? null : url.search.slice(1),
      tokens.kind === 'stored' ? serviceTokenParts(row.query) : partsOf(tokens),
    );
    url.search = own === null ? '' : `?${own}`;
  }
  const headers = headersCarrying(replayedHeaders(readStoredHeaders(row.request_headers)), tokens);
  const body =
    editedBody !== null
      ? new TextEncoder().encode(editedBody)
      : new Uint8Array(row.request_body ?? new Uint8Array());
  return { url, target: requestTarget, headers, body };
}
