import type { Retention } from '../../shared/history-file';
import type { SqliteDatabase } from './connection';

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

/** The records a retention policy removes: older than a time, or below an id. */
export interface RetentionBound {
  by: 'time' | 'id';
  below: number;
}

/**
 * The events table as history files and retention see it: uids for exports and imports, the
 * links an import restores, what a failed import removes again, and what a retention policy
 * removes. Writes run inside the store writer's transactions.
 */
export function createHistoryRepository(db: SqliteDatabase) {
  const statements = {
    uidOf: db.prepare<[number], { uid: string }>('SELECT uid FROM events WHERE id = ?'),
    idByUid: db.prepare<[string], { id: number }>('SELECT id FROM events WHERE uid = ?'),
    link: db.prepare<[number, number]>('UPDATE events SET related_id = ? WHERE id = ?'),
    removeIds: db.prepare<[string]>('DELETE FROM events WHERE id IN (SELECT value FROM json_each(?))'),
    countBefore: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM events WHERE at_ms < ?'),
    removeBefore: db.prepare<[number, number]>(
      'DELETE FROM events WHERE id IN (SELECT id FROM events WHERE at_ms < ? LIMIT ?)',
    ),
    newestIdsFrom: db.prepare<[number], { id: number }>(
      'SELECT id FROM events ORDER BY id DESC LIMIT 1 OFFSET ?',
    ),
    countBelowId: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM events WHERE id < ?'),
    removeBelowId: db.prepare<[number, number]>(
      'DELETE FROM events WHERE id IN (SELECT id FROM events WHERE id < ? ORDER BY id LIMIT ?)',
    ),
  };

  /** What a policy removes: older than N days (by time), or all but the newest N (by id). */
  const bound = (retention: Retention, nowMs: number): RetentionBound | null => {
    if (retention.mode === 'all') return null;
    if (retention.mode === 'days') return { by: 'time', below: nowMs - retention.days * 86_400_000 };
    const keepFrom = statements.newestIdsFrom.get(retention.count - 1)?.id;
    return keepFrom === undefined ? null : { by: 'id', below: keepFrom };
  };

  return {
    uidOf(id: number): string | null {
      return statements.uidOf.get(id)?.uid ?? null;
    },
    idOfUid(uid: string): number | undefined {
      return statements.idByUid.get(uid)?.id;
    },
    link(id: number, relatedId: number): void {
      statements.link.run(relatedId, id);
    },
    removeIds(ids: readonly number[]): void {
      statements.removeIds.run(JSON.stringify(ids));
    },
    /** How many records a retention policy would remove at `nowMs`. */
    retentionCount(retention: Retention, nowMs: number): number {
      const found = bound(retention, nowMs);
      if (found === null) return 0;
      const counter = found.by === 'time' ? statements.countBefore : statements.countBelowId;
      return counter.get(found.below)?.n ?? 0;
    },
    /** What a retention policy removes at `nowMs`, fixed once (records that come later are newer). */
    retentionBound(retention: Retention, nowMs: number): RetentionBound | null {
      return bound(retention, nowMs);
    },
    /** Removes up to `limit` of the records below the bound; returns how many. */
    removeBelow(found: RetentionBound, limit: number): number {
      const remover = found.by === 'time' ? statements.removeBefore : statements.removeBelowId;
      return remover.run(found.below, limit).changes;
    },
  };
}
