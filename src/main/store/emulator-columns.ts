import { faultsSchema, type Faults } from '../../shared/emulator';
import { damagedPartsWords } from '../../shared/damaged-record-words';
import { jsonObjectOfBody } from '../../shared/json-body';
import { ORDER_STATES } from '../../shared/orders/order-states';
import { holdsStoredType, type Storage } from './stored-columns';

/**
 * The emulator's tables read column by column, as events are (read-event-row.ts): SQLite keeps
 * whatever is written (a hand edit, a bad copy), and a row that holds what the console never
 * writes is named as damaged, never read as something else. A delivery whose body is not the
 * JSON the console queued was sent as it stood, and faults that could not be read went out as
 * the defaults; an order in a state of no one's list stopped every reader with words that did
 * not name it (docs/data-safety.md, "No stored row breaks a reader").
 */
interface Column {
  storage: Storage;
  nullable: boolean;
  /** How the sentence names it. */
  words: string;
  /** What its text must also be (JSON the console writes, a word of its list). */
  holds?: (text: string) => boolean;
}

const text = (words: string, nullable = false, holds?: (value: string) => boolean): Column => ({
  storage: 'text',
  nullable,
  words,
  ...(holds === undefined ? {} : { holds }),
});
const integer = (words: string, nullable = false): Column => ({ storage: 'integer', nullable, words });

/** Faults as the console stores them (JSON its schema reads), else null. */
export function faultsOfText(value: string): Faults | null {
  try {
    const parsed = faultsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const isFaults = (value: string) => faultsOfText(value) !== null;
const isJsonObject = (value: string) => jsonObjectOfBody(value) !== null;
const isAmount = (value: string) => /^\d+(\.\d+)?$/.test(value);
const isState = (value: string) => (ORDER_STATES as readonly string[]).includes(value);

export const OUTBOX_COLUMNS: Record<string, Column> = {
  order_id: text('order id'),
  event_type: text('event type'),
  url: text('URL', true),
  body: text('body', false, isJsonObject),
  faults: text('faults', false, isFaults),
  attempts: integer('attempts'),
  max_attempts: integer('attempt limit'),
  next_attempt_at_ms: integer('next attempt time', true),
  last_status: integer('last status', true),
  last_error: text('last error', true),
  held_for_next: { storage: 'flag', nullable: false, words: 'held mark' },
  created_at_ms: integer('creation time'),
  updated_at_ms: integer('update time'),
};

export const ORDER_COLUMNS: Record<string, Column> = {
  order_id: text('order id'),
  checkout_id: text('checkout id'),
  state: text('state', false, isState),
  payload: text('payload'),
  reference_id: text('reference', true),
  order_number: text('order number', true),
  locale: text('locale'),
  currency: text('currency'),
  total_amount: text('total amount', false, isAmount),
  captured_amount: text('captured amount', false, isAmount),
  refunded_amount: text('refunded amount', false, isAmount),
  notification_url: text('notification URL', true),
  legacy_approved: { storage: 'flag', nullable: false, words: 'legacy approval mark' },
  faults: text('faults', true, isFaults),
  page_token: text('page token'),
  created_at_ms: integer('creation time'),
  expires_at_ms: integer('expiry time'),
  updated_at_ms: integer('update time'),
};

export const TRANSACTION_COLUMNS: Record<string, Column> = {
  order_id: text('order id'),
  kind: text('kind', false, (value) => ['capture', 'refund', 'cancel'].includes(value)),
  transaction_id: text('transaction id'),
  capture_id: text('capture id', true),
  amount: text('amount', false, isAmount),
  currency: text('currency'),
  request: text('request', true),
  created_at_ms: integer('creation time'),
};

/** The words of the row's columns that do not hold what the console writes; empty when sound. */
export function damagedColumnsOf(columns: Record<string, Column>, row: Record<string, unknown>): string[] {
  return Object.entries(columns)
    .filter(([name, column]) => {
      const value = row[name];
      if (!holdsStoredType(column.storage, column.nullable, value)) return true;
      return typeof value === 'string' && column.holds !== undefined && !column.holds(value);
    })
    .map(([, column]) => column.words);
}

/** How a stored id is named when it may itself be damaged: text as it is, anything else in JSON. */
export const storedIdWords = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : value instanceof Uint8Array
      ? `(bytes ${Buffer.from(value).toString('hex')})`
      : String(value);

/** `Delivery #3 of order ord_1's stored body is damaged in the database (…)`. */
export const damagedDeliveryWords = (id: number, orderId: unknown, names: readonly string[]): string =>
  damagedPartsWords(`Delivery #${id} of order ${storedIdWords(orderId)}`, names);

/** `Emulator order ord_1's stored state is damaged in the database (…)`. */
export const damagedOrderWords = (orderId: unknown, names: readonly string[]): string =>
  damagedPartsWords(`Emulator order ${storedIdWords(orderId)}`, names);

/** `Transaction #4 of emulator order ord_1's stored amount is damaged in the database (…)`. */
export const damagedTransactionWords = (id: number, orderId: string, names: readonly string[]): string =>
  damagedPartsWords(`Transaction #${id} of emulator order ${orderId}`, names);

/** A stored row the console cannot read as it wrote it; its message is the sentence naming it. */
export class DamagedRowError extends Error {}
