import type { Statement } from 'better-sqlite3';
import type { TimelineDetail, TimelineSummary } from '../../shared/events';
import { provenanceSchema, type Provenance } from '../../shared/provenance';
import { recordNotSentOf } from '../../shared/record-status';
import type { SqliteDatabase } from './connection';
import { INSERT_EVENT_SQL, insertValues, summaryColumns, toParams, updateParams } from './event-column-sql';
import type { EventRow, SummaryRow } from './event-columns';
import type { EventUpdate, NewEvent } from './new-event';
import { toDetail, toSummary } from './event-views';
import { FIRST_NAMED_ORDER, mayNameOrderTwice } from './first-named-order';
import { readEventRow } from './read-event-row';

export { bodyFindingsOf } from './event-findings';
export type { EventRow } from './event-columns';
export type { EventUpdate, NewEvent } from './new-event';
export {
  applyUpdate,
  damagedOfRow,
  requestBodyOf,
  responseBodyOf,
  toBodyView,
  toDetail,
  toSummary,
} from './event-views';

/**
 * A record whose content names its own id (the listener's answer says `"id": 12` and is
 * stored with the row), built once the id is known.
 */
export type NumberedEvent = (id: number) => NewEvent;

export type EventsRepository = ReturnType<typeof createEventsRepository>;

/**
 * A webhook stored with its answer whose after-answer update (its duration) never came: the
 * process ended between the commit and knowing the answer went out (migration 050's index,
 * named so a table scan is never chosen over it; the sweep reads it every minute).
 */
const ANSWER_NOT_KNOWN_SENT_SQL = `SELECT id FROM events INDEXED BY events_answer_not_known_sent
  WHERE kind = 'webhook' AND status IS NOT NULL AND duration_ms IS NULL
  AND imported = 0 AND at_ms < ? AND json_extract(details, '$.response.status') IS NOT NULL
  ORDER BY id`;

/**
 * The one table every producer writes to and the timeline reads from. Its writes run inside
 * the store writer's transactions (store-writer.ts); on their own they are not atomic.
 */
export function createEventsRepository(db: SqliteDatabase) {
  const statements = {
    insert: db.prepare(INSERT_EVENT_SQL),
    byId: db.prepare<[number], EventRow>('SELECT * FROM events WHERE id = ?'),
    summaryById: db.prepare<[number], SummaryRow>(`SELECT ${summaryColumns()} FROM events WHERE id = ?`),
    // The first-named order read out of the row as written; a row it leaves as it was is not
    // written again (most records name one order and hold NULL before and after).
    firstNamedOrder: db.prepare<[number], { first: string | null }>(
      `UPDATE events SET first_named_order_id = ${FIRST_NAMED_ORDER}
        WHERE id = ? AND first_named_order_id IS NOT (${FIRST_NAMED_ORDER})
        RETURNING first_named_order_id AS first`,
    ),
    count: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events'),
    lastId: db.prepare<[], { id: number }>('SELECT coalesce(max(id), 0) AS id FROM events'),
    summariesAfter: db.prepare<[number, number], SummaryRow>(
      `SELECT ${summaryColumns()} FROM events WHERE id > ? ORDER BY id LIMIT ?`,
    ),
    // `status IS NULL` walks events_status: only exchanges still waiting (or never answered) have none.
    // A webhook is one whose answer waits out the listener's response delay (handle-webhook.ts).
    // An imported record of any kind was another console's, waiting when it was exported: that
    // console may well have had its answer since, and "the console stopped" is not this one's to say.
    unansweredBefore: db.prepare<[number], { id: number }>(
      `SELECT id FROM events WHERE status IS NULL AND error IS NULL AND duration_ms IS NULL
        AND kind IN ('request', 'replay', 'forward', 'delivery', 'webhook') AND imported = 0
        AND at_ms < ? ORDER BY id`,
    ),
    replayByUid: db.prepare<[string], { id: number; provenance: string; linked: number }>(
      `SELECT replay.id, replay.provenance, EXISTS (SELECT 1 FROM events AS arrival
        WHERE arrival.related_id = replay.id AND arrival.kind = 'webhook') AS linked
       FROM events AS replay WHERE replay.uid = ? AND replay.kind = 'replay'`,
    ),
  };

  // One prepared UPDATE per set of columns: the listener updates every row it answers, and
  // preparing the statement each time cost more than running it.
  const updateStatements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const updateStatement = (assignments: readonly string[]) => {
    const sql = `UPDATE events SET ${assignments.join(', ')} WHERE id = @id`;
    let statement = updateStatements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql);
      updateStatements.set(sql, statement);
    }
    return statement;
  };

  /** Writes one row; its summary is built from what was written, not read back. */
  const insertOne = (event: NewEvent, id: number | null = null): TimelineSummary => {
    const params = toParams(event);
    const written = statements.insert.run(insertValues(id, params));
    // The operation comes from the details as given, not from parsing them back from their text.
    const operation = event.details?.['operation'] ?? null;
    const rowId = Number(written.lastInsertRowid);
    return toSummary({
      ...params,
      id: rowId,
      // Written here from typed values, so none is damaged: not checked column by column
      // again (readEventRow) on the listener's hot path.
      unreadable_columns: {},
      operation,
      not_sent: recordNotSentOf({
        kind: event.kind,
        status: event.status ?? null,
        error: event.error ?? null,
        details: event.details,
      }),
      // Read by SQL (SQLite's first of a name given twice) into its column, for the rare record
      // whose verdict says its order_id is given twice; the rest name one order.
      first_named_order_id: mayNameOrderTwice(params.kind, params.details)
        ? (statements.firstNamedOrder.get(rowId)?.first ?? null)
        : null,
    });
  };

  let removedStatement: Statement<[], { removed: number }> | undefined;

  let answerNotKnownSentStatement: Statement<[number], { id: number }> | undefined;
  return {
    /** One row, returning its summary. */
    insert(event: NewEvent): TimelineSummary {
      return insertOne(event);
    },
    /**
     * Rows that name their own ids. Run under the write lock (the store writer's transaction),
     * so no other process (a `listen` or `send` CLI on the same file) can claim the same ids.
     */
    insertNumbered(builders: readonly NumberedEvent[]): TimelineSummary[] {
      let next = (statements.lastId.get()?.id ?? 0) + 1;
      return builders.map((build) => {
        const id = next++;
        return insertOne(build(id), id);
      });
    },
    update(id: number, update: EventUpdate): void {
      const { assignments, params } = updateParams(update);
      if (assignments.length === 0) return;
      updateStatement(assignments).run({ ...params, id });
      // A verdict judged again, or the order the record is filed under, can change which other
      // order its body names first.
      if (update.details !== undefined || update.orderId !== undefined) statements.firstNamedOrder.run(id);
    },
    getRow(id: number): EventRow | undefined {
      const row = statements.byId.get(id);
      return row === undefined ? undefined : readEventRow(row);
    },
    getDetail(id: number): TimelineDetail | undefined {
      const row = statements.byId.get(id);
      return row === undefined ? undefined : toDetail(row);
    },
    getSummary(id: number): TimelineSummary | undefined {
      const row = statements.summaryById.get(id);
      return row === undefined ? undefined : toSummary(row);
    },
    /**
     * Exchanges stored pending that began before `atMs` and never completed: outbound ones (the
     * record is written before the request leaves) and this console's webhooks whose answer
     * waited out a response delay (the record is written before the answer goes out).
     */
    unansweredBefore(atMs: number): number[] {
      return statements.unansweredBefore.all(atMs).map((row) => row.id);
    },
    /** Webhooks stored as answered before `atMs` whose answer was never known to have gone out. */
    answerNotKnownSentBefore(atMs: number): number[] {
      // Prepared on first use, as removedCount's: it names migration 050's index.
      answerNotKnownSentStatement ??= db.prepare<[number], { id: number }>(ANSWER_NOT_KNOWN_SENT_SQL);
      return answerNotKnownSentStatement.all(atMs).map((row) => row.id);
    },
    count(): number {
      return statements.count.get()?.n ?? 0;
    },
    /** The highest id stored (0 when empty). */
    lastId(): number {
      return statements.lastId.get()?.id ?? 0;
    },
    /**
     * How many records were ever removed, by any process (migration 035's trigger): it moves with
     * each removal and nothing else, where the count and the newest id can read as before.
     */
    removedCount(): number {
      // Prepared on first use: a repository made over a database before migration 035 (the
      // migrations' own tests make one) has no such table to prepare against.
      removedStatement ??= db.prepare<[], { removed: number }>('SELECT removed FROM events_removed');
      return removedStatement.get()?.removed ?? 0;
    },
    /** Up to `limit` records after `id`, oldest id first. */
    summariesAfter(id: number, limit: number): TimelineSummary[] {
      return statements.summariesAfter.all(id, limit).map(toSummary);
    },
    /** A replay record by its uid (the marker a replay carries), and whether an arrival names it yet. */
    replayByUid(uid: string): { id: number; provenance: Provenance; linked: boolean } | undefined {
      const row = statements.replayByUid.get(uid);
      return row === undefined
        ? undefined
        : { id: row.id, provenance: provenanceSchema.parse(row.provenance), linked: row.linked === 1 };
    },
  };
}
