import type Database from 'better-sqlite3';
import { toParams } from '../../../src/main/store/event-column-sql';
import type { NewEvent } from '../../../src/main/store/events-repository';

/** The columns migration 038 added, which a database made before it does not have. */
const ADDED_BY_038 = new Set(['token_findings', 'first_named_order_id']);

/**
 * Records written as a build before migration 038 wrote them, for the tests of the migrations
 * before it: the repository of today writes columns such a database does not have yet.
 */
export function eventsBefore038(db: Database.Database): { insert(event: NewEvent): { id: number } } {
  return {
    insert(event) {
      const params = Object.entries(toParams(event)).filter(([name]) => !ADDED_BY_038.has(name));
      const names = params.map(([name]) => name).join(', ');
      const sql = `INSERT INTO events (${names}) VALUES (${params.map(() => '?').join(', ')})`;
      return { id: Number(db.prepare(sql).run(params.map(([, value]) => value)).lastInsertRowid) };
    },
  };
}
