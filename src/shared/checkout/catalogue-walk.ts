import { isFreeText } from './blank-text';
import { isEmptyJudged } from './empty-optional';
import type { FormField } from './field-catalogue';
import { fieldsFor } from './field-catalogue';
import { isNullJudged } from './null-optional';
import type { CheckoutForm } from './request-parts';

/**
 * The catalogue's fields as places in a request, for the checks that look at every field of a
 * kind: an optional field given null (null-optional.ts) or "" (empty-optional.ts), a text of
 * only blanks (blank-text.ts). One tree holds the places of all three, so the one walk of a
 * request (request-walk.ts) visits each place once (a walk each cost ~1 µs a check on the
 * emulator's create-checkout, issue 20, and ~25 µs each before they followed a tree).
 */

/** What the place at a node is to each check: the spec's name of the field, or null when the check skips it. */
export interface PlaceNode {
  /** Judged when null (null-optional.ts). */
  nullRule: string | null;
  /** Judged when "" (empty-optional.ts). */
  emptyRule: string | null;
  /** Judged when only blanks (blank-text.ts), and whether the field is required. */
  blank: { rule: string; required: boolean } | null;
  /** By key; `[]` stands for each element of an array. */
  children: Map<string, PlaceNode>;
}

/** `merchant_url` → `merchant_url`, `items[]` → `Item`: the spec's name of the table a field sits in. */
function tableOf(parent: string): string {
  if (parent === '') return 'Checkout request';
  if (parent === 'items[]') return 'Item';
  if (parent === 'consumer') return 'Consumer';
  if (parent.endsWith('_address')) return 'Address';
  return parent.slice(parent.lastIndexOf('.') + 1);
}

/** The field as the spec's tables name it: `Item: item_url`. */
function ruleOf(field: FormField): string {
  const cut = field.path.lastIndexOf('.');
  return `${tableOf(cut < 0 ? '' : field.path.slice(0, cut))}: ${field.path.slice(cut + 1)}`;
}

/** `items[].item_url` → `['items', '[]', 'item_url']`. */
const segmentsOf = (field: FormField) =>
  field.path.split('.').flatMap((part) => (part.endsWith('[]') ? [part.slice(0, -2), '[]'] : [part]));

const emptyNode = (): PlaceNode => ({ nullRule: null, emptyRule: null, blank: null, children: new Map() });

const cache = new Map<string, PlaceNode>();

/** The places of one form (and single-checkout option) as one tree, built on first use. */
export function placesOf(form: CheckoutForm, singleCheckout: boolean): PlaceNode {
  const key = `${form}:${String(singleCheckout)}`;
  let tree = cache.get(key);
  if (tree === undefined) {
    tree = emptyNode();
    for (const field of fieldsFor(form, { singleCheckout })) {
      const judgedNull = isNullJudged(field);
      const judgedEmpty = isEmptyJudged(field);
      const judgedBlank = isFreeText(field);
      if (!judgedNull && !judgedEmpty && !judgedBlank) continue;
      let node = tree;
      for (const segment of segmentsOf(field)) {
        let child = node.children.get(segment);
        if (child === undefined) {
          child = emptyNode();
          node.children.set(segment, child);
        }
        node = child;
      }
      const rule = ruleOf(field);
      if (judgedNull) node.nullRule = rule;
      if (judgedEmpty) node.emptyRule = rule;
      if (judgedBlank) node.blank = { rule, required: field.required };
    }
    cache.set(key, tree);
  }
  return tree;
}
