/**
 * The `serviceToken` parameter of a query, edited in the query's own text. Every other part is
 * kept as written (`a=b%20c`, `p=1+2`, `q=%2F`), where URLSearchParams would rewrite each one
 * (`a=b+c`): an endpoint that checks or signs its URL, and a replay meant to be the request that
 * came, see the query as it was. The emulator's deliveries, the console's own sends and replays
 * edit it here.
 */

/** Whether one `name=value` part of a query is a serviceToken, its name decoded as a server reads it. */
export function isServiceTokenPart(part: string): boolean {
  const name = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')) === 'serviceToken';
  } catch {
    return name === 'serviceToken';
  }
}

/** The serviceToken parts of a query as written (`serviceToken=eyJ…`), in their order. */
export function serviceTokenParts(query: string | null): string[] {
  return query === null || query === '' ? [] : query.split('&').filter(isServiceTokenPart);
}

/** The part that carries `token` in a query. */
export const serviceTokenPart = (token: string): string => `serviceToken=${encodeURIComponent(token)}`;

/**
 * The query with its serviceToken parts replaced by `parts`: in the first one's place, else at
 * the end; each other part as written. Null for no query (none was there and nothing is left).
 */
export function withServiceTokenParts(query: string | null, parts: readonly string[]): string | null {
  const all = query === null || query === '' ? [] : query.split('&');
  const at = all.findIndex(isServiceTokenPart);
  const kept = all.filter((part) => !isServiceTokenPart(part));
  kept.splice(at === -1 ? kept.length : at, 0, ...parts);
  if (kept.length === 0) return query === '' ? '' : null;
  return kept.join('&');
}
