import { isPlainObject, ownValue } from './findings';

/** Where Money objects sit in a request, and an immutable way to change them. */

export type JsonPath = readonly (string | number)[];

const ITEM_MONEY_KEYS = ['total_amount', 'unit_price', 'tax_amount', 'discount_amount'] as const;
const TOP_MONEY_KEYS = ['total_amount', 'shipping_amount', 'tax_amount'] as const;

export const DISCOUNT_AMOUNT_PATH: JsonPath = ['discount', 'amount'];

/** Paths of every Money object present in the payload (objects only), in document-ish order. */
export function moneyPaths(payload: unknown): JsonPath[] {
  const paths: JsonPath[] = [];
  if (!isPlainObject(payload)) return paths;
  for (const key of TOP_MONEY_KEYS) if (isPlainObject(ownValue(payload, key))) paths.push([key]);
  if (isPlainObject(ownValue(ownValue(payload, 'discount'), 'amount'))) paths.push(DISCOUNT_AMOUNT_PATH);
  const items = ownValue(payload, 'items');
  if (Array.isArray(items))
    items.forEach((item: unknown, index) => {
      for (const key of ITEM_MONEY_KEYS)
        if (isPlainObject(ownValue(item, key))) paths.push(['items', index, key]);
    });
  return paths;
}

export function valueAt(payload: unknown, path: JsonPath): unknown {
  let node = payload;
  for (const segment of path) node = ownValue(node, segment);
  return node;
}

/** A copy of `payload` with the value at `path` replaced by `update(old)`; containers on the way are copied. */
export function updateAt(payload: unknown, path: JsonPath, update: (old: unknown) => unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return update(payload);
  if (Array.isArray(payload) && typeof head === 'number') {
    const copy: unknown[] = [...payload];
    copy[head] = updateAt(payload[head], rest, update);
    return copy;
  }
  const base = isPlainObject(payload) ? payload : {};
  const copy: Record<string, unknown> = { ...base };
  // defineProperty, not assignment: a key named __proto__ stays an ordinary key.
  Object.defineProperty(copy, String(head), {
    value: updateAt(ownValue(base, head), rest, update),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}
