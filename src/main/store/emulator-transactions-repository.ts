import type { SqliteDatabase } from './connection';
import {
  damagedColumnsOf,
  damagedTransactionWords,
  DamagedRowError,
  TRANSACTION_COLUMNS,
} from './emulator-columns';

/** One capture, refund (part) or cancellation of an emulator order, as the service would keep it. */
export interface TransactionRow {
  orderId: string;
  kind: 'capture' | 'refund' | 'cancel';
  /** capture_id, refund_id or cancel_id. */
  transactionId: string;
  /** Refunds: the capture this part refunds. */
  captureId: string | null;
  /** In the order's currency, with its precision. */
  amount: string;
  currency: string;
  /** The request body as received (items, shipping info…), or null. */
  request: string | null;
  createdAtMs: number;
}

interface TransactionRecord {
  id: number;
  order_id: string;
  kind: TransactionRow['kind'];
  transaction_id: string;
  capture_id: string | null;
  amount: string;
  currency: string;
  request: string | null;
  created_at_ms: number;
}

/**
 * A transaction as stored. One whose row is damaged throws, naming it and its order: the order's
 * captures and refunds are then not known, so no move is made on it (no amount is guessed).
 */
function toRow(record: TransactionRecord): TransactionRow {
  const damaged = damagedColumnsOf(TRANSACTION_COLUMNS, { ...record });
  if (damaged.length > 0)
    throw new DamagedRowError(damagedTransactionWords(record.id, record.order_id, damaged));
  return {
    orderId: record.order_id,
    kind: record.kind,
    transactionId: record.transaction_id,
    captureId: record.capture_id,
    amount: record.amount,
    currency: record.currency,
    request: record.request,
    createdAtMs: record.created_at_ms,
  };
}

/** The emulator's captures, refunds and cancellations, oldest first per order. */
export function createEmulatorTransactionsRepository(db: SqliteDatabase) {
  const insert = db.prepare(`INSERT INTO emulator_transactions (order_id, kind, transaction_id, capture_id,
    amount, currency, request, created_at_ms) VALUES (@orderId, @kind, @transactionId, @captureId, @amount,
    @currency, @request, @createdAtMs)`);
  const ofOrder = db.prepare<[string], TransactionRecord>(
    'SELECT * FROM emulator_transactions WHERE order_id = ? ORDER BY id',
  );
  return {
    add(row: TransactionRow): void {
      insert.run(row);
    },
    ofOrder(orderId: string): TransactionRow[] {
      return ofOrder.all(orderId).map(toRow);
    },
  };
}
export type EmulatorTransactionsRepository = ReturnType<typeof createEmulatorTransactionsRepository>;
