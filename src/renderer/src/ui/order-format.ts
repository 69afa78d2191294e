import { OPERATION_WORDS, ORDER_STATE_WORDS } from '@shared/orders/operation-availability';
import { ENTRY_EFFECT_WORDS, type EntryEffect } from '@shared/orders/order-lifecycle';
import { LIFECYCLE_STEP_WORDS, type OrderState } from '@shared/orders/order-states';
import type { ClientOperation } from '@shared/merchant-api';
import type { OperationName } from '@shared/profile';
import type { Provenance, Whose } from '@shared/provenance';

export const STATE_LABEL = ORDER_STATE_WORDS;

export const STATE_COLOR: Record<OrderState, string> = {
  new: 'gray',
  approved: 'blue',
  authorised: 'indigo',
  declined: 'red',
  expired: 'dark',
  canceled: 'orange',
  partially_captured: 'teal',
  fully_captured: 'green',
  partially_refunded: 'grape',
  fully_refunded: 'grape',
};

export const STEP_LABEL = LIFECYCLE_STEP_WORDS;

export const EFFECT_COLOR: Record<EntryEffect, string> = {
  moved: 'green',
  confirmed: 'teal',
  duplicate: 'gray',
  out_of_order: 'orange',
  failed: 'red',
  unanswered: 'orange',
  pending: 'yellow',
  unknown: 'violet',
  info: 'blue',
  copy: 'gray',
  unverified: 'orange',
  contradicts: 'red',
  other_profile: 'orange',
};

export const EFFECT_LABEL = ENTRY_EFFECT_WORDS;

/** The console's own records, marked on every list: whose doing it was, in one word. */
export const PROVENANCE_LABEL: Record<Provenance, string | null> = {
  service: null,
  replay: 'replay',
  crafted: 'crafted',
  forward: 'forward',
  import: 'imported',
};

/**
 * The same, and a webhook the console did not make whose token did not verify (whoseOf): not
 * marked, it read as the service's own beside one that verified.
 */
export const WHOSE_LABEL: Record<Whose, string | null> = { ...PROVENANCE_LABEL, unverified: 'unverified' };

export const OPERATION_LABEL = OPERATION_WORDS;

/** Every request the console sends, named: the order operations and the session's creation. */
export const CLIENT_OPERATION_LABEL: Record<ClientOperation, string> = {
  createCheckout: 'Create checkout session',
  ...OPERATION_WORDS,
};

/** The order's actions, in the order a QA engineer reaches for them. */
export const ACTION_ORDER: readonly OperationName[] = [
  'authorise',
  'capture',
  'refund',
  'cancel',
  'getOrder',
  'updateReferenceId',
];

/** Badge styles that never truncate the word (tables squeeze their cells otherwise). */
export const WHOLE_BADGE = {
  root: { minWidth: 'max-content', flexShrink: 0 },
  label: { overflow: 'visible' },
} as const;
