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

/**
 * The database was migrated by a newer build: this one would write rows that leave out what the
 * newer migrations added (an older build kept queueing outbox rows with no run owner after 027,
 * which the newer build then sent to a dead test run's port), so it opens nothing.
 */
export class NewerDatabaseError extends Error {
  constructor(unknown: readonly string[], newestKnown: string | null) {
    const names = unknown.length === 1 ? `migration ${unknown[0] ?? ''}` : `migrations ${unknown.join(', ')}`;
    super(
      `This database was written by a newer checkout-console: it has ${names}, which this build ` +
        `does not know (it knows up to ${newestKnown ?? 'none'}). Nothing was written: open it with ` +
        `that build or a newer one.`,
    );
    this.name = 'NewerDatabaseError';
  }
}

export function hashMigration(sql: string): string {
  return createHash('sha256').update(sql).digest('hex');
}

/**
 * Applies every pending migration in order, each in its own transaction. Several consoles may
 * open a new data directory at the same moment, so each migration takes the write lock first
 * (BEGIN IMMEDIATE, waiting out the others) and is skipped if another process applied it
 * meanwhile; a check outside the lock let two processes run the same migration. A database
 * that has a migration this build does not know is refused whole (NewerDatabaseError).
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
  const rows = db
    .prepare<[], { id: number; name: string; sha256: string }>(
      'SELECT id, name, sha256 FROM schema_migrations',
    )
    .all();
  const recorded = new Map(rows.map((row) => [row.id, row.sha256]));
  const sorted = [...all].sort((a, b) => a.id - b.id);
  // Refused before anything is applied: a newer build's database is left exactly as it was.
  const knownIds = new Set(all.map((migration) => migration.id));
  const unknown = rows.filter((row) => !knownIds.has(row.id)).sort((a, b) => a.id - b.id);
  if (unknown.length > 0)
    throw new NewerDatabaseError(
      unknown.map((row) => row.name),
      sorted.at(-1)?.name ?? null,
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
  for (const migration of sorted) {
    const hash = hashMigration(migration.sql);
    if (recorded.get(migration.id) === hash) continue;
    // Pending, or edited after it was applied: applyOnce tells which, under the lock.
    if (applyOnce.immediate(migration, hash)) applied.push(migration.name);
  }
  return { applied };
}
