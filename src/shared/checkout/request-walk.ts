import { depthBeyond, JSON_MAX_DEPTH } from '../bounded-json';
import { blankTextFinding, isBlankText } from './blank-text';
import { placesOf, type PlaceNode } from './catalogue-walk';
import { notificationPath } from './consistency-checks';
import {
  emptyOptionalFinding,
  NOTIFICATION_URL_FIELD,
  OFFICIAL_CLIENT_NOTIFICATION_FIELD,
  type EmptyOptionalChoice,
} from './empty-optional';
import { ownValue, type RawFinding } from './findings';
import type { JsonPath } from './money-paths';
import { withoutKeysAt } from './null-optional';
import type { CheckoutForm } from './request-parts';
import { MAX_SUGGESTIONS, structureFor, unknownKeyFinding, type KnownLevel } from './unknown-keys';

/**
 * One walk over a request for everything validateCheckout looks for value by value: whether it
 * is nested deeper than any reader can go, the optional fields given null (null-optional.ts) or
 * "" (empty-optional.ts), the texts of only blanks (blank-text.ts) and the keys the spec does
 * not name (unknown-keys.ts). Each walked the request on its own before, five walks costing
 * about 5 µs of create-checkout's ~130 (issue 20); their rules and words stay in their files,
 * and tests/unit/checkout-request-walk.test.ts holds this walk to the separate walks' answers
 * over thousands of changed requests.
 *
 * The depth check sees every value; the others only the places and keys the spec names. The
 * walk stops at the first value deeper than JSON_MAX_DEPTH, so a hostile request can neither
 * overflow the stack nor, sharing its objects (a value held twice at each level, or a cycle),
 * make it visit 2^64 paths; depthBeyond, the depth check's owner, then says where (the rare
 * refused request pays for its second walk), and what was found is discarded.
 */

export interface RequestWalkOptions {
  form: CheckoutForm;
  singleCheckout: boolean;
  /** The request field that carries the notification URL (its own path per profile). */
  notificationField: string | undefined;
  choice: EmptyOptionalChoice;
}

export interface RequestWalk {
  /** Where the request is nested deeper than JSON_MAX_DEPTH, as depthBeyond says it; null when it is not. */
  tooDeep: { depth: number; under: string | number | null } | null;
  /** The request as the checks read it: the optional fields given null left out (the request itself when there are none). */
  judged: unknown;
  /** The optional fields given null, each as `choice` weighs it (none under `accept`). */
  nullFindings: RawFinding[];
  /** The optional text fields given "" that the official client does not send so (none under `accept`). */
  emptyFindings: RawFinding[];
  /** The free-text fields given only blanks (none under `accept`). */
  blankFindings: RawFinding[];
  /** The keys the spec does not name, in the order the walk meets them. */
  unknownKeys: RawFinding[];
}

/** What one walk carries: kept in one object rather than closures made for each request. */
interface WalkState {
  /** The path of the container being walked, copied only into what is found. */
  path: (string | number)[];
  /** Null, "" and blanks weighed (not under `accept`, where only nulls are looked for, to be left out). */
  weighed: Exclude<EmptyOptionalChoice, 'accept'> | null;
  nulls: { path: JsonPath; rule: string }[];
  empties: RawFinding[];
  blanks: RawFinding[];
  unknownKeys: RawFinding[];
  /** Set at the first value too deep: the walk stops there. */
  tooDeep: boolean;
}

/** The checks of one place on the value given there, `key` its last step. */
function judgeValue(state: WalkState, value: unknown, place: PlaceNode, key: string | number): void {
  if (value === null) {
    if (place.nullRule !== null) state.nulls.push({ path: [...state.path, key], rule: place.nullRule });
    return;
  }
  const { weighed } = state;
  if (weighed === null) return;
  if (value === '') {
    if (place.emptyRule !== null)
      state.empties.push(emptyOptionalFinding([...state.path, key], place.emptyRule, weighed));
    return;
  }
  if (place.blank !== null && isBlankText(value))
    state.blanks.push(
      blankTextFinding([...state.path, key], place.blank.rule, place.blank.required, weighed),
    );
}

/**
 * Walks a container at `depth` (the request is 0). `level`: the known keys of a plain object
 * here; `elements`: those of each element of an array here (unknown-keys.ts looks into an array
 * only where the spec names one); `place`: the catalogue's places under this container.
 */
function walk(
  state: WalkState,
  node: object,
  depth: number,
  level: KnownLevel | undefined,
  elements: KnownLevel | undefined,
  place: PlaceNode | undefined,
): void {
  if (depth + 1 > JSON_MAX_DEPTH) {
    state.tooDeep = true;
    return;
  }
  const { path } = state;
  if (Array.isArray(node)) {
    const elementPlace = place?.children.get('[]');
    for (let index = 0; index < node.length; index++) {
      const child: unknown = node[index];
      if (elementPlace !== undefined) judgeValue(state, child, elementPlace, index);
      if (typeof child !== 'object' || child === null) continue;
      path.push(index);
      walk(state, child, depth + 1, elements, undefined, elementPlace);
      path.pop();
      if (state.tooDeep) return;
    }
    return;
  }
  const record = node as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const step = level?.next.get(key);
    if (level !== undefined && step === undefined)
      state.unknownKeys.push(unknownKeyFinding(key, level, path, state.unknownKeys.length < MAX_SUGGESTIONS));
    const child = record[key];
    const childPlace = place?.children.get(key);
    if (childPlace !== undefined) judgeValue(state, child, childPlace, key);
    if (typeof child !== 'object' || child === null) continue;
    path.push(key);
    walk(state, child, depth + 1, step?.object, step?.array === true ? step.element : undefined, childPlace);
    path.pop();
    if (state.tooDeep) return;
  }
}

/** The one walk over `payload`; see above. */
export function walkRequest(payload: unknown, options: RequestWalkOptions): RequestWalk {
  const { choice } = options;
  const state: WalkState = {
    path: [],
    weighed: choice === 'accept' ? null : choice,
    nulls: [],
    empties: [],
    blanks: [],
    unknownKeys: [],
    tooDeep: false,
  };
  if (typeof payload === 'object' && payload !== null)
    walk(
      state,
      payload,
      0,
      structureFor(options.notificationField),
      undefined,
      placesOf(options.form, options.singleCheckout),
    );
  // The notification URL's field, wherever the profile puts it, after the catalogue's places
  // (a finding on the same path is then the catalogue's, as the separate walks had it).
  const notification = notificationPath(options.notificationField);
  const given = notification.reduce<unknown>((node, key) => ownValue(node, key), payload);
  if (given === null) state.nulls.push({ path: notification, rule: NOTIFICATION_URL_FIELD });
  else if (
    given === '' &&
    state.weighed !== null &&
    notification.join('.') !== OFFICIAL_CLIENT_NOTIFICATION_FIELD
  )
    state.empties.push(emptyOptionalFinding(notification, NOTIFICATION_URL_FIELD, state.weighed));
  const { nulls, weighed } = state;
  return {
    tooDeep: state.tooDeep
      ? (depthBeyond(payload, JSON_MAX_DEPTH) ?? { depth: JSON_MAX_DEPTH + 1, under: null })
      : null,
    judged:
      nulls.length === 0
        ? payload
        : withoutKeysAt(
            payload,
            nulls.map(({ path }) => path),
          ),
    nullFindings:
      weighed === null
        ? []
        : nulls.map(({ path, rule }) => emptyOptionalFinding(path, rule, weighed, 'null')),
    emptyFindings: state.empties,
    blankFindings: state.blanks,
    unknownKeys: state.unknownKeys,
  };
}

/** The unknown keys of a request, in the order the walk meets them. */
export function findUnknownKeys(payload: unknown, notificationField?: string): RawFinding[] {
  // The form only changes which places are judged, not which keys are known.
  return walkRequest(payload, { form: 'general', singleCheckout: true, notificationField, choice: 'accept' })
    .unknownKeys;
}
