import type { FormField } from './field-catalogue';
import type { JsonPath } from './money-paths';

/**
 * An optional field given `null`. The spec types each field and does not show how the service
 * reads JSON's null where a field is optional (a client that serialises "no value" as null, as
 * many do); the console judged it `wrong_type`, an error, where the official client's own nulls
 * (billing_address, an item's unit_price, tax_amount, discount_amount) passed. Now every optional
 * field is read the same way: null is read as not given (the field is left out before its
 * checks), weighed by the setting that weighs an optional "" (`EmptyOptionalChoice`): one
 * `empty_optional` warning by default, an error under `refuse`, nothing under `accept`. A
 * required field given null is still `wrong_type`; the extra risk fields take any value.
 */

/** Optional fields whose own check takes null: the official client sends null for them when unset. */
export const OFFICIAL_CLIENT_NULL_FIELDS = [
  'billing_address',
  'items[].unit_price',
  'items[].tax_amount',
  'items[].discount_amount',
] as const;

const takesNull: ReadonlySet<string> = new Set(OFFICIAL_CLIENT_NULL_FIELDS);
/** Whether a field given null is judged here (request-walk.ts finds them; the notification URL's field is judged too). */
export const isNullJudged = (field: FormField) =>
  !field.required && field.kind !== 'json' && !takesNull.has(field.path);

/** `payload` without the keys at `paths`: the containers along each path copied, the rest shared. */
export function withoutKeysAt(payload: unknown, paths: readonly JsonPath[]): unknown {
  const copies = new Map<object, Record<string | number, unknown> | unknown[]>();
  const copyOf = (node: object) => {
    let copy = copies.get(node);
    if (copy === undefined) {
      copy = Array.isArray(node) ? [...(node as unknown[])] : { ...(node as Record<string, unknown>) };
      copies.set(node, copy);
    }
    return copy;
  };
  const root = copyOf(payload as object);
  for (const path of paths) {
    let copy: Record<string | number, unknown> | unknown[] = root;
    for (const key of path.slice(0, -1)) {
      const child = (copy as Record<string | number, unknown>)[key];
      const childCopy = copyOf(child as object);
      (copy as Record<string | number, unknown>)[key] = childCopy;
      copy = childCopy;
    }
    Reflect.deleteProperty(copy, path[path.length - 1] ?? '');
  }
  return root;
}
