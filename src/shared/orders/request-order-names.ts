import { DEFAULT_OPERATIONS, type OperationName } from '../profile';
import { escapeRegExp } from '../escape-regexp';
import { isJsonObject, stringField } from './order-record';

/**
 * Which order a follow-up request concerns, read from the request itself and its answer — not
 * from the order it was sent for. The request editor sends anything typed (another order's id
 * in its URL or body, for a negative test), so the order a record is filed under and the order
 * it moves are the one the request named, and above all the one the service answered for.
 * One owner: the client files its records by it (merchant-api-client.ts), and the derivation
 * judges every stored record by it as it reads them (request-order-check.ts), records filed
 * before this existed too.
 */

/** Where an order id was read: the request's URL path, its JSON body, the service's answer. */
export interface RequestOrderNames {
  url: string | null;
  body: string | null;
  answer: string | null;
}

/** Longer than any order id the console files (contract/orders.ts allows 200). */
const MAX_ORDER_ID = 200;

/**
 * An order id as text a record can name: 1 to 200 characters, no white space or control
 * characters (the spec's are UUIDs; the emulator's and a sandbox's may be written otherwise).
 */
export function wellFormedOrderId(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ORDER_ID) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  return /[\s\u0000-\u001f\u007f]/.test(value) ? null : value;
}

/**
 * The order id a request path carries where its operation's path template puts `{order_id}`
 * (read at the path's end, after any path the base URL has), or null when the template has
 * none (capture's /payments/capture) or the path does not fit it.
 */
export function orderIdInPath(path: string | null, template: string): string | null {
  if (path === null) return null;
  let captured = false;
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      if (!/^\{[^}]+\}$/.test(part)) return escapeRegExp(part);
      if (part !== '{order_id}' || captured) return '[^/]+';
      captured = true;
      return '([^/]+)';
    })
    .join('');
  if (!captured) return null;
  const match = new RegExp(`${pattern}$`).exec(path);
  const raw = match?.[1];
  if (raw === undefined) return null;
  try {
    return wellFormedOrderId(decodeURIComponent(raw));
  } catch {
    return null;
  }
}

/** The order ids a follow-up request and its answer name, each where it was read. */
export function requestOrderNames(input: {
  operation: OperationName;
  path: string | null;
  /** The operation's path template the request was made from; absent, the default one. */
  pathTemplate?: string | null | undefined;
  request: unknown;
  answer: unknown;
}): RequestOrderNames {
  const template = input.pathTemplate ?? DEFAULT_OPERATIONS[input.operation].path;
  return {
    url: orderIdInPath(input.path, template),
    body: wellFormedOrderId(stringField(input.request, 'order_id')),
    answer: isJsonObject(input.answer) ? wellFormedOrderId(input.answer['order_id']) : null,
  };
}

/** A stored operation record as read here: its path, its details, its bodies as JSON. */
export interface NamingRecord {
  path: string | null;
  details: Record<string, unknown>;
  requestJson: unknown;
  responseJson: unknown;
}

/**
 * What a stored record of a follow-up operation names. Its details keep the path template it
 * was made from (`pathTemplate`; records from before it, the default one).
 */
export function recordOrderNames(operation: OperationName, record: NamingRecord): RequestOrderNames {
  return requestOrderNames({
    operation,
    path: record.path,
    pathTemplate: stringField(record.details, 'pathTemplate'),
    request: record.requestJson,
    answer: record.responseJson,
  });
}

/** The order a record was sent for (`sentForOrder`: the order whose editor, or scenario step, sent it). */
export const sentForOrderOf = (details: Record<string, unknown>): string | null =>
  wellFormedOrderId(details['sentForOrder']);

/**
 * The one order the request provably concerns: the answer's, the service's own word; else the
 * one its URL and body name, when they name one; null when they name two, or none.
 */
export function namedOrder(names: RequestOrderNames): string | null {
  if (names.answer !== null) return names.answer;
  if (names.url !== null && names.body !== null) return names.url === names.body ? names.url : null;
  return names.url ?? names.body;
}

/**
 * Whether a request filed under `orderId` concerns it: the order it names is that one, or it
 * names none at all (nothing in it says otherwise).
 */
export function concernsOrder(names: RequestOrderNames, orderId: string): boolean {
  const named = namedOrder(names);
  if (named !== null) return named === orderId;
  return names.url === null && names.body === null;
}

const SOURCE_WORDS: Record<keyof RequestOrderNames, string> = {
  url: 'its URL',
  body: 'its body',
  answer: 'the answer',
};

/**
 * What disagrees about the order of a request filed under `orderId` and sent for `sentFor`
 * (the order whose editor, or scenario step, sent it), in words; null when nothing does.
 * e.g. `Sent for order A, but names order B (its URL and the answer)`.
 */
export function orderDisagreement(
  names: RequestOrderNames,
  orderId: string,
  sentFor: string | null,
): string | null {
  const named = new Map<string, string[]>();
  for (const source of ['url', 'body', 'answer'] as const) {
    const id = names[source];
    if (id !== null) named.set(id, [...(named.get(id) ?? []), SOURCE_WORDS[source]]);
  }
  const ids = new Set([...named.keys(), ...(sentFor === null ? [] : [sentFor])]);
  if (ids.size === 0 || (ids.size === 1 && ids.has(orderId))) return null;
  if (named.size === 0) return null;
  const orderWords = (id: string) => (id === orderId ? 'this order' : `order ${id}`);
  const where = (sources: string[]) =>
    sources.length === 1
      ? (sources[0] ?? '')
      : `${sources.slice(0, -1).join(', ')} and ${sources.at(-1) ?? ''}`;
  const naming = [...named].map(([id, sources]) => `${orderWords(id)} (${where(sources)})`).join(' and ');
  if (sentFor === null) return `Names ${naming}`;
  // "but" only when what it names is not what it was sent for at all.
  return `Sent for ${orderWords(sentFor)}${named.has(sentFor) ? '; it names' : ', but names'} ${naming}`;
}

/** What the Orders view, `orders show` and a record's detail say of a call's order, when anything disagrees. */
export interface NamedOrderFinding {
  severity: 'error' | 'warning';
  code: 'names_another_order' | 'order_names_disagree';
  message: string;
}

/**
 * Whether a call filed under `orderId` concerns it, and the finding about its order: one that
 * names another order is not evidence about this one (`names_another_order`); one that names
 * this order, but was sent for another or also names another, counts here and says so
 * (`order_names_disagree`).
 */
export function judgeNamedOrder(
  operation: OperationName,
  record: NamingRecord,
  orderId: string,
): { concerns: boolean; finding: NamedOrderFinding | null } {
  const names = recordOrderNames(operation, record);
  const words = orderDisagreement(names, orderId, sentForOrderOf(record.details));
  if (!concernsOrder(names, orderId)) {
    const message = `${words ?? 'Names another order'}: not evidence about this order`;
    return { concerns: false, finding: { severity: 'error', code: 'names_another_order', message } };
  }
  if (words === null) return { concerns: true, finding: null };
  const whose = names.answer === null ? 'the order it names' : 'the order the service answered for';
  return {
    concerns: true,
    finding: {
      severity: 'warning',
      code: 'order_names_disagree',
      message: `${words}; counted for this order, ${whose}`,
    },
  };
}
