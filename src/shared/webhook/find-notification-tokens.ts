import type { HeaderList } from '../events';
import { quotedVisibly } from '../jwt/visible-json';

/** A token as found in one place of a request, or why that place holds no usable token. */
export interface FoundToken {
  token: string | null;
  /** Set when something is there but it is not a usable token (two values, not Bearer). */
  problem: string | null;
}

export interface FoundTokens {
  query: FoundToken;
  header: FoundToken;
}

const NONE: FoundToken = { token: null, problem: null };

/**
 * One place holds one token: a second value, even an equal one, is not what the service sends,
 * and a merchant's framework may read either copy, or refuse both. Judged malformed, so the
 * verdict never says `valid` for a request a stricter merchant would refuse.
 */
function repeated(place: string, values: readonly string[]): FoundToken {
  const same = new Set(values).size === 1;
  return {
    token: null,
    problem: `${place} appears ${values.length} times ${same ? 'with the same value each time' : 'with different values'}; one place must hold one token.`,
  };
}

/**
 * The query as the service sends it: only ?serviceToken=, its value in the characters a JWT is
 * written in, which URLSearchParams gives back as they are.
 */
const TOKEN_QUERY_ONLY = /^serviceToken=([A-Za-z0-9._-]+)$/;

function fromQuery(query: string | null): FoundToken {
  if (query === null || query === '') return NONE;
  // Read without URLSearchParams' parse, which was a fiftieth of judging a webhook (issue 20).
  const only = TOKEN_QUERY_ONLY.exec(query)?.[1];
  if (only !== undefined) return { token: only, problem: null };
  const values = new URLSearchParams(query).getAll('serviceToken');
  if (values.length > 1) return repeated('?serviceToken=', values);
  const [token] = values;
  if (token === undefined) return NONE;
  if (token.trim() === '') return { token: null, problem: 'The ?serviceToken= query parameter is empty.' };
  return { token: token.trim(), problem: null };
}

function fromHeaders(headers: HeaderList): FoundToken {
  const values = headers.filter(([name]) => name.toLowerCase() === 'authorization').map(([, value]) => value);
  if (values.length > 1)
    return repeated(
      'The Authorization header',
      values.map((value) => value.trim()),
    );
  const value = values[0]?.trim();
  if (value === undefined) return NONE;
  const match = /^Bearer[ \t]+(\S+)$/i.exec(value);
  if (match?.[1] !== undefined) return { token: match[1], problem: null };
  if (/^Bearer$/i.test(value))
    return { token: null, problem: 'The Authorization header says Bearer but carries no token.' };
  const scheme = value.split(/\s+/)[0] ?? '';
  return {
    token: null,
    problem:
      scheme === ''
        ? 'The Authorization header is empty.'
        : `The Authorization header is not a Bearer token (scheme ${quotedVisibly(scheme.slice(0, 20))}).`,
  };
}

/** Where the spec puts the notification JWT: `?serviceToken=` and `Authorization: Bearer`. */
export function findNotificationTokens(query: string | null, headers: HeaderList): FoundTokens {
  return { query: fromQuery(query), header: fromHeaders(headers) };
}
