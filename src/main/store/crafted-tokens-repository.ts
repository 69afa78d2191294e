import type { SqliteDatabase } from './connection';

/** A token the console signed, as a listener finds it again by its fingerprint. */
export interface CraftedToken {
  signedAtMs: number;
  /** What signed it, in the JWT toolkit's words (`the notification token of profile "Local"`). */
  signedWith: string;
}

/** The fingerprints of the tokens this console signed (migration 016). */
export function createCraftedTokensRepository(db: SqliteDatabase) {
  const insert = db.prepare(
    'INSERT OR IGNORE INTO crafted_tokens (fingerprint, signed_at_ms, signed_with) VALUES (?, ?, ?)',
  );
  const find = db.prepare<[string], { signed_at_ms: number; signed_with: string }>(
    'SELECT signed_at_ms, signed_with FROM crafted_tokens WHERE fingerprint = ?',
  );
  return {
    remember(fingerprint: string, token: CraftedToken): void {
      insert.run(fingerprint, token.signedAtMs, token.signedWith);
    },
    find(fingerprint: string): CraftedToken | undefined {
      const row = find.get(fingerprint);
      return row === undefined ? undefined : { signedAtMs: row.signed_at_ms, signedWith: row.signed_with };
    },
  };
}

export type CraftedTokensRepository = ReturnType<typeof createCraftedTokensRepository>;
