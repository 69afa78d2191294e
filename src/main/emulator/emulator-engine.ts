import type { Faults } from '../../shared/emulator';
import type { CustomerAction } from '../../shared/orders/order-states';
import type { OperationName } from '../../shared/profile';
import type { EmulatorOrderRow, EmulatorOrdersRepository } from '../store/emulator-orders-repository';
import type { OutboxRow } from '../store/emulator-outbox-repository';
import type {
  EmulatorTransactionsRepository,
  TransactionRow,
} from '../store/emulator-transactions-repository';
import { newOrderFrom, type CheckoutRules, type NewOrder } from './create-checkout';
import { EmulatorError } from './emulator-errors';
import { DamagedRowError } from '../store/emulator-columns';
import { checkAllowed, customerMove, operationMove, type Move, type OperationChoices } from './order-machine';
import { repeatedOrderReference } from './order-reference-repeat';
import { capturesRefundMove } from './refund-moves';
import type { WebhookDispatcher } from './webhook-dispatcher';

export interface EngineDependencies {
  orders: EmulatorOrdersRepository;
  transactions: EmulatorTransactionsRepository;
  dispatcher: WebhookDispatcher;
  /** How create-checkout requests are judged (the emulator's settings). */
  rules: () => CheckoutRules;
  /** How follow-up operations settle what the spec leaves open (the emulator's settings). */
  operationChoices: () => OperationChoices;
  /** Runs a function in one SQLite transaction (a move and its notification land together). */
  transaction: <T>(fn: () => T) => T;
  /**
   * Runs the expiry's writes when the write lock is free (the store writer's queue): from a
   * timer, a transaction that waited for another process's lock would hold the event loop up to
   * the busy timeout and then throw where nothing catches it.
   */
  queued: (fn: () => void) => Promise<void>;
  notificationField: () => string;
  now?: () => number;
  onChange?: () => void;
  setTimer?: (run: () => void, ms: number) => { cancel: () => void };
}

export interface CreateOptions {
  legacyApproved: boolean;
  /** What the request itself names (X-Emulator-Checkout-Form…), over the settings. */
  rules?: Partial<CheckoutRules>;
  /** The body as received, the text `payload` was parsed from (for what only the text shows). */
  sourceText?: string;
}

export interface EmulatorEngine {
  createCheckout(payload: unknown, options: CreateOptions): NewOrder;
  customer(orderId: string, action: CustomerAction): EmulatorOrderRow;
  operate(orderId: string, operation: Exclude<OperationName, 'getOrder'>, body: unknown): Move;
  /** The official client's full refund: refunds against the captures they name. */
  refundCaptures(orderId: string, body: unknown): Move;
  get(orderId: string): EmulatorOrderRow;
  /** Where the order's `eventType` notification goes (its own URL, the registered webhook), or null. */
  notificationTargetOf(order: EmulatorOrderRow, eventType: string): string | null;
  /** The order's `eventType` notifications in the outbox, oldest first, as they stand now. */
  notificationsOf(orderId: string, eventType: string): OutboxRow[];
  /** The newest order with this merchant reference (404 when none). */
  byReference(referenceId: string): EmulatorOrderRow;
  /** Its captures, refunds and cancellation, oldest first. */
  transactionsOf(orderId: string): TransactionRow[];
  setOrderOptions(
    orderId: string,
    options: { faults?: Faults | null; legacyApproved?: boolean },
  ): EmulatorOrderRow;
  /** Expires every `new` order past its time; returns how many. */
  expireOverdue(): number;
  /** Starts the expiry timer (expiring what is already overdue, through the queue). */
  start(): void;
  stop(): void;
}

/**
 * A damaged order (or one of its transactions) answers as the service's own failure, its sentence
 * naming it: no move is made on what cannot be read (emulator-columns.ts).
 */
function namedIfDamaged<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof DamagedRowError)) throw error;
    throw new EmulatorError(500, 'order_damaged', `${error.message}: no move is made on it.`);
  }
}

/** After an expiry pass failed (the lock held past the writer's wait, a full disk): try again. */
const EXPIRY_RETRY_MS = 1000;

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

  const otherWithReference = (referenceId: string, orderId: string) =>
    deps.orders.otherWithReference(referenceId, orderId);

  const find = (orderId: string): EmulatorOrderRow => {
    const order = namedIfDamaged(() => deps.orders.get(orderId));
    if (order === undefined)
      throw new EmulatorError(404, 'order_not_found', `No order ${orderId} in the emulator.`, [
        { error_code: 'order_not_found' },
      ]);
    return order;
  };

  const apply = (move: Move): Move => {
    deps.transaction(() => {
      deps.orders.save(move.order);
      for (const row of move.transactions) deps.transactions.add(row);
      for (const notification of move.notifications)
        deps.dispatcher.enqueue(move.order, notification.eventType, notification.data);
    });
    deps.onChange?.();
    return move;
  };

  /** Expires what is overdue through the queue, then waits for the next expiry. */
  const expireThenSchedule = () => {
    deps
      .queued(() => void engine.expireOverdue())
      .then(scheduleExpiry, () => {
        if (!running) return;
        expiryTimer = setTimer(expireThenSchedule, EXPIRY_RETRY_MS);
      });
  };

  const scheduleExpiry = () => {
    expiryTimer?.cancel();
    expiryTimer = null;
    expiryAt = null;
    if (!running) return;
    const next = deps.orders.nextExpiryMs();
    if (next === null) return;
    expiryAt = next;
    expiryTimer = setTimer(expireThenSchedule, next - now());
  };

  const engine: EmulatorEngine = {
    createCheckout(payload, options) {
      const created = newOrderFrom(payload, {
        rules: { ...deps.rules(), ...options.rules },
        notificationField: deps.notificationField(),
        legacyApproved: options.legacyApproved,
        nowMs: now(),
        ...(options.sourceText === undefined ? {} : { sourceText: options.sourceText }),
        storedLocaleOf: (customer) => deps.orders.storedLocaleOf(customer),
      });
      const { order } = created;
      const repeat = repeatedOrderReference(order.referenceId, order.orderId, otherWithReference);
      deps.orders.insert(order, created.localeCustomer);
      deps.onChange?.();
      if (expiryAt === null || order.expiresAtMs < expiryAt) scheduleExpiry();
      return repeat === null ? created : { ...created, warnings: [...created.warnings, repeat] };
    },
    customer(orderId, action) {
      const order = find(orderId);
      // Overdue and not yet expired (its timer late): refused, and the expiry pass runs at once.
      if (order.state === 'new' && order.expiresAtMs <= now()) scheduleExpiry();
      const move = apply(customerMove(order, action, now()));
      scheduleExpiry();
      return move.order;
    },
    operate(orderId, operation, body) {
      const history = namedIfDamaged(() => deps.transactions.ofOrder(orderId));
      const choices = deps.operationChoices();
      const move = operationMove(find(orderId), operation, body, now(), history, choices);
      const repeat =
        operation === 'updateReferenceId'
          ? repeatedOrderReference(move.order.referenceId, orderId, otherWithReference)
          : null;
      return apply(repeat === null ? move : { ...move, warnings: [...(move.warnings ?? []), repeat] });
    },
    refundCaptures(orderId, body) {
      const order = find(orderId);
      checkAllowed('refund', order);
      const history = namedIfDamaged(() => deps.transactions.ofOrder(orderId));
      return apply(capturesRefundMove(order, body, now(), history));
    },
    get: find,
    notificationTargetOf: (order, eventType) => deps.dispatcher.targetOf(order, eventType),
    notificationsOf: (orderId, eventType) => deps.dispatcher.notificationsOf(orderId, eventType),
    byReference(referenceId) {
      const order = namedIfDamaged(() => deps.orders.byReference(referenceId));
      if (order === undefined)
        throw new EmulatorError(
          404,
          'order_not_found',
          `No order with order_reference_id ${JSON.stringify(referenceId)} in the emulator.`,
          [{ error_code: 'order_not_found' }],
        );
      return order;
    },
    transactionsOf: (orderId) => namedIfDamaged(() => deps.transactions.ofOrder(orderId)),
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
      // What is already overdue expires at once, from the timer, through the queue.
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
