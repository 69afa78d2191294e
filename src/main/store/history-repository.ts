import { EVENT_KINDS } from '../../shared/events';
import type { Retention, RetentionRemoval } from '../../shared/history-file';
import type { SqliteDatabase } from './connection';

export type HistoryRepository = ReturnType<typeof createHistoryRepository>;

/**
 * Where an imported record keeps the uid of the record it replays, forwards or answers (the file's
 * `related_uid`): that record may come in a later import (an export of replays, then one of
 * webhooks), and is linked then. An export writes it back as `related_uid`, never in `details`.
 */
export const RELATED_UID_KEY = 'importedRelatedUid';
/**
 * A row whose at_ms is a time, as readStoredTime reads one (a number a Date holds); any other
 * (a row damaged by hand) is neither older than a policy's bound nor in the future.
 */
const DATED = "typeof(at_ms) IN ('integer', 'real') AND abs(at_ms) <= 8640000000000000";

const KEPT_RELATED_UID = `CASE WHEN json_valid(details) THEN json_extract(details, '$.${RELATED_UID_KEY}') END`;

/**
 * The records a retention policy removes: older than a time, or older than the record that is
 * the Nth newest (by time, then id, as the timeline orders them) among those dated up to now.
 * A record dated in the future (an import from a machine whose clock ran ahead) cannot be the
 * newest of anything: it is not counted among the N, and never below a bound (every bound is
 * at or before now), so both policies keep it, and the preview names how many there are.
 */
export type RetentionBound = ({ by: 'time'; below: number } | { by: 'rank'; atMs: number; id: number }) & {
  /**
   * The newest id when the bound was fixed: a record written later stays, whatever its time.
   * By time alone, an import of old records that another process wrote while a retention ran
   * was removed by it, though "records that arrive meanwhile stay".
   */
  upToId: number;
};

/** A retention bound as named parameters (`id` unused by a bound by time). */
interface Bound {
  atMs: number;
  id: number;
  upToId: number;
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
    storedByUid: db.prepare<
      [string],
      { id: number; imported: number; related_id: number | null; kept: unknown }
    >(`SELECT id, imported, related_id, ${KEPT_RELATED_UID} AS kept FROM events WHERE uid = ?`),
    keepRelatedUid: db.prepare<[string, number]>(
      `UPDATE events SET details = json_set(CASE WHEN json_valid(details) THEN details ELSE '{}' END,
        '$.${RELATED_UID_KEY}', ?) WHERE id = ?`,
    ),
    // Imported records (events_by_provenance) whose related record was not there when they came.
    // instr first: most records keep no uid, and it costs less than reading their JSON.
    waitingLinks: db.prepare<[], { id: number; uid: string; related_uid: unknown }>(
      `SELECT id, uid, ${KEPT_RELATED_UID} AS related_uid FROM events
        WHERE provenance = 'import' AND related_id IS NULL AND instr(details, '"${RELATED_UID_KEY}"') > 0`,
    ),
    // By uid, never by id: ids are not AUTOINCREMENT, so an id a rolled-back chunk had used may
    // be another process's record by the time an undo runs; a uid names one record for good.
    unlinkFromUids: db.prepare<[string]>(
      `UPDATE events SET related_id = NULL WHERE related_id IN
        (SELECT id FROM events WHERE imported = 1 AND uid IN (SELECT value FROM json_each(?)))`,
    ),
    removeImportedUids: db.prepare<[string]>(
      'DELETE FROM events WHERE imported = 1 AND uid IN (SELECT value FROM json_each(?))',
    ),
    countImportedUids: db.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM events WHERE imported = 1 AND uid IN (SELECT value FROM json_each(?))',
    ),
    newestId: db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM events'),
    countBefore: db.prepare<[number, number], { n: number }>(
      'SELECT count(*) AS n FROM events WHERE at_ms < ? AND id <= ?',
    ),
    removeBefore: db.prepare<[number, number, number]>(
      'DELETE FROM events WHERE id IN (SELECT id FROM events WHERE at_ms < ? AND id <= ? LIMIT ?)',
    ),
    // Newest by time, then id (events_by_time): an import of old records gets the highest ids,
    // and "keep the newest N" by id kept two-month-old imports while removing today's webhooks.
    // Only records dated up to now: ranked by their time, records of an import dated years
    // ahead were "the newest", and keeping them removed every webhook of this console's.
    nthNewest: db.prepare<[number, number], { at_ms: number; id: number }>(
      'SELECT at_ms, id FROM events WHERE at_ms <= ? ORDER BY at_ms DESC, id DESC LIMIT 1 OFFSET ?',
    ),
    // Only a time can be in the future: text in at_ms sorts after every number in SQLite.
    countAfter: db.prepare<[number], { n: number }>(
      `SELECT count(*) AS n FROM events WHERE ${DATED} AND at_ms > ?`,
    ),
    countUndated: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM events WHERE NOT (${DATED})`),
    countOlder: db.prepare<[number, number, number], { n: number }>(
      'SELECT count(*) AS n FROM events WHERE (at_ms, id) < (?, ?) AND id <= ?',
    ),
    // What goes, for the preview. The kinds are read from the records that go only
    // (events_by_time holds the bound's columns): left to itself SQLite counted them by walking
    // events_kind, every record of the table (1.6 s for 300,000). The orders from
    // events_by_order, which holds every column they need: per order, how many of its records go.
    kindsBefore: db.prepare<[Bound], { kind: string; imported: number; n: number }>(
      `SELECT kind, imported, count(*) AS n FROM events INDEXED BY events_by_time
        WHERE at_ms < @atMs AND id <= @upToId GROUP BY kind, imported`,
    ),
    kindsOlder: db.prepare<[Bound], { kind: string; imported: number; n: number }>(
      `SELECT kind, imported, count(*) AS n FROM events INDEXED BY events_by_time
        WHERE (at_ms, id) < (@atMs, @id) AND id <= @upToId GROUP BY kind, imported`,
    ),
    ordersBefore: db.prepare<[Bound], { leaving: number | null; losing: number | null }>(
      `SELECT sum(gone = n) AS leaving, sum(gone > 0 AND gone < n) AS losing FROM (
        SELECT count(*) AS n, sum(at_ms < @atMs AND id <= @upToId) AS gone FROM events
          WHERE order_id IS NOT NULL GROUP BY order_id)`,
    ),
    ordersOlder: db.prepare<[Bound], { leaving: number | null; losing: number | null }>(
      `SELECT sum(gone = n) AS leaving, sum(gone > 0 AND gone < n) AS losing FROM (
        SELECT count(*) AS n, sum((at_ms, id) < (@atMs, @id) AND id <= @upToId) AS gone FROM events
          WHERE order_id IS NOT NULL GROUP BY order_id)`,
    ),
    removeOlder: db.prepare<[number, number, number, number]>(
      'DELETE FROM events WHERE id IN (SELECT id FROM events WHERE (at_ms, id) < (?, ?) AND id <= ? LIMIT ?)',
    ),
  };

  /** What a policy removes: older than N days, or all but the newest N (by time, then id). */
  const bound = (retention: Retention, nowMs: number): RetentionBound | null => {
    if (retention.mode === 'all') return null;
    const upToId = statements.newestId.get()?.id ?? 0;
    if (retention.mode === 'days') return { by: 'time', below: nowMs - retention.days * 86_400_000, upToId };
    const keepFrom = statements.nthNewest.get(nowMs, retention.count - 1);
    return keepFrom === undefined ? null : { by: 'rank', atMs: keepFrom.at_ms, id: keepFrom.id, upToId };
  };

  const countBelow = (found: RetentionBound): number => {
    const counted =
      found.by === 'time'
        ? statements.countBefore.get(found.below, found.upToId)
        : statements.countOlder.get(found.atMs, found.id, found.upToId);
    return counted?.n ?? 0;
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
    /** A stored record by uid: whether imported, its link, and the related uid it keeps. */
    storedByUid(
      uid: string,
    ):
      { id: number; imported: boolean; relatedId: number | null; keptRelatedUid: string | null } | undefined {
      const row = statements.storedByUid.get(uid);
      if (row === undefined) return undefined;
      return {
        id: row.id,
        imported: row.imported === 1,
        relatedId: row.related_id,
        keptRelatedUid: typeof row.kept === 'string' ? row.kept : null,
      };
    },
    /** Keeps the uid of the record this one is related to, until that record is stored. */
    keepRelatedUid(id: number, relatedUid: string): void {
      statements.keepRelatedUid.run(relatedUid, id);
    },
    /** Imported records not linked yet to the record whose uid they keep. */
    waitingLinks(): { id: number; uid: string; relatedUid: string }[] {
      return statements.waitingLinks
        .all()
        .flatMap((row) =>
          typeof row.related_uid === 'string'
            ? [{ id: row.id, uid: row.uid, relatedUid: row.related_uid }]
            : [],
        );
    },
    /**
     * Removes the imported records of these uids (what a failed import wrote), and the links other
     * records had to them; returns how many records went.
     */
    removeImported(uids: readonly string[]): number {
      const list = JSON.stringify(uids);
      statements.unlinkFromUids.run(list);
      return statements.removeImportedUids.run(list).changes;
    },
    /** How many imported records of these uids are stored. */
    countImported(uids: readonly string[]): number {
      return statements.countImportedUids.get(JSON.stringify(uids))?.n ?? 0;
    },
    /** How many records a retention policy would remove at `nowMs`. */
    retentionCount(retention: Retention, nowMs: number): number {
      const found = bound(retention, nowMs);
      return found === null ? 0 : countBelow(found);
    },
    /**
     * What a retention policy would remove at `nowMs`: how many of each kind, how many of them
     * were imported, and how many orders lose every record (they leave Orders) or some.
     */
    retentionRemoval(retention: Retention, nowMs: number): RetentionRemoval {
      const found = bound(retention, nowMs);
      if (found === null) return { kinds: [], imported: 0, ordersLeaving: 0, ordersLosing: 0 };
      const byTime = found.by === 'time';
      const params: Bound = byTime
        ? { atMs: found.below, id: 0, upToId: found.upToId }
        : { atMs: found.atMs, id: found.id, upToId: found.upToId };
      const kinds = (byTime ? statements.kindsBefore : statements.kindsOlder).all(params);
      const orders = (byTime ? statements.ordersBefore : statements.ordersOlder).get(params);
      const counted = new Map<string, number>();
      for (const row of kinds) counted.set(row.kind, (counted.get(row.kind) ?? 0) + row.n);
      return {
        kinds: EVENT_KINDS.flatMap((kind) => {
          const count = counted.get(kind) ?? 0;
          return count === 0 ? [] : [{ kind, count }];
        }),
        imported: kinds.reduce((sum, row) => sum + (row.imported === 1 ? row.n : 0), 0),
        ordersLeaving: orders?.leaving ?? 0,
        ordersLosing: orders?.losing ?? 0,
      };
    },
    /** How many records are dated after `nowMs`: every policy keeps them (see RetentionBound). */
    datedAfter(nowMs: number): number {
      return statements.countAfter.get(nowMs)?.n ?? 0;
    },
    /** Records whose stored time is damaged (not a time, stored-columns.ts): no policy removes them. */
    undated(): number {
      return statements.countUndated.get()?.n ?? 0;
    },
    /** How many records are below a bound (what removing below it removes, as of now). */
    countBelow: (found: RetentionBound): number => countBelow(found),
    /** What a retention policy removes at `nowMs`, fixed once (records that come later are newer). */
    retentionBound(retention: Retention, nowMs: number): RetentionBound | null {
      return bound(retention, nowMs);
    },
    /** Removes up to `limit` of the records below the bound; returns how many. */
    removeBelow(found: RetentionBound, limit: number): number {
      return found.by === 'time'
        ? statements.removeBefore.run(found.below, found.upToId, limit).changes
        : statements.removeOlder.run(found.atMs, found.id, found.upToId, limit).changes;
    },
  };
}
