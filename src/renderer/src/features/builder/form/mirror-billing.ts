import { getIn, setIn } from '@shared/builder/document-edit';
import { billingDiffersFromShipping } from '../builder-store';

/** billing_address made a copy of shipping_address (what "same as shipping" keeps true). */
export function mirrorBilling(document: unknown): unknown {
  const shipping = getIn(document, ['shipping_address']);
  if (shipping === undefined) return document;
  return setIn(document, ['billing_address'], structuredClone(shipping));
}

/**
 * `after` (an edit of `before`) with billing following shipping, unless billing was an address
 * of its own before the edit: that one is never written over (the store then switches "same as
 * shipping" off and says why).
 */
export function followShipping(before: unknown, after: unknown): unknown {
  return billingDiffersFromShipping(before) ? after : mirrorBilling(after);
}
