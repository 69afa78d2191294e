import { createHash } from 'node:crypto';
import type { SqliteDatabase } from './connection';
import type { Migration } from './migrations';

export class MigrationHashMismatchError extends Error {
  constructor(migration: Migration) {
    super(
      `Migration ${migration.name} was edited after it was applied to this database. ` +
        `Applied migrations are immutable: add a new numbered migration instead.`,
    );
    this.name = 'MigrationHashMismatchError';
  }
}

export function hashMigration(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * Applies every pending migration in order, each in its own transaction. Several consoles may
 * open a new data directory at the same moment, so each migration takes the write lock first
 * (BEGIN IMMEDIATE, waiting out the others) and is skipped if another process applied it
 * meanwhile; a check outside the lock let two processes run the same migration.
 */
export function migrate(db: SqliteDatabase, all: readonly Migration[]): { applied: string[] } {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
  const recordedHash = db.prepare<[number], { sha256: string }>(
    'SELECT sha256 FROM schema_migrations WHERE id = ?',
  );
  // Read once without the lock: a migration recorded with its hash needs nothing more.
  const recorded = new Map(
    db
      .prepare<[], { id: number; sha256: string }>('SELECT id, sha256 FROM schema_migrations')
      .all()
      .map((row) => [row.id, row.sha256]),
  );
  const insert = db.prepare(
    'INSERT INTO schema_migrations (id, name, sha256, applied_at) VALUES (?, ?, ?, ?)',
  );
  /** True when it ran here; false when it had been applied already (by another process). */
  const applyOnce = db.transaction((migration: Migration, hash: string): boolean => {
    const known = recordedHash.get(migration.id)?.sha256;
    if (known !== undefined) {
      if (known !== hash) throw new MigrationHashMismatchError(migration);
      return false;
    }
    db.exec(migration.sql);
    insert.run(migration.id, migration.name, hash, new Date().toISOString());
    return true;
  });
  const applied: string[] = [];
  for (const migration of [...all].sort((a, b) => a.id - b.id)) {
    const hash = hashMigration(migration.sql);
    if (recorded.get(migration.id) === hash) continue;
    // Pending, or edited after it was applied: applyOnce tells which, under the lock.
    if (applyOnce.immediate(migration, hash)) applied.push(migration.name);
  }
  return { applied };
}
