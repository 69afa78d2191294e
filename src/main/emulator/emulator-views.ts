import type { EmulatorDelivery, EmulatorOrder } from '../../shared/emulator';
import { maskWith, redactText, redactUrl } from '../../shared/secrets/redact-secrets';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { OutboxRow } from '../store/emulator-outbox-repository';
import { checkoutUrlOf } from './create-checkout';

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * A stored order as the Emulator view and the customer's commands (`emulator pay`, `emulator
 * decline`, `emulator cancel`, `emulator expire`) show it; its checkout page under `pageBase`.
 */
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
    // A damaged row says so first, with what went wrong before (the dispatcher's failing of it is that sentence).
    lastError:
      row.damaged === null || row.lastError?.startsWith(row.damaged) === true
        ? row.lastError
        : [row.damaged, row.lastError].filter((part) => part !== null).join(' '),
    faults: row.faults,
    createdAt: iso(row.createdAtMs),
    updatedAt: iso(row.updatedAtMs),
  };
}

/**
 * An order as a window or a terminal gets it: its reference and number are what the merchant's
 * payload said, and one pasted with a profile token (or a JWT) shows `ref-••••abcd-1`, as the
 * Orders view, the palette and `orders show` show it (one owner: redactText with maskWith); its
 * notification URL as every screen shows a URL. `secrets`: usableSecrets of the profiles'.
 */
export function orderOnScreen(order: EmulatorOrder, secrets: readonly string[]): EmulatorOrder {
  const text = (value: string | null) => (value === null ? null : redactText(value, secrets, maskWith));
  return {
    ...order,
    referenceId: text(order.referenceId),
    orderNumber: text(order.orderNumber),
    notificationUrl:
      order.notificationUrl === null ? null : redactUrl(order.notificationUrl, secrets, maskWith),
  };
}

/** A delivery as a window gets it: its URL and its last error with any profile secret masked. */
export function deliveryOnScreen(delivery: EmulatorDelivery, secrets: readonly string[]): EmulatorDelivery {
  return {
    ...delivery,
    url: delivery.url === null ? null : redactUrl(delivery.url, secrets, maskWith),
    lastError: delivery.lastError === null ? null : redactText(delivery.lastError, secrets, maskWith),
  };
}
