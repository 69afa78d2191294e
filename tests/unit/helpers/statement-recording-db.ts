import Database from 'better-sqlite3';
import { migrate } from '../../../src/main/store/migrate';
import { migrations } from '../../../src/main/store/migrations';

/**
 * An in-memory store with every migration, that remembers each statement prepared on it (as the
 * store's modules prepare theirs) and says how SQLite would run one: a test of an index asks the
 * plan of the statement the code really runs, not of a copy of its text.
 */
export function statementRecordingDb() {
  const db = new Database(':memory:');
  migrate(db, migrations);
  const prepare = db.prepare.bind(db);
  const seen: string[] = [];
  db.prepare = ((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as typeof db.prepare;
  const plan = (source: string, ...params: unknown[]) =>
    (prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((row) => row.detail);
  return { db, seen, plan };
}
