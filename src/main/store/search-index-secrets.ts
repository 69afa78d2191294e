import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { escapeRegExp } from '../../shared/escape-regexp';
import {
  JWT_SHAPE_SOURCE,
  maskCutEnd,
  mayHoldUrlCredential,
  redactPath,
  redactQuery,
  redactText,
  redactUrl,
  redactWith,
  replaceSecrets,
  replaceSecretsInText,
  tailedMasksOf,
  usableSecrets,
} from '../../shared/secrets/redact-secrets';
import { secretsOfExchange } from '../../shared/secrets/redact-exchange';
import type { SqliteDatabase } from './connection';
import { readStoredHeaders } from './stored-columns';

/**
 * What the text index keeps out: what the screens mask (shared/secrets/redact-secrets.ts, the
 * one owner), replaced by REDACTED as an export replaces it, so that no search (a prefix one
 * above all) can match a secret or a part of one: every secret main knows (the one list,
 * everyProfileSecret in timeline/record-secrets.ts) and its mask (`••••abcd`, stored where the
 * console masked an echo: migration 026), and by meaning every JWT-shaped string and
 * the credentials the record's request carried (Authorization, serviceToken, cookies) wherever
 * they are echoed. Migration 021 says how a secret that becomes known later is cleaned out of
 * records indexed before; migration 022 indexes again those indexed before the by-meaning part.
 */

/** The SQL functions the index statements wrap each column in (this connection only). */
export const HIDE_FUNCTION = 'search_hidden';
export const HIDE_LOCATION_FUNCTION = 'search_hidden_location';
/** The start of a secret at the end of a request body the listener cut short, hidden (maskCutEnd). */
const HIDE_CUT_END_FUNCTION = 'search_hidden_cut_end';
/** Whether a column spells one of the secrets being scanned for in a way instr cannot see. */
const SPELLS_FUNCTION = 'search_spells_secret';

/** The request's columns that say what it carried as credentials, for each function. */
const REQUEST = 'url, query, request_headers';

/** Each indexed column as migration 003 wrote it, wrapped in a hiding function. */
export const INDEXED_COLUMNS = `${HIDE_FUNCTION}(concat_ws(' ', uid, kind, method, status, order_id,
    order_reference_id, event_type, token_verdict, body_verdict, profile_name, error), ${REQUEST}),
  ${HIDE_LOCATION_FUNCTION}(path, ${REQUEST}),
  ${HIDE_FUNCTION}(concat_ws(' ', ${HIDE_CUT_END_FUNCTION}(CAST(request_body AS TEXT), request_truncated, ${REQUEST}),
    CAST(response_body AS TEXT)), ${REQUEST})`;

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
/** A location that may carry a credential by meaning: a query value, a user-info password, an encoded name. */
const LOCATION_CREDENTIAL = /servicetoken|%|@/i;
/**
 * A text that may spell a secret in a way the plain test cannot see: percent-encoded (a
 * form-encoded body) or JSON-escaped (`\u0073k_…`, `hdr\/value`); redacted as screens do.
 */
const MAY_SPELL = /%|\\u|\\\//;
/** Stored headers that may carry a credential (the rest cannot, and are not parsed). */
const CREDENTIAL_HEADERS = /authorization|cookie/i;

/** The stored columns a secret can be echoed in (the others are ids, numbers and verdicts). */
const ECHO_COLUMNS = [
  'CAST(request_body AS TEXT)',
  'CAST(response_body AS TEXT)',
  'url',
  'path',
  'query',
  'method',
  'error',
  'order_id',
  'order_reference_id',
  'event_type',
  'profile_name',
];

export interface KnownSecrets {
  /** Longest first, as the redaction wants them. */
  readonly secrets: readonly string[];
  /** The salted fingerprint of each, in the same order: what the database keeps of a secret. */
  readonly fingerprints: readonly string[];
}

/**
 * The hiding function registered on the connection, and the secrets it hides: set before
 * each indexing step, so every row a step writes is hidden by the same list.
 */
export function createSecretHiding(db: SqliteDatabase) {
  let hiding: readonly string[] = [];
  // The same secrets as a screen masks them (`••••abcd`): stored so where the console masked an
  // echo before storing it, and the mask's tail is the secret's last four characters.
  let masks: readonly string[] = [];
  // Most text holds no secret: one pass of a regular expression of them all and of the JWT shape
  // says so (V8 runs a literal alternation of 200 secrets over a 1 KB body in under a
  // microsecond, where a search for each in turn takes about 30 times longer); the rest goes
  // through the screens' redaction.
  let anyOf = new RegExp(JWT_SHAPE_SOURCE);

  // The three columns of a record come one after the other with the same request: its
  // credentials are read once (the stored headers parsed only when they may hold one), and
  // joined once to main's list.
  let last: {
    url: unknown;
    query: unknown;
    headers: unknown;
    own: string[];
    known: readonly string[];
  } | null = null;
  const requestSecrets = (url: unknown, query: unknown, headers: unknown) => {
    if (last !== null && last.url === url && last.query === query && last.headers === headers) return last;
    const stored = text(headers);
    const requestHeaders =
      stored !== null && CREDENTIAL_HEADERS.test(stored) ? readStoredHeaders(stored) : [];
    const own = secretsOfExchange({ url: text(url), query: text(query), requestHeaders }, []);
    // Main's list alone when the request carried none; else both, longest first.
    const known =
      own.length === 0
        ? hiding
        : secretsOfExchange({ url: null, query: null, requestHeaders: [] }, [...own, ...hiding]);
    last = { url, query, headers, own, known };
    return last;
  };

  db.function(
    HIDE_FUNCTION,
    { deterministic: false },
    (value: unknown, url: unknown, query: unknown, headers: unknown) => {
      if (typeof value !== 'string') return value;
      const { own, known } = requestSecrets(url, query, headers);
      if (
        !own.some((secret) => value.includes(secret)) &&
        !anyOf.test(value) &&
        (known.length === 0 || !MAY_SPELL.test(value)) &&
        !mayHoldUrlCredential(value)
      )
        return value;
      return replaceSecrets(redactText(value, known, redactWith), masks, redactWith);
    },
  );
  // A request body kept to its first 64 KiB may end inside a secret, as the screens know
  // (redact-secrets.ts): its end is looked at apart, before it is joined to the response's body.
  db.function(
    HIDE_CUT_END_FUNCTION,
    { deterministic: false },
    (value: unknown, truncated: unknown, url: unknown, query: unknown, headers: unknown) =>
      typeof value !== 'string' || truncated !== 1
        ? value
        : maskCutEnd(value, requestSecrets(url, query, headers).known, redactWith),
  );
  // URL, path and query as the screens redact each (a serviceToken value in any spelling, a
  // password in the URL), joined as migration 003 joined them.
  db.function(
    HIDE_LOCATION_FUNCTION,
    { deterministic: false },
    (path: unknown, url: unknown, query: unknown, headers: unknown) => {
      const [urlText, pathText, queryText] = [text(url), text(path), text(query)];
      const raw = [urlText, pathText, queryText].filter((part) => part !== null).join(' ');
      const { own, known } = requestSecrets(url, query, headers);
      // A '%' may spell a secret the plain test cannot see (`hdr%2DVALUE`): redacted as screens do.
      if (own.length === 0 && !anyOf.test(raw) && !LOCATION_CREDENTIAL.test(raw) && !raw.includes('%'))
        return raw;
      return [
        urlText === null ? null : redactUrl(urlText, known, redactWith),
        pathText === null ? null : redactPath(pathText, known, redactWith),
        queryText === null ? null : redactQuery(queryText, known, redactWith),
      ]
        .filter((part) => part !== null)
        .join(' ');
    },
  );
  const salt = db.prepare<[], { salt: Buffer | null }>(
    'SELECT fingerprint_salt AS salt FROM search_index_state',
  );
  const fingerprints = new Map<string, string>();
  let saltSeen: Buffer | null = null;
  const fingerprintOf = (secret: string): string => {
    const current = salt.get()?.salt ?? null;
    if (current === null) throw new Error('The text index has no fingerprint salt (migration 021).');
    if (saltSeen === null || !current.equals(saltSeen)) {
      fingerprints.clear();
      saltSeen = current;
    }
    let found = fingerprints.get(secret);
    if (found === undefined) {
      found = createHash('sha256').update(current).update(secret).digest('hex');
      fingerprints.set(secret, found);
    }
    return found;
  };

  // A column that may spell a secret otherwise (percent-encoded, JSON-escaped) is asked in full:
  // instr sees only the plain spelling. The secrets scanned for are the statement's own.
  let scanning: readonly string[] = [];
  db.function(SPELLS_FUNCTION, { deterministic: false }, (value: unknown) =>
    typeof value === 'string' && replaceSecretsInText(value, scanning, redactWith) !== value ? 1 : 0,
  );
  /** One statement per number of secrets scanned for (a few shapes in practice). */
  const scans = new Map<number, Statement<[Record<string, unknown>], { id: number }>>();
  const scanFor = (count: number) => {
    let found = scans.get(count);
    if (found === undefined) {
      const plain = Array.from({ length: count }, (_, n) =>
        ECHO_COLUMNS.map((column) => `instr(${column}, @s${n}) > 0`).join(' OR '),
      ).join(' OR ');
      const spelled = ECHO_COLUMNS.map(
        (column) =>
          `((instr(${column}, '%') > 0 OR instr(${column}, '\\u') > 0 OR instr(${column}, '\\/') > 0) AND ${SPELLS_FUNCTION}(${column}))`,
      ).join(' OR ');
      // A body cut short may end with the secret's start, which instr cannot see either: such
      // records are few (bodies over the listener's limit), so each is indexed again.
      found = db.prepare(
        `SELECT id FROM events WHERE id > @from AND id <= @to AND (${plain} OR ${spelled} OR request_truncated = 1)`,
      );
      if (scans.size > 50) scans.clear();
      scans.set(count, found);
    }
    return found;
  };

  // Sizes come from the records' headers: length() of a blob does not read the blob.
  const rangeEnd = db.prepare<
    { from: number; through: number; rows: number; bytes: number },
    { last: number | null }
  >(
    `SELECT max(id) AS last FROM (
       SELECT id, sum(size) OVER (ORDER BY id) AS total FROM (
         SELECT id, coalesce(length(request_body), 0) + coalesce(length(response_body), 0) AS size
         FROM events WHERE id > @from AND id <= @through ORDER BY id LIMIT @rows))
     WHERE total <= @bytes OR id = (SELECT min(id) FROM events WHERE id > @from)`,
  );

  return {
    /**
     * Where a scan from `from` stops: at most `rows` records and `bytes` of bodies (at least
     * one record), never past `through`; `through` when no record is left before it.
     */
    scanEnd(from: number, through: number, budget: { rows: number; bytes: number }): number {
      return rangeEnd.get({ from, through, ...budget })?.last ?? through;
    },
    /** The secrets `source` gives now, with their fingerprints. */
    known(source: readonly string[]): KnownSecrets {
      const secrets = usableSecrets(source);
      return { secrets, fingerprints: secrets.map(fingerprintOf) };
    },
    /** What the hiding function replaces from now on. */
    hide(secrets: readonly string[]): void {
      if (secrets.length === hiding.length && secrets.every((secret, n) => secret === hiding[n])) return;
      hiding = secrets;
      masks = tailedMasksOf(secrets);
      last = null;
      anyOf = new RegExp([...secrets, ...masks].map(escapeRegExp).concat(JWT_SHAPE_SOURCE).join('|'));
    },
    /** Ids in (from, to] whose stored text holds any of `secrets` (instr: bytes, not words). */
    holding(secrets: readonly string[], from: number, to: number): number[] {
      const params: Record<string, unknown> = { from, to };
      secrets.forEach((secret, n) => {
        params[`s${n}`] = secret;
      });
      scanning = secrets;
      return scanFor(secrets.length)
        .all(params)
        .map((row) => row.id);
    },
  };
}
