import { decodeJwt } from 'jose';
import type { ReplayTokenMode } from '../../shared/replay';
import type { TokenPreset } from '../../shared/jwt/token-presets';
import type { JwtToolkit } from '../jwt/jwt-toolkit';
import { REPLAY_MARKER_HEADER } from '../../shared/provenance';
import type { EventRow } from '../store/events-repository';
import { HOP_BY_HOP_HEADERS } from '../http/hop-by-hop';
import { readStoredHeaders } from '../store/stored-headers';
import { forwardTargetUrl } from '../listener/forward-webhook';

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

/** A query's parts with the serviceToken ones taken out, and `token` put in the first one's place (or last). */
function queryWithToken(query: string | null, token: string | null): string {
  const parts = query === null || query === '' ? [] : query.split('&');
  const isToken = (part: string) => {
    const name = part.split('=', 1)[0] ?? '';
    try {
      return decodeURIComponent(name.replace(/\+/g, ' ')) === 'serviceToken';
    } catch {
      return false;
    }
  };
  const at = parts.findIndex(isToken);
  const kept = parts.filter((part) => !isToken(part));
  if (token !== null)
    kept.splice(at === -1 ? kept.length : at, 0, `serviceToken=${encodeURIComponent(token)}`);
  return kept.length === 0 ? '' : `?${kept.join('&')}`;
}

/** The token a stored webhook carried (query first, then header). */
export function originalToken(row: EventRow): string | null {
  const query = new URLSearchParams(row.query ?? '').get('serviceToken');
  if (query !== null && query !== '') return query;
  const header = readStoredHeaders(row.request_headers).find(
    ([name]) => name.toLowerCase() === 'authorization',
  )?.[1];
  const match = header === undefined ? null : /^Bearer\s+(.+)$/i.exec(header);
  return match?.[1] ?? null;
}

export interface TokenChoice {
  mode: ReplayTokenMode;
  preset: TokenPreset;
  /** The profile whose notification token signs (resign, preset). */
  profileId: number;
}

/** The token a replay carries: the original, a fresh signature of its claims, a preset, or none. */
export async function replayToken(
  row: EventRow,
  choice: TokenChoice,
  jwt: JwtToolkit,
): Promise<string | null> {
  const original = originalToken(row);
  switch (choice.mode) {
    case 'original':
      return original;
    case 'none':
      return null;
    case 'resign': {
      let claims: Record<string, unknown> = {};
      if (original !== null)
        try {
          claims = { ...decodeJwt(original) };
        } catch {
          // A token that cannot be read is re-signed from nothing but fresh times.
        }
      delete claims['iat'];
      delete claims['exp'];
      delete claims['nbf'];
      const signed = await jwt.sign({
        signer: { source: 'profile', profileId: choice.profileId },
        preset: 'valid',
        claims,
      });
      return signed.token;
    }
    case 'preset': {
      const signed = await jwt.sign({
        signer: { source: 'profile', profileId: choice.profileId },
        preset: choice.preset,
        claims: {},
      });
      return signed.token;
    }
  }
}

/**
 * Where a replay's path comes from: the stored one on the target's origin (this console's
 * listener), the stored one after the target's own path as a forward goes (the forward-to
 * URL), or the target URL's own.
 */
export type ReplayPath = 'stored' | 'forwarded' | 'target';

/**
 * The request a replay sends: to the target with its path as `path` says, the stored headers
 * minus hop-by-hop ones, the token put in both places (or taken out of both), and the stored
 * bytes or the edited body.
 */
export function replayRequest(
  row: EventRow,
  target: { base: string; path: ReplayPath },
  token: string | null,
  editedBody: string | null,
): OutgoingReplay {
  const stored = `${row.path ?? '/'}${row.query === null ? '' : `?${row.query}`}`;
  // A replay to the forward-to URL goes where the listener forwards that webhook (one rule).
  const url = target.path === 'forwarded' ? forwardTargetUrl(target.base, stored) : new URL(target.base);
  let requestTarget: string | null = null;
  if (target.path === 'stored') {
    // The stored path and query as they arrived: setting them on the URL resolved `/./` and
    // `/../` and re-encoded the query, so the listener recorded another request than the one kept.
    requestTarget = `${row.path ?? '/'}${queryWithToken(row.query, token)}`;
    url.pathname = '/';
    url.search = '';
  } else {
    url.searchParams.delete('serviceToken');
    if (token !== null) url.searchParams.set('serviceToken', token);
  }
  const headers = readStoredHeaders(row.request_headers).filter(
    ([name]) =>
      !HOP_BY_HOP_HEADERS.has(name.toLowerCase()) &&
      name.toLowerCase() !== 'authorization' &&
      // A stored replay's marker names that replay, never this one (each send adds its own).
      name.toLowerCase() !== REPLAY_MARKER_HEADER.toLowerCase(),
  );
  if (token !== null) headers.push(['authorization', `Bearer ${token}`]);
  const body =
    editedBody !== null
      ? new TextEncoder().encode(editedBody)
      : new Uint8Array(row.request_body ?? new Uint8Array());
  return { url, target: requestTarget, headers, body };
}
