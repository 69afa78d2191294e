import type { OrderRecord } from '../../shared/orders/order-record';
import type { SqliteDatabase } from '../store/connection';
import { toSummary, type EventRow } from '../store/events-repository';

/** Bodies above this are not parsed for the lifecycle (no payload the spec shows comes close). */
const MAX_PARSED_BODY = 1024 * 1024;

function parseJson(body: Buffer | null): unknown {
  if (body === null || body.byteLength === 0 || body.byteLength > MAX_PARSED_BODY) return null;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...value } : {};
  } catch {
    return {};
  }
}

export function toOrderRecord(row: EventRow): OrderRecord {
  return {
    ...toSummary(row),
    requestJson: parseJson(row.request_body),
    responseJson: parseJson(row.response_body),
    details: parseDetails(row.details),
  };
}

export type OrderRecordsReader = ReturnType<typeof createOrderRecordsReader>;

/** Every record of one order, oldest first, through the events_by_order index. */
export function createOrderRecordsReader(db: SqliteDatabase) {
  const byOrder = db.prepare<[string], EventRow>(
    'SELECT * FROM events WHERE order_id = ? ORDER BY at_ms, id',
  );
  return {
    recordsOf(orderId: string): OrderRecord[] {
      return byOrder.all(orderId).map(toOrderRecord);
    },
  };
}
