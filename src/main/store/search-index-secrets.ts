import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import { escapeRegExp } from '../../shared/escape-regexp';
import { redactWith, replaceSecrets } from '../../shared/secrets/redact-secrets';
import type { SqliteDatabase } from './connection';

/**
 * What the text index keeps out: every secret main knows (the one list, everyProfileSecret in
 * timeline/record-secrets.ts), replaced by REDACTED as an export replaces it, so that no search
 * (a prefix one above all) can match a secret or a part of one. Migration 021 says how a secret
 * that becomes known later is cleaned out of records indexed before.
 */

/** The SQL function the index statements wrap each column in (this connection only). */
export const HIDE_FUNCTION = 'search_hidden';

/** Each indexed column as migration 003 wrote it, wrapped in the hiding function. */
export const INDEXED_COLUMNS = `${HIDE_FUNCTION}(concat_ws(' ', uid, kind, method, status, order_id,
    order_reference_id, event_type, token_verdict, body_verdict, profile_name, error)),
  ${HIDE_FUNCTION}(concat_ws(' ', url, path, query)),
  ${HIDE_FUNCTION}(concat_ws(' ', CAST(request_body AS TEXT), CAST(response_body AS TEXT)))`;

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

/** Secrets as the redaction takes them: eight characters or more, longest first, once each. */
export function usableSecrets(secrets: readonly string[]): string[] {
  return [...new Set(secrets)].filter((secret) => secret.length >= 8).sort((a, b) => b.length - a.length);
}

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
  // Most text holds no secret: one pass of a regular expression of them all says so (V8 runs a
  // literal alternation of 200 secrets over a 1 KB body in under a microsecond, where a search
  // for each in turn takes about 30 times longer); the rest goes through the exports' redaction.
  let anyOf: RegExp | null = null;
  db.function(HIDE_FUNCTION, { deterministic: false }, (value: unknown) =>
    typeof value === 'string' && anyOf !== null && anyOf.test(value)
      ? replaceSecrets(value, hiding, redactWith)
      : value,
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

  /** One statement per number of secrets scanned for (a few shapes in practice). */
  const scans = new Map<number, Statement<[Record<string, unknown>], { id: number }>>();
  const scanFor = (count: number) => {
    let found = scans.get(count);
    if (found === undefined) {
      const any = Array.from({ length: count }, (_, n) =>
        ECHO_COLUMNS.map((column) => `instr(${column}, @s${n}) > 0`).join(' OR '),
      ).join(' OR ');
      found = db.prepare(`SELECT id FROM events WHERE id > @from AND id <= @to AND (${any})`);
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
      anyOf = secrets.length === 0 ? null : new RegExp(secrets.map(escapeRegExp).join('|'));
    },
    /** Ids in (from, to] whose stored text holds any of `secrets` (instr: bytes, not words). */
    holding(secrets: readonly string[], from: number, to: number): number[] {
      const params: Record<string, unknown> = { from, to };
      secrets.forEach((secret, n) => {
        params[`s${n}`] = secret;
      });
      return scanFor(secrets.length)
        .all(params)
        .map((row) => row.id);
    },
  };
}
