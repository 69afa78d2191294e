import type { FormField } from './field-catalogue';
import { fieldsFor } from './field-catalogue';
import { ownValue } from './findings';
import type { JsonPath } from './money-paths';
import type { CheckoutForm } from './request-parts';

/**
 * The catalogue's fields as places in a request: the checks that look at every field of a kind
 * (empty-optional.ts, blank-text.ts) find their values with these, one walk each.
 */

/** A catalogue field as a place in a request, with the spec's name for it. */
export interface FieldPlace {
  field: FormField;
  /** `['items', '[]', 'item_url']`: `[]` stands for each element. */
  segments: readonly string[];
  /** The field as the spec's tables name it: `Item: item_url`. */
  rule: string;
}

/** `merchant_url` → `merchant_url`, `items[]` → `Item`: the spec's name of the table a field sits in. */
function tableOf(parent: string): string {
  if (parent === '') return 'Checkout request';
  if (parent === 'items[]') return 'Item';
  if (parent === 'consumer') return 'Consumer';
  if (parent.endsWith('_address')) return 'Address';
  return parent.slice(parent.lastIndexOf('.') + 1);
}

function placeOf(field: FormField): FieldPlace {
  const cut = field.path.lastIndexOf('.');
  const parent = cut < 0 ? '' : field.path.slice(0, cut);
  const key = field.path.slice(cut + 1);
  return {
    field,
    segments: field.path
      .split('.')
      .flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part])),
    rule: `${tableOf(parent)}: ${key}`,
  };
}

/**
 * The places of the fields `pick` takes, per form and single-checkout option, built on first
 * use under `name` (each check asks with its own name and pick).
 */
export function placesOf(
  name: string,
  form: CheckoutForm,
  singleCheckout: boolean,
  pick: (field: FormField) => boolean,
): readonly FieldPlace[] {
  const key = `${name}:${form}:${String(singleCheckout)}`;
  let places = cache.get(key);
  if (places === undefined) {
    places = fieldsFor(form, { singleCheckout }).filter(pick).map(placeOf);
    cache.set(key, places);
  }
  return places;
}
const cache = new Map<string, readonly FieldPlace[]>();

/** The paths under `payload` at `segments` (each element where they say `[]`) whose value passes `test`; own keys only. */
export function pathsWhere(
  payload: unknown,
  segments: readonly string[],
  test: (value: unknown) => boolean,
): JsonPath[] {
  const out: JsonPath[] = [];
  const walk = (node: unknown, rest: readonly string[], at: (string | number)[]) => {
    const [head, ...tail] = rest;
    if (head === undefined) {
      if (test(node)) out.push([...at]);
      return;
    }
    if (head === '[]') {
      if (Array.isArray(node))
        for (let index = 0; index < node.length; index++) walk(ownValue(node, index), tail, [...at, index]);
      return;
    }
    walk(ownValue(node, head), tail, [...at, head]);
  };
  walk(payload, segments, []);
  return out;
}
