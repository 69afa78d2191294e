import { getIn, setIn } from '@shared/builder/document-edit';

/** billing_address made a copy of shipping_address (what "same as shipping" keeps true). */
export function mirrorBilling(document: unknown): unknown {
  const shipping = getIn(document, ['shipping_address']);
  if (shipping === undefined) return document;
  return setIn(document, ['billing_address'], structuredClone(shipping));
}
