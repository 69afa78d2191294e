import type { DamagedEmulatorOrder, Faults } from '../../shared/emulator';
import type { OrderState } from '../../shared/orders/order-states';
import type { SqliteDatabase } from './connection';
import {
  damagedColumnsOf,
  damagedOrderWords,
  DamagedRowError,
  faultsOfText,
  ORDER_COLUMNS,
} from './emulator-columns';

// The emulator's orders table, apart from its outbox (emulator-outbox-repository.ts): each has
// its own rows, reading and statements, and most of the emulator needs only the orders' row type.

/** One emulator order as stored (amounts as decimal strings in the order's currency). */
export interface EmulatorOrderRow {
  orderId: string;
  checkoutId: string;
  state: OrderState;
  payload: string;
  referenceId: string | null;
  orderNumber: string | null;
  locale: string;
  currency: string;
  totalAmount: string;
  capturedAmount: string;
  refundedAmount: string;
  notificationUrl: string | null;
  legacyApproved: boolean;
  faults: Faults | null;
  /** The secret customer actions on the hosted page carry (checkout_url has it). */
  pageToken: string;
  createdAtMs: number;
  expiresAtMs: number;
  updatedAtMs: number;
}

interface OrderRecord {
  order_id: string;
  checkout_id: string;
  state: string;
  payload: string;
  reference_id: string | null;
  order_number: string | null;
  locale: string;
  currency: string;
  total_amount: string;
  captured_amount: string;
  refunded_amount: string;
  notification_url: string | null;
  legacy_approved: number;
  faults: string | null;
  page_token: string;
  created_at_ms: number;
  expires_at_ms: number;
  updated_at_ms: number;
}

/** An order as stored; one whose row is damaged throws, naming it, so nothing moves it. */
function toOrder(record: OrderRecord): EmulatorOrderRow {
  const damaged = damagedColumnsOf(ORDER_COLUMNS, { ...record });
  if (damaged.length > 0) throw new DamagedRowError(damagedOrderWords(record.order_id, damaged));
  return {
    orderId: record.order_id,
    checkoutId: record.checkout_id,
    state: record.state as OrderState,
    payload: record.payload,
    referenceId: record.reference_id,
    orderNumber: record.order_number,
    locale: record.locale,
    currency: record.currency,
    totalAmount: record.total_amount,
    capturedAmount: record.captured_amount,
    refundedAmount: record.refunded_amount,
    notificationUrl: record.notification_url,
    legacyApproved: record.legacy_approved === 1,
    faults: record.faults === null ? null : faultsOfText(record.faults),
    pageToken: record.page_token,
    createdAtMs: record.created_at_ms,
    expiresAtMs: record.expires_at_ms,
    updatedAtMs: record.updated_at_ms,
  };
}

/** Rows read as orders, the damaged ones set apart by their sentences: a list goes on past them. */
function soundOnly(records: readonly OrderRecord[]): {
  orders: EmulatorOrderRow[];
  damaged: DamagedEmulatorOrder[];
} {
  const orders: EmulatorOrderRow[] = [];
  const damaged: DamagedEmulatorOrder[] = [];
  for (const record of records) {
    try {
      orders.push(toOrder(record));
    } catch (error) {
      if (!(error instanceof DamagedRowError)) throw error;
      // Its id only where that column holds text (it may be the damaged one): a view of the order matches it.
      const orderId: unknown = record.order_id;
      damaged.push({ orderId: typeof orderId === 'string' ? orderId : null, words: error.message });
    }
  }
  return { orders, damaged };
}

/** The emulator's orders: what the service would hold about each. */
export function createEmulatorOrdersRepository(db: SqliteDatabase) {
  const insert = db.prepare(`INSERT INTO emulator_orders (order_id, checkout_id, state, payload, reference_id,
    order_number, locale, currency, total_amount, captured_amount, refunded_amount, notification_url,
    legacy_approved, faults, page_token, created_at_ms, expires_at_ms, updated_at_ms, locale_customer)
    VALUES (@orderId, @checkoutId, @state, @payload, @referenceId, @orderNumber, @locale, @currency,
    @totalAmount, @capturedAmount, @refundedAmount, @notificationUrl, @legacyApproved, @faults,
    @pageToken, @createdAtMs, @expiresAtMs, @updatedAtMs, @localeCustomer)`);
  const update = db.prepare(`UPDATE emulator_orders SET state = @state, reference_id = @referenceId,
    captured_amount = @capturedAmount, refunded_amount = @refundedAmount, legacy_approved = @legacyApproved,
    faults = @faults, updated_at_ms = @updatedAtMs WHERE order_id = @orderId`);
  const byId = db.prepare<[string], OrderRecord>('SELECT * FROM emulator_orders WHERE order_id = ?');
  // A reference can be reused (or changed onto another order): the newest order that has it.
  const byReference = db.prepare<[string], OrderRecord>(
    'SELECT * FROM emulator_orders WHERE reference_id = ? ORDER BY created_at_ms DESC, order_id DESC LIMIT 1',
  );
  // Another order that has this reference, the newest (the reference index, in its own order:
  // the rowid breaks a tie of one millisecond, so no sort is needed).
  const otherWithReference = db.prepare<[string, string], { order_id: string }>(
    `SELECT order_id FROM emulator_orders WHERE reference_id = ? AND order_id <> ?
     ORDER BY created_at_ms DESC, rowid DESC LIMIT 1`,
  );
  // A customer's stored locale: that of their newest order that named one (migration 049's index).
  const customerLocale = db.prepare<[string], { locale: string }>(
    `SELECT locale FROM emulator_orders WHERE locale_customer = ?
     ORDER BY created_at_ms DESC, rowid DESC LIMIT 1`,
  );
  const newest = db.prepare<[number], OrderRecord>(
    'SELECT * FROM emulator_orders ORDER BY created_at_ms DESC, order_id DESC LIMIT ?',
  );
  const overdue = db.prepare<[number], OrderRecord>(
    "SELECT * FROM emulator_orders WHERE state = 'new' AND expires_at_ms <= ? ORDER BY expires_at_ms",
  );
  const nextExpiry = db.prepare<[], { at: number | null }>(
    "SELECT MIN(expires_at_ms) AS at FROM emulator_orders WHERE state = 'new'",
  );
  const params = (order: EmulatorOrderRow) => ({
    ...order,
    legacyApproved: order.legacyApproved ? 1 : 0,
    faults: order.faults === null ? null : JSON.stringify(order.faults),
  });
  return {
    /** `localeCustomer`: the customer whose locale the order named (null: it named none). */
    insert(order: EmulatorOrderRow, localeCustomer: string | null = null): void {
      insert.run({ ...params(order), localeCustomer });
    },
    /** The locale a customer's newest order named, if any did. */
    storedLocaleOf(customer: string): string | undefined {
      return customerLocale.get(customer)?.locale;
    },
    save(order: EmulatorOrderRow): void {
      update.run(params(order));
    },
    get(orderId: string): EmulatorOrderRow | undefined {
      const record = byId.get(orderId);
      return record === undefined ? undefined : toOrder(record);
    },
    byReference(referenceId: string): EmulatorOrderRow | undefined {
      const record = byReference.get(referenceId);
      return record === undefined ? undefined : toOrder(record);
    },
    /** The id of the newest order other than `orderId` that has this reference, if any. */
    otherWithReference(referenceId: string, orderId: string): string | undefined {
      return otherWithReference.get(referenceId, orderId)?.order_id;
    },
    /** The newest orders that can be read; newestWithDamaged names the others. */
    newest(limit: number): EmulatorOrderRow[] {
      return soundOnly(newest.all(limit)).orders;
    },
    /** Sound orders past their expiry: a damaged one is never moved (nothing reads its state). */
    overdue(nowMs: number): EmulatorOrderRow[] {
      return soundOnly(overdue.all(nowMs)).orders;
    },
    /** The newest orders that can be read, and the sentence of each that cannot (its id named). */
    newestWithDamaged(limit: number): { orders: EmulatorOrderRow[]; damaged: DamagedEmulatorOrder[] } {
      return soundOnly(newest.all(limit));
    },
    nextExpiryMs(): number | null {
      return nextExpiry.get()?.at ?? null;
    },
  };
}
export type EmulatorOrdersRepository = ReturnType<typeof createEmulatorOrdersRepository>;
