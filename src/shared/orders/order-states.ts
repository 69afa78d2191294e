import { z } from 'zod';
import type { OperationName } from '../profile';

/**
 * The order lifecycle, shared by the local emulator (which enforces it), the Orders view
 * (which enables actions by it) and the timeline's per-order strip (which derives it from
 * what was seen). The spec names only `new`, `approved` and `authorised`; the rest are the
 * console's documented defaults (DESIGN.md, README "Defaults for what the spec does not show").
 */
export const ORDER_STATES = [
  'new',
  'approved',
  'authorised',
  'declined',
  'expired',
  'canceled',
  'partially_captured',
  'fully_captured',
  'partially_refunded',
  'fully_refunded',
] as const;
export const orderStateSchema = z.enum(ORDER_STATES);
export type OrderState = z.infer<typeof orderStateSchema>;

/** The steps of the lifecycle strip: precise states fold into these (fully/partially captured → captured). */
export const LIFECYCLE_STEPS = [
  'new',
  'approved',
  'authorised',
  'captured',
  'declined',
  'expired',
  'canceled',
  'refunded',
] as const;
export type LifecycleStep = (typeof LIFECYCLE_STEPS)[number];

/** A step's name as the Orders view's strip and `orders show` both print it. */
export const LIFECYCLE_STEP_WORDS: Record<LifecycleStep, string> = {
  new: 'New',
  approved: 'Approved',
  authorised: 'Authorised',
  captured: 'Captured',
  declined: 'Declined',
  expired: 'Expired',
  canceled: 'Canceled',
  refunded: 'Refunded',
};

/** The happy path, in order; the other steps end it early (declined, expired, canceled) or follow it (refunded). */
export const HAPPY_PATH: readonly LifecycleStep[] = ['new', 'approved', 'authorised', 'captured'];

export function lifecycleStepOf(state: OrderState): LifecycleStep {
  switch (state) {
    case 'partially_captured':
    case 'fully_captured':
      return 'captured';
    case 'partially_refunded':
    case 'fully_refunded':
      return 'refunded';
    default:
      return state;
  }
}

/** States no operation leaves (refunds aside, which follow a capture). */
export const TERMINAL_STATES: readonly OrderState[] = ['declined', 'expired', 'canceled', 'fully_refunded'];

/**
 * Notification event types. The spec lists the first three; the emulator also sends the
 * console's own extension events for moves the spec does not show (each flagged by the
 * listener as not in the spec, never rejected).
 */
export const SPEC_EVENT_TYPES = ['order_approved', 'order_authorised', 'order_captured'] as const;
export const EXTENSION_EVENT_TYPES = [
  'order_declined',
  'order_expired',
  'order_canceled',
  'order_refunded',
] as const;
export const ORDER_EVENT_TYPES = [...SPEC_EVENT_TYPES, ...EXTENSION_EVENT_TYPES] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** The lifecycle step a notification announces, or null for an event type the console does not know. */
export function stepOfEventType(eventType: string): LifecycleStep | null {
  switch (eventType) {
    case 'order_approved':
      return 'approved';
    case 'order_authorised':
      return 'authorised';
    case 'order_captured':
      return 'captured';
    case 'order_declined':
      return 'declined';
    case 'order_expired':
      return 'expired';
    case 'order_canceled':
      return 'canceled';
    case 'order_refunded':
      return 'refunded';
    default:
      return null;
  }
}

/**
 * The notifications after which an order can be in `state`. Not only its step's event: a cancel
 * of the uncaptured rest leaves an order partially captured or refunded (or fully refunded, all
 * captured refunded), and a capture after a refund leaves it partially refunded. Matched by step
 * alone, an emulator holding an order partially captured after its order_canceled said "no record
 * here says so yet" beside that very record (emulator-held-state.ts).
 */
export const EVENT_TYPES_REACHING: Record<OrderState, readonly OrderEventType[]> = {
  new: [],
  approved: ['order_approved'],
  authorised: ['order_authorised'],
  declined: ['order_declined'],
  expired: ['order_expired'],
  canceled: ['order_canceled'],
  partially_captured: ['order_captured', 'order_canceled'],
  fully_captured: ['order_captured'],
  partially_refunded: ['order_refunded', 'order_captured', 'order_canceled'],
  fully_refunded: ['order_refunded', 'order_canceled'],
};

/** Whether a notification of `eventType` can leave an order in `state` (EVENT_TYPES_REACHING). */
export function eventTypeReaches(eventType: string | null, state: OrderState): boolean {
  return EVENT_TYPES_REACHING[state].some((reaching) => reaching === eventType);
}

/**
 * Which follow-up operation the emulator accepts in which state (the Orders view enables its
 * actions by the same table). Reading the order and changing its reference id work in any state.
 */
export const OPERATION_FROM_STATES: Record<OperationName, readonly OrderState[]> = {
  authorise: ['approved'],
  // A partly captured order, refunded or not, keeps its rest authorised: it can be captured or
  // cancelled (the emulator refuses when nothing is left; docs/defaults.md).
  capture: ['authorised', 'partially_captured', 'partially_refunded'],
  cancel: ['new', 'approved', 'authorised', 'partially_captured', 'partially_refunded'],
  refund: ['partially_captured', 'fully_captured', 'partially_refunded'],
  getOrder: ORDER_STATES,
  updateReferenceId: ORDER_STATES,
};

export function operationAllowedIn(operation: OperationName, state: OrderState): boolean {
  return OPERATION_FROM_STATES[operation].includes(state);
}

/** What the customer can do on the hosted checkout page (or `/_emulator/orders/{id}/…`); only from `new`. */
export const CUSTOMER_ACTIONS = ['pay', 'decline', 'cancel', 'expire'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

/** Where each customer action takes a `new` order, and the notification it sends (null: none). */
export const CUSTOMER_ACTION_OUTCOME: Record<
  CustomerAction,
  { state: OrderState; eventType: OrderEventType | null; redirect: 'success' | 'failure' | 'cancel' | null }
> = {
  pay: { state: 'approved', eventType: 'order_approved', redirect: 'success' },
  decline: { state: 'declined', eventType: 'order_declined', redirect: 'failure' },
  cancel: { state: 'canceled', eventType: null, redirect: 'cancel' },
  expire: { state: 'expired', eventType: 'order_expired', redirect: null },
};
