import type { FormField } from './field-catalogue';
import { fieldsFor } from './field-catalogue';
import { ownValue } from './findings';
import type { JsonPath } from './money-paths';
import type { CheckoutForm } from './request-parts';

/**
 * The catalogue's fields as places in a request: the checks that look at every field of a kind
 * (empty-optional.ts, null-optional.ts, blank-text.ts) find their values with these, one walk each.
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

/** The places as a tree of their segments, so one walk of a request visits each of them. */
interface PlaceNode {
  place: FieldPlace | null;
  children: Map<string, PlaceNode>;
}

/**
 * The places of the fields `pick` takes, per form and single-checkout option, as one tree,
 * built on first use under `name` (each check asks with its own name and pick).
 */
export function placesOf(
  name: string,
  form: CheckoutForm,
  singleCheckout: boolean,
  pick: (field: FormField) => boolean,
): PlaceNode {
  const key = `${name}:${form}:${String(singleCheckout)}`;
  let tree = cache.get(key);
  if (tree === undefined) {
    tree = { place: null, children: new Map() };
    for (const place of fieldsFor(form, { singleCheckout }).filter(pick).map(placeOf)) {
      let node = tree;
      for (const segment of place.segments) {
        let child = node.children.get(segment);
        if (child === undefined) {
          child = { place: null, children: new Map() };
          node.children.set(segment, child);
        }
        node = child;
      }
      node.place = place;
    }
    cache.set(key, tree);
  }
  return tree;
}
const cache = new Map<string, PlaceNode>();

/**
 * Every value at the places of `tree` (each element where a place says `[]`) that passes
 * `test`, with its path: one walk of the request, own keys only. (One walk per place, a copy
 * of the path per step, cost ~25 µs a check on a sample request, judged on every keystroke.)
 */
export function valuesWhere(
  payload: unknown,
  tree: PlaceNode,
  test: (value: unknown) => boolean,
): { place: FieldPlace; path: JsonPath }[] {
  const out: { place: FieldPlace; path: JsonPath }[] = [];
  const at: (string | number)[] = [];
  const walk = (value: unknown, node: PlaceNode) => {
    if (node.place !== null && test(value)) out.push({ place: node.place, path: [...at] });
    if (typeof value !== 'object' || value === null) return;
    for (const [segment, child] of node.children) {
      if (segment === '[]') {
        if (!Array.isArray(value)) continue;
        for (let index = 0; index < value.length; index++) {
          at.push(index);
          walk(ownValue(value, index), child);
          at.pop();
        }
        continue;
      }
      const next = ownValue(value, segment);
      if (next === undefined) continue;
      at.push(segment);
      walk(next, child);
      at.pop();
    }
  };
  walk(payload, tree);
  return out;
}
