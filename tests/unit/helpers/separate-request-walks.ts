import { depthBeyond, JSON_MAX_DEPTH } from '../../../src/shared/bounded-json';
import { blankTextFinding, isBlankText } from '../../../src/shared/checkout/blank-text';
import { notificationPath } from '../../../src/shared/checkout/consistency-checks';
import {
  emptyOptionalFinding,
  NOTIFICATION_URL_FIELD,
  OFFICIAL_CLIENT_EMPTY_FIELDS,
  OFFICIAL_CLIENT_NOTIFICATION_FIELD,
  type EmptyOptionalChoice,
} from '../../../src/shared/checkout/empty-optional';
import { fieldsFor, type FormField } from '../../../src/shared/checkout/field-catalogue';
import { ownValue, type RawFinding } from '../../../src/shared/checkout/findings';
import type { JsonPath } from '../../../src/shared/checkout/money-paths';
import { OFFICIAL_CLIENT_NULL_FIELDS, withoutKeysAt } from '../../../src/shared/checkout/null-optional';
import type { CheckoutForm } from '../../../src/shared/checkout/request-parts';

/**
 * The walks validateCheckout made over a request before they were one (request-walk.ts), kept
 * here unchanged as the answer the one walk is held to (checkout-request-walk.test.ts): the
 * depth check, the optional fields given null, then, over the request without them, those
 * given "", the texts of only blanks (unknown keys are held to checkout-validation-paths.test.ts's
 * own reference, referenceUnknownKeys). Each walked the request on its own.
 */

interface FieldPlace {
  field: FormField;
  segments: readonly string[];
  rule: string;
}

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

interface PlaceNode {
  place: FieldPlace | null;
  children: Map<string, PlaceNode>;
}

const trees = new Map<string, PlaceNode>();

function placesOf(
  name: string,
  form: CheckoutForm,
  singleCheckout: boolean,
  pick: (field: FormField) => boolean,
): PlaceNode {
  const key = `${name}:${form}:${String(singleCheckout)}`;
  const built = trees.get(key);
  if (built !== undefined) return built;
  const tree: PlaceNode = { place: null, children: new Map() };
  trees.set(key, tree);
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
  return tree;
}

function valuesWhere(
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

export interface SeparateWalkOptions {
  form: CheckoutForm;
  singleCheckout: boolean;
  notificationField: string | undefined;
  choice: EmptyOptionalChoice;
}

const takesNull: ReadonlySet<string> = new Set(OFFICIAL_CLIENT_NULL_FIELDS);
const nullJudged = (field: FormField) =>
  !field.required && field.kind !== 'json' && !takesNull.has(field.path);

function nullOptionals(
  payload: unknown,
  options: SeparateWalkOptions,
): { findings: RawFinding[]; judged: unknown } {
  const found: { path: JsonPath; rule: string }[] = [];
  const places = placesOf('null-optional', options.form, options.singleCheckout, nullJudged);
  for (const { place, path } of valuesWhere(payload, places, (value) => value === null))
    found.push({ path, rule: place.rule });
  const notification = notificationPath(options.notificationField);
  if (notification.reduce<unknown>((node, key) => ownValue(node, key), payload) === null)
    found.push({ path: notification, rule: NOTIFICATION_URL_FIELD });
  if (found.length === 0) return { findings: [], judged: payload };
  const { choice } = options;
  return {
    findings:
      choice === 'accept'
        ? []
        : found.map(({ path, rule }) => emptyOptionalFinding(path, rule, choice, 'null')),
    judged: withoutKeysAt(
      payload,
      found.map(({ path }) => path),
    ),
  };
}

const officialEmpty: ReadonlySet<string> = new Set(OFFICIAL_CLIENT_EMPTY_FIELDS);
const textKinds: ReadonlySet<string> = new Set(['string', 'email', 'date', 'uri', 'enum']);
const emptyJudged = (field: FormField) =>
  !field.required && textKinds.has(field.kind) && !officialEmpty.has(field.path);

function checkEmptyOptionals(payload: unknown, options: SeparateWalkOptions): RawFinding[] {
  const { choice } = options;
  if (choice === 'accept') return [];
  const findings: RawFinding[] = [];
  const places = placesOf('empty-optional', options.form, options.singleCheckout, emptyJudged);
  for (const { place, path } of valuesWhere(payload, places, (value) => value === ''))
    findings.push(emptyOptionalFinding(path, place.rule, choice));
  const notification = notificationPath(options.notificationField);
  if (notification.join('.') === OFFICIAL_CLIENT_NOTIFICATION_FIELD) return findings;
  const value = notification.reduce<unknown>((node, key) => ownValue(node, key), payload);
  if (value === '') findings.push(emptyOptionalFinding(notification, NOTIFICATION_URL_FIELD, choice));
  return findings;
}

function checkBlankTexts(payload: unknown, options: SeparateWalkOptions): RawFinding[] {
  const { choice } = options;
  if (choice === 'accept') return [];
  const findings: RawFinding[] = [];
  const places = placesOf(
    'blank-text',
    options.form,
    options.singleCheckout,
    (field) => field.kind === 'string',
  );
  for (const { place, path } of valuesWhere(payload, places, isBlankText))
    findings.push(blankTextFinding(path, place.rule, place.field.required, choice));
  return findings;
}

/** What the separate walks answered, in the order validateCheckout read them. */
export function separateWalks(payload: unknown, options: SeparateWalkOptions) {
  const tooDeep = depthBeyond(payload, JSON_MAX_DEPTH);
  const nulls = nullOptionals(payload, options);
  return {
    tooDeep,
    judged: nulls.judged,
    nullFindings: nulls.findings,
    emptyFindings: checkEmptyOptionals(nulls.judged, options),
    blankFindings: checkBlankTexts(nulls.judged, options),
  };
}
