import type { OperationName } from './profile';

/**
 * Default request bodies of the follow-up operations. The spec shows none of them; these are
 * the console's documented defaults (README), shown and editable before every send, and what
 * the local emulator accepts.
 */
export interface OperationBodyInput {
  orderId: string;
  /** The amount to capture or refund, as the order's currency writes it. */
  amount?: string | number | null;
  currency?: string | null;
  /** For update-reference-id: the new merchant reference. */
  orderReferenceId?: string | null;
}

export function defaultOperationBody(
  operation: OperationName,
  input: OperationBodyInput,
): Record<string, unknown> | null {
  const money = { amount: input.amount ?? null, currency: input.currency ?? 'SAR' };
  switch (operation) {
    case 'capture':
    case 'refund':
      return { order_id: input.orderId, total_amount: money };
    case 'updateReferenceId':
      return { order_reference_id: input.orderReferenceId ?? '' };
    case 'authorise':
    case 'getOrder':
    case 'cancel':
      return null;
  }
}

/** Fills `{order_id}` (and any `{name}` the caller knows) in a path template, URL-encoded. */
export function fillPathTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}
