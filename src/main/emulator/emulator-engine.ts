import type { Faults } from '../../shared/emulator';
import type { CustomerAction } from '../../shared/orders/order-states';
import type { OperationName } from '../../shared/profile';
import type { EmulatorOrderRow, EmulatorOrdersRepository } from '../store/emulator-repository';
import { newOrderFrom } from './create-checkout';
import { EmulatorError } from './emulator-errors';
import { customerMove, operationMove, type Move } from './order-machine';
import type { WebhookDispatcher } from './webhook-dispatcher';

export interface EngineDependencies {
  orders: EmulatorOrdersRepository;
  dispatcher: WebhookDispatcher;
  /** Runs a function in one SQLite transaction (a move and its notification land together). */
  transaction: <T>(fn: () => T) => T;
  notificationField: () => string;
  now?: () => number;
  onChange?: () => void;
  setTimer?: (run: () => void, ms: number) => { cancel: () => void };
}

export interface EmulatorEngine {
  createCheckout(
    payload: unknown,
    options: { pageBaseUrl: string; legacyApproved: boolean },
  ): EmulatorOrderRow;
  customer(orderId: string, action: CustomerAction): EmulatorOrderRow;
  operate(orderId: string, operation: Exclude<OperationName, 'getOrder'>, body: unknown): Move;
  get(orderId: string): EmulatorOrderRow;
  setOrderOptions(
    orderId: string,
    options: { faults?: Faults | null; legacyApproved?: boolean },
  ): EmulatorOrderRow;
  /** Expires every `new` order past its time; returns how many. */
  expireOverdue(): number;
  /** Starts the expiry timer (expiring what is already overdue). */
  start(): void;
  stop(): void;
}

const defaultTimer = (run: () => void, ms: number) => {
  const handle = setTimeout(run, Math.max(0, Math.min(ms, 2_147_483_647)));
  handle.unref();
  return { cancel: () => clearTimeout(handle) };
};

/**
 * What the emulated service does, whichever door asks (its HTTP API, the checkout page, the
 * automation endpoints, the Emulator view): each move is stored with its notification queued in
 * the same transaction, so a crash cannot leave one without the other.
 */
export function createEmulatorEngine(deps: EngineDependencies): EmulatorEngine {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? defaultTimer;
  let expiryTimer: { cancel: () => void } | null = null;
  /** When the expiry timer fires (null: none set); a later order never needs a new timer. */
  let expiryAt: number | null = null;
  let running = false;

  const find = (orderId: string): EmulatorOrderRow => {
    const order = deps.orders.get(orderId);
    if (order === undefined)
      throw new EmulatorError(404, 'order_not_found', `No order ${orderId} in the emulator.`, [
        { error_code: 'order_not_found' },
      ]);
    return order;
  };

  const apply = (move: Move): Move => {
    deps.transaction(() => {
      deps.orders.save(move.order);
      if (move.notification !== null)
        deps.dispatcher.enqueue(move.order, move.notification.eventType, move.notification.data);
    });
    deps.onChange?.();
    return move;
  };

  const scheduleExpiry = () => {
    expiryTimer?.cancel();
    expiryTimer = null;
    expiryAt = null;
    if (!running) return;
    const next = deps.orders.nextExpiryMs();
    if (next === null) return;
    expiryAt = next;
    expiryTimer = setTimer(() => {
      engine.expireOverdue();
      scheduleExpiry();
    }, next - now());
  };

  const engine: EmulatorEngine = {
    createCheckout(payload, options) {
      const order = newOrderFrom(payload, {
        pageBaseUrl: options.pageBaseUrl,
        notificationField: deps.notificationField(),
        legacyApproved: options.legacyApproved,
        nowMs: now(),
      });
      deps.orders.insert(order);
      deps.onChange?.();
      if (expiryAt === null || order.expiresAtMs < expiryAt) scheduleExpiry();
      return order;
    },
    customer(orderId, action) {
      const order = find(orderId);
      const move = apply(customerMove(order, action, now()));
      scheduleExpiry();
      return move.order;
    },
    operate(orderId, operation, body) {
      return apply(operationMove(find(orderId), operation, body, now()));
    },
    get: find,
    setOrderOptions(orderId, options) {
      const order = find(orderId);
      const next = {
        ...order,
        ...(options.faults === undefined ? {} : { faults: options.faults }),
        ...(options.legacyApproved === undefined ? {} : { legacyApproved: options.legacyApproved }),
        updatedAtMs: now(),
      };
      deps.orders.save(next);
      deps.onChange?.();
      return next;
    },
    expireOverdue() {
      const overdue = deps.orders.overdue(now());
      for (const order of overdue) apply(customerMove(order, 'expire', now()));
      return overdue.length;
    },
    start() {
      running = true;
      engine.expireOverdue();
      scheduleExpiry();
    },
    stop() {
      running = false;
      expiryTimer?.cancel();
      expiryTimer = null;
      expiryAt = null;
    },
  };
  return engine;
}
