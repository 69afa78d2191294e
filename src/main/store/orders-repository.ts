import type { OrderCursor } from '../../shared/contract/orders';
import { severitySchema } from '../../shared/orders/findings-severity';
import { knownFromSchema } from '../../shared/orders/order-known-from';
import { orderStateSchema, type OrderState } from '../../shared/orders/order-states';
import type { OrderSummary } from '../../shared/orders/order-lifecycle';
import { redactText, redactWith } from '../../shared/secrets/redact-secrets';
import type { SqliteDatabase } from './connection';
import { summaryColumns } from './event-column-sql';
import type { EventRow, SummaryRow } from './event-columns';

interface OrderRow {
  order_id: string;
  stale: number;
  state: string | null;
  /** 1: the documented default decided the state, not the amounts (migration 047). */
  state_by_default: number;
  known_from: string;
  reference_id: string | null;
  amount: string | null;
  currency: string | null;
  profile_id: number | null;
  profile_name: string | null;
  /** The service's creation, when created_known (migration 037); else unused. */
  created_ms: number;
  created_known: number;
  first_seen_ms: number;
  last_ms: number;
  /** 0: the order has no evidence, and last_ms is its first record's (migration 044). */
  evidence_known: number;
  record_count: number;
  out_of_order: number;
  findings: number;
  /** The worst finding's severity (migration 048); NULL when there is none. */
  findings_severity: string | null;
}

export interface OrderQuery {
  states?: readonly OrderState[] | undefined;
  profileId?: number | undefined;
  text?: string | undefined;
  /**
   * The secrets a text search must not find (the profiles' tokens): the reference is searched as
   * an export writes it, each one `REDACTED` (and every JWT), never by the text it was stored with.
   */
  hidden?: readonly string[] | undefined;
}

/** Bodies above this are not parsed for the lifecycle (no payload the spec shows comes close). */
export const ORDER_BODY_MAX = 1024 * 1024;

/**
 * What the derivation reads of a record: its summary, its details, and its bodies when they are
 * small enough to be parsed (else null: a larger one was judged when it arrived). Never its
 * headers, nor a body it would not read: loading every column of every record was most of the
 * time a re-derivation took (a CPU profile of 6,000 orders).
 */
export type OrderRecordRow = SummaryRow & Pick<EventRow, 'request_body' | 'response_body' | 'details'>;

/** The SQL function that gives a reference as the search reads it (registered per connection). */
const REFERENCE_AS_SEARCHED = 'orders_reference_as_searched';

type Params = Record<string, string | number>;

/** The order a call was sent for (details.sentForOrder), as the index of migration 029 keys it. */
const SENT_FOR = "(CASE WHEN json_valid(details) THEN json_extract(details, '$.sentForOrder') END)";

function toSummary(row: OrderRow): OrderSummary {
  const state = orderStateSchema.safeParse(row.state);
  return {
    orderId: row.order_id,
    state: state.success ? state.data : null,
    stateByDefault: state.success && row.state_by_default === 1,
    // A value this version does not know reads as the service's: the state says the rest.
    knownFrom: knownFromSchema.catch('service').parse(row.known_from),
    referenceId: row.reference_id,
    amount: row.amount,
    currency: row.currency,
    profileId: row.profile_id,
    profileName: row.profile_name,
    createdAt: row.created_known === 1 ? new Date(row.created_ms).toISOString() : null,
    firstSeenAt: new Date(row.first_seen_ms).toISOString(),
    lastActivityAt: new Date(row.last_ms).toISOString(),
    lastEvidenceAt: row.evidence_known === 1 ? new Date(row.last_ms).toISOString() : null,
    recordCount: row.record_count,
    outOfOrder: row.out_of_order,
    findings: row.findings,
    // A word this version does not know, with findings to tell by it, is never drawn milder.
    findingsSeverity: row.findings === 0 ? null : severitySchema.catch('error').parse(row.findings_severity),
  };
}

/** Conditions over `orders` (only rows derived at least once: record_count > 0). */
function whereOf(query: OrderQuery, params: Params): string[] {
  // An order id damaged by a hand edit of events (a BLOB: migration 006's trigger files it as
  // it stands) is no order: it is never listed, and its record is named damaged where it is read.
  const where = ['record_count > 0', `typeof(order_id) = 'text'`];
  if (query.states !== undefined && query.states.length > 0) {
    where.push(`state IN (SELECT value FROM json_each(@states))`);
    params['states'] = JSON.stringify(query.states);
  }
  if (query.profileId !== undefined) {
    // An imported-only order names its profile as its records do, not by this console's id:
    // the profile's when the names match (as the events filter matches imported records).
    where.push(`(profile_id = @profileId OR (profile_id IS NULL AND known_from = 'import'
      AND profile_name = (SELECT name FROM profiles WHERE id = @profileId) COLLATE NOCASE))`);
    params['profileId'] = query.profileId;
  }
  const text = query.text?.trim().toLowerCase() ?? '';
  if (text !== '') {
    // The reference may echo a secret (a token pasted as order_reference_id): searched as it
    // stood, its every prefix found the order, spelling the token out a character at a time
    // while every screen masked it.
    where.push(
      `(instr(lower(order_id), @text) > 0 OR instr(lower(${REFERENCE_AS_SEARCHED}(coalesce(reference_id, ''))), @text) > 0)`,
    );
    params['text'] = text;
  }
  return where;
}

export type OrdersRepository = ReturnType<typeof createOrdersRepository>;

/**
 * The `orders` summary table (migrations 006, 007, 014): which orders are stale, their summaries,
 * pages; and every record of one order (through the events_by_order index) to derive them from.
 */
export function createOrdersRepository(db: SqliteDatabase) {
  // The secrets of the statement being run (page and count run synchronously, one at a time).
  let hiding: readonly string[] = [];
  db.function(REFERENCE_AS_SEARCHED, { deterministic: false }, (value: unknown) =>
    typeof value === 'string' ? redactText(value, hiding, redactWith) : value,
  );
  const hidingFor = <T>(query: OrderQuery, run: () => T): T => {
    hiding = query.hidden ?? [];
    try {
      return run();
    } finally {
      hiding = [];
    }
  };
  const statements = {
    stale: db.prepare<[number], { order_id: string; stale: number }>(
      `SELECT order_id, stale FROM orders WHERE stale > 0 AND typeof(order_id) = 'text' LIMIT ?`,
    ),
    write:
      db.prepare(`UPDATE orders SET stale = 0, state = @state, state_by_default = @state_by_default, known_from = @known_from,
      reference_id = @reference_id,
      amount = @amount, currency = @currency, profile_id = @profile_id, profile_name = @profile_name,
      created_ms = @created_ms, created_known = @created_known, first_seen_ms = @first_seen_ms, last_ms = @last_ms, evidence_known = @evidence_known, record_count = @record_count, out_of_order = @out_of_order,
      findings = @findings, findings_severity = @findings_severity WHERE order_id = @order_id AND stale = @seen`),
    remove: db.prepare<[string, number]>('DELETE FROM orders WHERE order_id = ? AND stale = ?'),
    byId: db.prepare<[string], OrderRow>('SELECT * FROM orders WHERE order_id = ?'),
    marks: db.prepare<[], { marked: number; newest: number }>(
      'SELECT marked_through AS marked, (SELECT coalesce(max(id), 0) FROM events) AS newest FROM orders_marked_state',
    ),
    // The orders a call was sent for are marked with the orders it is filed under (029). Only
    // a text names an order: an order id damaged in the database (a BLOB, a number) moves none,
    // and its record is named damaged where it is read (read-event-row.ts).
    markRange: db.prepare<{ from: number; to: number }>(`INSERT INTO orders (order_id)
      SELECT order_id FROM events WHERE id > @from AND id <= @to AND typeof(order_id) = 'text'
      UNION SELECT ${SENT_FOR} FROM events
        WHERE id > @from AND id <= @to AND kind = 'request' AND typeof(${SENT_FOR}) = 'text'
      UNION SELECT first_named_order_id FROM events
        WHERE id > @from AND id <= @to AND typeof(first_named_order_id) = 'text'
      ON CONFLICT (order_id) DO UPDATE SET stale = stale + 1`),
    setMarked: db.prepare<[number]>('UPDATE orders_marked_state SET marked_through = ?'),
    // The id of the limit-th record after the mark: a batch counts records, not ids, so the
    // gap a retention leaves (a million ids removed) is crossed in one step, not a thousand.
    nthAfter: db.prepare<[number, number], { id: number }>(
      'SELECT id FROM events WHERE id > ? ORDER BY id LIMIT 1 OFFSET ?',
    ),
    orderBetween: db.prepare<[number, number], { found: number }>(
      'SELECT EXISTS (SELECT 1 FROM events WHERE id > ? AND id <= ? AND order_id IS NOT NULL) AS found',
    ),
    // length() of a blob is read from its header, so a body left out is never loaded. A call sent
    // for the order but filed under the one its answer named is one of its records too (029):
    // the derivation lists it as naming another order. So is a webhook whose first order_id
    // names it, though its last names another (031), and a replay of such a body (038): listed,
    // it counts for neither.
    records: db.prepare<{ order: string }, OrderRecordRow>(`SELECT ${summaryColumns()}, details,
      CASE WHEN length(request_body) <= ${ORDER_BODY_MAX} THEN request_body END AS request_body,
      CASE WHEN length(response_body) <= ${ORDER_BODY_MAX} THEN response_body END AS response_body
      FROM events WHERE order_id = @order
        OR (kind = 'request' AND ${SENT_FOR} = @order)
        OR first_named_order_id = @order
      ORDER BY at_ms, id`),
    staleCount: db.prepare<[], { n: number }>(
      `SELECT count(*) AS n FROM orders WHERE stale > 0 AND typeof(order_id) = 'text'`,
    ),
  };
  const statementCache = new Map<string, ReturnType<SqliteDatabase['prepare']>>();
  const prepared = (sql: string) => {
    let found = statementCache.get(sql);
    if (found === undefined) {
      found = db.prepare(sql);
      statementCache.set(sql, found);
    }
    return found;
  };

  return {
    /** Every record of one order, oldest first, as the derivation reads it. */
    recordsOf(orderId: string): OrderRecordRow[] {
      return statements.records.all({ order: orderId });
    },
    /**
     * Records added since their orders were last marked stale (migration 014): none, only
     * records that name no order, or some that do.
     */
    unmarked(): 'none' | 'orderless' | 'with_orders' {
      const marks = statements.marks.get();
      if (marks === undefined || marks.newest <= marks.marked) return 'none';
      return statements.orderBetween.get(marks.marked, marks.newest)?.found === 1
        ? 'with_orders'
        : 'orderless';
    },
    /**
     * Marks stale the orders of the next `limit` ids not yet marked, and moves the mark past
     * them; returns whether any remain. Run inside a write, so no other writer adds a record
     * between reading the newest id and moving the mark.
     */
    markNewRecords(limit: number): boolean {
      const marks = statements.marks.get();
      if (marks === undefined || marks.newest <= marks.marked) return false;
      const through = statements.nthAfter.get(marks.marked, limit - 1)?.id ?? marks.newest;
      statements.markRange.run({ from: marks.marked, to: through });
      statements.setMarked.run(through);
      return through < marks.newest;
    },
    /**
     * What is still to be done before the summaries are current: orders to derive again, and
     * records stored since the orders were last marked (those that name an order only).
     */
    backlog(): { ordersToDerive: number; recordsToRead: number } {
      const ordersToDerive = statements.staleCount.get()?.n ?? 0;
      const marks = statements.marks.get();
      if (marks === undefined || marks.newest <= marks.marked) return { ordersToDerive, recordsToRead: 0 };
      const named = statements.orderBetween.get(marks.marked, marks.newest)?.found === 1;
      return { ordersToDerive, recordsToRead: named ? marks.newest - marks.marked : 0 };
    },
    /** Orders whose records changed since they were last summarised, with the change count seen. */
    staleBatch(limit: number): { orderId: string; seen: number }[] {
      return statements.stale.all(limit).map((row) => ({ orderId: row.order_id, seen: row.stale }));
    },
    /**
     * Stores a summary unless the order changed again meanwhile (then it stays stale and is
     * derived again next time). Returns whether it was written.
     */
    write(summary: OrderSummary, seen: number): boolean {
      const result = statements.write.run({
        order_id: summary.orderId,
        seen,
        state: summary.state,
        state_by_default: summary.stateByDefault ? 1 : 0,
        known_from: summary.knownFrom,
        reference_id: summary.referenceId,
        amount: summary.amount,
        currency: summary.currency,
        profile_id: summary.profileId,
        profile_name: summary.profileName,
        created_ms: summary.createdAt === null ? 0 : Date.parse(summary.createdAt),
        created_known: summary.createdAt === null ? 0 : 1,
        first_seen_ms: Date.parse(summary.firstSeenAt),
        last_ms: Date.parse(summary.lastActivityAt),
        evidence_known: summary.lastEvidenceAt === null ? 0 : 1,
        record_count: summary.recordCount,
        out_of_order: summary.outOfOrder,
        findings: summary.findings,
        findings_severity: summary.findingsSeverity,
      });
      return result.changes > 0;
    },
    /** An order whose records are all gone (retention) leaves the list. */
    remove(orderId: string, seen: number): void {
      statements.remove.run(orderId, seen);
    },
    get(orderId: string): OrderSummary | undefined {
      const row = statements.byId.get(orderId);
      return row === undefined || row.record_count === 0 ? undefined : toSummary(row);
    },
    page(query: OrderQuery, cursor: OrderCursor | undefined, limit: number): OrderSummary[] {
      const params: Params = { limit };
      const where = whereOf(query, params);
      if (cursor !== undefined) {
        where.push('(last_ms, order_id) < (@cursorMs, @cursorId)');
        params['cursorMs'] = cursor.lastMs;
        params['cursorId'] = cursor.orderId;
      }
      const sql = `SELECT * FROM orders WHERE ${where.join(' AND ')}
        ORDER BY last_ms DESC, order_id DESC LIMIT @limit`;
      return hidingFor(query, () => prepared(sql).all(params) as OrderRow[]).map(toSummary);
    },
    count(query: OrderQuery): number {
      const params: Params = {};
      const sql = `SELECT count(*) AS n FROM orders WHERE ${whereOf(query, params).join(' AND ')}`;
      const row = hidingFor(query, () => prepared(sql).get(params) as { n: number } | undefined);
      return row?.n ?? 0;
    },
  };
}
