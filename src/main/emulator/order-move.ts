import type { OrderEventType } from '../../shared/orders/order-states';
import type { EmulatorOrderRow } from '../store/emulator-orders-repository';
import type { TransactionRow } from '../store/emulator-transactions-repository';
import type { EmulatorWarning } from './emulator-warning';

/**
 * What a move did: the order after it, the notifications it sends, and the captures, refunds
 * or cancellation it recorded (the order record lists them; the answers name their ids).
 */
export interface Move {
  order: EmulatorOrderRow;
  notifications: { eventType: OrderEventType; data: unknown }[];
  transactions: TransactionRow[];
  /** What the request earned without being refused (answered in X-Emulator-Warnings). */
  warnings?: EmulatorWarning[];
  /** An authorisation: the order_expiry_time its answer gives (the setting's days after it). */
  authorisedUntilMs?: number;
}
