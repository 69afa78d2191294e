import type { HeaderList } from '../events';
import { nonCanonicalBearer, TAMARA_TOKEN_ONLY, trimmedFromToken } from '../jwt/official-client-words';
import { quotedVisibly } from '../jwt/visible-json';
import type { BodyFinding } from '../webhook-details';

/** A token as found in one place of a request, or why that place holds no usable token. */
export interface FoundToken {
  token: string | null;
  /** Set when something is there but it is not a usable token (two values, not Bearer). */
  problem: string | null;
}

export interface FoundTokens {
  query: FoundToken;
  header: FoundToken;
  /**
   * What the verdicts do not carry about how the places were written (a Bearer the official
   * client refuses, whitespace trimmed, the client's ?tamaraToken=): warnings, never a verdict.
   */
  findings: BodyFinding[];
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

function warning(path: string, message: string): BodyFinding {
  return { severity: 'warning', path, message };
}

function fromQuery(query: string | null, findings: BodyFinding[]): FoundToken {
  if (query === null || query === '') return NONE;
  // Read without URLSearchParams' parse, which was a fiftieth of judging a webhook (issue 20).
  const only = TOKEN_QUERY_ONLY.exec(query)?.[1];
  if (only !== undefined) return { token: only, problem: null };
  const params = new URLSearchParams(query);
  const values = params.getAll('serviceToken');
  if (values.length > 1) return repeated('?serviceToken=', values);
  const [token] = values;
  if (token === undefined) {
    // The spec names ?serviceToken= only, so the client's own name is not read as the token.
    if ((params.get('tamaraToken') ?? '').trim() !== '')
      findings.push(warning('tamaraToken', TAMARA_TOKEN_ONLY));
    return NONE;
  }
  const trimmed = token.trim();
  if (trimmed === '') return { token: null, problem: 'The ?serviceToken= query parameter is empty.' };
  if (trimmed !== token) {
    const start = token.indexOf(trimmed);
    findings.push(
      warning('serviceToken', trimmedFromToken(token.slice(0, start), token.slice(start + trimmed.length))),
    );
  }
  return { token: trimmed, problem: null };
}

/** The service's form, and the official client's reading of the header (Authenticator.php:52). */
const CANONICAL_BEARER = /^Bearer (\S+)$/;
const CLIENT_BEARER = /Bearer\s(\S+)/;

function bearerForm(value: string, token: string): BodyFinding | null {
  if (CANONICAL_BEARER.test(value)) return null;
  const [, scheme = '', separator = ''] = /^(\S+)(\s+)/.exec(value) ?? [];
  const clientAccepts = CLIENT_BEARER.exec(value)?.[1] === token;
  return warning('Authorization', nonCanonicalBearer(scheme, separator, clientAccepts));
}

function fromHeaders(headers: HeaderList, findings: BodyFinding[]): FoundToken {
  const values = headers.filter(([name]) => name.toLowerCase() === 'authorization').map(([, value]) => value);
  if (values.length > 1)
    return repeated(
      'The Authorization header',
      values.map((value) => value.trim()),
    );
  const value = values[0]?.trim();
  if (value === undefined) return NONE;
  const match = /^Bearer[ \t]+(\S+)$/i.exec(value);
  if (match?.[1] !== undefined) {
    const form = bearerForm(value, match[1]);
    if (form !== null) findings.push(form);
    return { token: match[1], problem: null };
  }
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
  const findings: BodyFinding[] = [];
  return { query: fromQuery(query, findings), header: fromHeaders(headers, findings), findings };
}
