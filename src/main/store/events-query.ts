import type { Statement } from 'better-sqlite3';
import type { TimelineSummary } from '../../shared/events';
import { toFtsQuery, type EventFilter, type StatusFilter } from '../../shared/event-filter';
import type { SqliteDatabase } from './connection';
import type { SearchIndex } from './search-index';
import { summaryColumns } from './event-column-sql';
import type { EventRow, SummaryRow } from './event-columns';
import { toSummary } from './event-views';
import { readEventRow } from './read-event-row';
import { recordIdsOfOrder } from './first-named-order';

export interface EventPage {
  items: TimelineSummary[];
  /** Pass as `beforeId` for the next (older) page; null when this page is the last. */
  nextCursor: number | null;
}

type Params = Record<string, string | number>;

interface Conditions {
  /** When searching text, FTS5 drives the query (newest match first) and events is joined. */
  fts: string | null;
  where: string[];
  params: Params;
}

function statusCondition(status: StatusFilter, name: string, params: Params): string {
  if (typeof status === 'number') {
    params[name] = status;
    return `e.status = @${name}`;
  }
  if (status === 'none') return 'e.status IS NULL';
  // Migration 042's column (040's, widened), as its partial index events_unanswered is written.
  if (status === 'unanswered') return 'e.unanswered = 1';
  // Written exactly as the expression index events_status_class is (status / 100).
  return `e.status / 100 = ${Number(status[0])}`;
}

function inList(
  column: string,
  values: readonly (string | number)[],
  prefix: string,
  params: Params,
): string {
  const names = values.map((value, index) => {
    params[`${prefix}${index}`] = value;
    return `@${prefix}${index}`;
  });
  return `${column} IN (${names.join(', ')})`;
}

/** The filter as SQL conditions over `events e` with named parameters (never string-built values). */
function conditionsOf(filter: EventFilter): Conditions {
  const where: string[] = [];
  const params: Params = {};
  if (filter.kinds !== undefined && filter.kinds.length > 0)
    where.push(inList('e.kind', filter.kinds, 'kind', params));
  // A record is a profile's by the name it was stored under, the name its detail, its export
  // and Orders say (docs/history.md): an imported one carries no id of this console's, a
  // removed profile's keep theirs after a profile of that name is added again, and a renamed
  // profile's still say the old name. Names match by NOCASE (A-Z), not by profileNameKey: a
  // record's stored name may be another console's, or predate the refusal of names that read
  // alike, and folding it would merge two profiles' records (and lose events_by_profile_name).
  if (filter.profileId !== undefined) {
    // A record stored with an id and no name (none of today's writers store one) is matched by id.
    // Written as ids of two searches: as one OR, SQLite read every row to test both sides.
    where.push(`e.id IN (
      SELECT id FROM events WHERE profile_name = (SELECT name FROM profiles WHERE id = @profileId) COLLATE NOCASE
      UNION ALL SELECT id FROM events WHERE profile_name IS NULL AND profile_id = @profileId)`);
    params['profileId'] = filter.profileId;
  }
  if (filter.profileName !== undefined) {
    where.push('e.profile_name = @profileName COLLATE NOCASE');
    params['profileName'] = filter.profileName;
  }
  if (filter.orderId !== undefined) {
    // A webhook naming order_id twice is one of both orders' records, as Orders lists it.
    where.push(`e.id IN (${recordIdsOfOrder('@orderId')})`);
    params['orderId'] = filter.orderId;
  }
  if (filter.eventType !== undefined) {
    where.push('e.event_type = @eventType');
    params['eventType'] = filter.eventType;
  }
  if (filter.tokenVerdicts !== undefined && filter.tokenVerdicts.length > 0)
    where.push(inList('e.token_verdict', filter.tokenVerdicts, 'token', params));
  if (filter.bodyVerdicts !== undefined && filter.bodyVerdicts.length > 0)
    where.push(inList('e.body_verdict', filter.bodyVerdicts, 'body', params));
  if (filter.statuses !== undefined && filter.statuses.length > 0) {
    const any = filter.statuses.map((status, index) => statusCondition(status, `status${index}`, params));
    where.push(`(${any.join(' OR ')})`);
  }
  if (filter.relatedId !== undefined) {
    where.push('e.related_id = @relatedId');
    params['relatedId'] = filter.relatedId;
  }
  if (filter.ids !== undefined) {
    where.push('e.id IN (SELECT value FROM json_each(@ids))');
    params['ids'] = JSON.stringify(filter.ids);
  }
  if (filter.scenarioRun !== undefined) {
    // The mark a run's step stored in the record's details (`$.scenarioRun.run`), read from
    // migration 039's column and its index: json_extract over every record scanned the table. An
    // imported record may carry another console's mark, whose run number names none of this
    // console's runs.
    where.push('e.scenario_run = @scenarioRun AND e.imported = 0');
    params['scenarioRun'] = filter.scenarioRun;
  }
  if (filter.imported !== undefined) where.push(`e.imported = ${filter.imported ? 1 : 0}`);
  if (filter.from !== undefined) {
    where.push('e.at_ms >= @fromMs');
    params['fromMs'] = Date.parse(filter.from);
  }
  if (filter.to !== undefined) {
    where.push('e.at_ms < @toMs');
    params['toMs'] = Date.parse(filter.to);
  }
  const fts = filter.text === undefined ? null : toFtsQuery(filter.text);
  if (filter.text !== undefined && filter.text.trim() !== '' && fts === null) {
    // Only punctuation was typed: nothing in the index can match it.
    where.push('0');
  }
  if (fts !== null) params['fts'] = fts;
  return { fts, where, params };
}

type Direction = 'newest-first' | 'oldest-first';

/** Newest first pages go below the cursor, oldest first ones above it. */
function selectSql(
  columns: string,
  conditions: Conditions,
  direction: Direction,
  hasCursor: boolean,
): string {
  const order = direction === 'newest-first' ? 'DESC' : 'ASC';
  const where = [...conditions.where];
  if (hasCursor) where.push(direction === 'newest-first' ? 'e.id < @cursor' : 'e.id > @cursor');
  if (conditions.fts !== null) {
    // FTS5 yields matches in rowid order without sorting, so the first page of a common word is cheap.
    const ftsWhere = [
      'events_fts MATCH @fts',
      ...where.map((clause) => clause.replace(/\be\.id\b/g, 'f.rowid')),
    ];
    return `SELECT ${columns} FROM events_fts f JOIN events e ON e.id = f.rowid
      WHERE ${ftsWhere.join(' AND ')} ORDER BY f.rowid ${order} LIMIT @limit`;
  }
  const clause = where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`;
  return `SELECT ${columns} FROM events e ${clause} ORDER BY e.id ${order} LIMIT @limit`;
}

const SUMMARY_COLUMNS = summaryColumns('e.');

export type EventsQuery = ReturnType<typeof createEventsQuery>;

/**
 * Reads the events table through the shared filter: pages for the timeline and the history
 * CLI (newest first, keyset by id, so page 5,000 costs what page 1 does), and a cursor over
 * whole rows for exports. Statements are prepared once per distinct shape of filter.
 */
export function createEventsQuery(db: SqliteDatabase, searchIndex: Pick<SearchIndex, 'catchUp'>) {
  const prepared = new Map<string, Statement>();
  const statement = (sql: string): Statement => {
    let found = prepared.get(sql);
    if (found === undefined) {
      found = db.prepare(sql);
      // A few dozen shapes at most in practice; the bound keeps a pathological client from growing it.
      if (prepared.size > 500) prepared.clear();
      prepared.set(sql, found);
    }
    return found;
  };

  /** The filter's conditions; a text search first brings the index up to every stored record. */
  const conditionsFor = (filter: EventFilter): Conditions => {
    const conditions = conditionsOf(filter);
    if (conditions.fts !== null) searchIndex.catchUp();
    return conditions;
  };

  return {
    /**
     * One page of summaries, newest first: the newest ones, those older than `beforeId`, or the
     * `limit` just newer than `afterId` (read oldest first from there, then turned round).
     */
    page(
      filter: EventFilter,
      options: { beforeId?: number | undefined; afterId?: number | undefined; limit: number },
    ): EventPage {
      const conditions = conditionsFor(filter);
      if (options.afterId !== undefined) {
        const params: Params = { ...conditions.params, limit: options.limit, cursor: options.afterId };
        const rows = statement(selectSql(SUMMARY_COLUMNS, conditions, 'oldest-first', true)).all(
          params,
        ) as SummaryRow[];
        return { items: rows.map(toSummary).reverse(), nextCursor: null };
      }
      const params: Params = { ...conditions.params, limit: options.limit };
      if (options.beforeId !== undefined) params['cursor'] = options.beforeId;
      const sql = selectSql(SUMMARY_COLUMNS, conditions, 'newest-first', options.beforeId !== undefined);
      const rows = statement(sql).all(params) as SummaryRow[];
      const items = rows.map(toSummary);
      const last = items.at(-1);
      return { items, nextCursor: items.length === options.limit && last !== undefined ? last.id : null };
    },

    /** Every matching row, bodies included, in batches (exports, bulk replays). */
    *rows(filter: EventFilter, direction: Direction = 'oldest-first', batchSize = 500): Generator<EventRow> {
      const conditions = conditionsFor(filter);
      let cursor: number | null = null;
      for (;;) {
        const params: Params = { ...conditions.params, limit: batchSize };
        if (cursor !== null) params['cursor'] = cursor;
        const sql = selectSql('e.*', conditions, direction, cursor !== null);
        const batch = statement(sql).all(params) as EventRow[];
        // Each read by its columns' types: exports, replays and `history` never meet a BLOB for text.
        for (const row of batch) yield readEventRow(row);
        const last = batch.at(-1);
        if (batch.length < batchSize || last === undefined) return;
        cursor = last.id;
      }
    },

    /** How many records match (for previews such as retention and exports; exact, so not for hot paths). */
    count(filter: EventFilter): number {
      const conditions = conditionsFor(filter);
      const where = conditions.where;
      // A text search alone is counted in the index, without reading each match's row: the index
      // holds exactly the stored records (caught up above; a record's words go with it, by the
      // events_fts_delete trigger), and the join cost History's count of a common word 5×.
      const sql =
        conditions.fts !== null
          ? where.length === 0
            ? 'SELECT count(*) AS n FROM events_fts WHERE events_fts MATCH @fts'
            : `SELECT count(*) AS n FROM events_fts f JOIN events e ON e.id = f.rowid WHERE events_fts MATCH @fts AND ${where.join(' AND ')}`
          : `SELECT count(*) AS n FROM events e${where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`}`;
      const row = statement(sql).get(conditions.params) as { n: number } | undefined;
      return row?.n ?? 0;
    },
  };
}
