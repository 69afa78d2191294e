import type { EmulatorDelivery, EmulatorOrder } from '../../shared/emulator';
import type { EmulatorOrderRow, OutboxRow } from '../store/emulator-repository';
import { checkoutUrlOf } from './create-checkout';

const iso = (ms: number): string => new Date(ms).toISOString();

/** A stored order as the Emulator view and `emulator orders` show it; its checkout page under `pageBase`. */
export function orderView(order: EmulatorOrderRow, pageBase: string): EmulatorOrder {
  return {
    orderId: order.orderId,
    checkoutId: order.checkoutId,
    state: order.state,
    referenceId: order.referenceId,
    orderNumber: order.orderNumber,
    locale: order.locale,
    currency: order.currency,
    totalAmount: order.totalAmount,
    capturedAmount: order.capturedAmount,
    refundedAmount: order.refundedAmount,
    notificationUrl: order.notificationUrl,
    checkoutUrl: checkoutUrlOf(order, pageBase),
    legacyApproved: order.legacyApproved,
    faults: order.faults,
    createdAt: iso(order.createdAtMs),
    expiresAt: iso(order.expiresAtMs),
    updatedAt: iso(order.updatedAtMs),
  };
}

/** An outbox row as the Emulator view's deliveries show it. */
export function deliveryView(row: OutboxRow): EmulatorDelivery {
  return {
    id: row.id,
    orderId: row.orderId,
    eventType: row.eventType,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    nextAttemptAt: row.nextAttemptAtMs === null ? null : iso(row.nextAttemptAtMs),
    // Held only until its first attempt: the Out of order fault holds a notification for the next.
    heldForNext: row.heldForNext && row.status === 'pending' && row.attempts === 0,
    lastStatus: row.lastStatus,
    lastError: row.lastError,
    faults: row.faults,
    createdAt: iso(row.createdAtMs),
    updatedAt: iso(row.updatedAtMs),
  };
}
