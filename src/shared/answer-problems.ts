import { formatBytes } from './byte-size';
import type { BoundedJson } from './bounded-json';
import { isLoopbackHost } from './loopback-host';
import { checkoutCreatedSchema, type CheckoutCreated, type ClientOperation } from './merchant-api';

/** A service answer as the client read it: enough to say what is wrong with it. */
export interface ReadAnswer {
  operation: ClientOperation;
  status: number | null;
  /** How many bytes of the body were kept (0: none, or no answer). */
  keptBytes: number;
  /** The kept body read as JSON, once, by the reader that reads it for everything else; null: no body. */
  json: BoundedJson | null;
  contentType: string | null;
  /** The answer was longer than the console keeps: `receivedBytes` arrived, `keptBytes` kept. */
  truncated: boolean;
  receivedBytes: number;
  /** A redirect's Location header, as scrubbed for the record; absent or null: not known. */
  location?: string | null;
}

/** The statuses that send the client elsewhere (304 Not Modified sends it nowhere). */
const REDIRECTS: readonly number[] = [301, 302, 303, 307, 308];

/**
 * The problems that make a 2xx no answer at all, by the words this module writes for them: an
 * answer cut at the console's limit, a body that is not JSON, an empty body, JSON that is not an
 * object, the service's error shape. An order never moves on such an answer (docs/orders.md);
 * a created checkout missing a field is still an answer. Matched on the words because those are
 * what the record keeps (details.answerProblems), for every screen and the derivation alike.
 */
const NOT_AN_ANSWER: readonly RegExp[] = [
  /^The answer was longer than the console keeps: /,
  /^The service answered \d+ with a body that is not JSON/,
  /^The service answered \d+ with an empty body: /,
  /^The service answered \d+ with JSON that is not an object /,
  /^The service answered \d+ with an error body/,
];

/** The first of `problems` (answerProblems' words) that makes the answer no answer, else null. */
export function notAnAnswer(problems: readonly string[]): string | null {
  return problems.find((problem) => NOT_AN_ANSWER.some((pattern) => pattern.test(problem))) ?? null;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec's error shape (`errors`, an array of `{ error_code }`) in a 2xx: the service saying
 * no under a success status. Its codes and message, as the error view shows them.
 */
function errorBodyWords(value: Record<string, unknown>): string | null {
  const errors = value['errors'];
  if (!Array.isArray(errors)) return null;
  const codes = errors.flatMap((entry) =>
    isObject(entry) && typeof entry['error_code'] === 'string' ? [entry['error_code']] : [],
  );
  const message = typeof value['message'] === 'string' ? value['message'] : '';
  const said = [codes.join(', '), message].filter((part) => part !== '').join(': ');
  return said === '' ? '' : ` (${said})`;
}

/**
 * What is wrong with a created checkout's checkout_url, where the customer is sent to pay: the
 * spec's is a URL "with locale and order id as query parameters". Parsed, never matched as text.
 * Plain http on this machine is the emulator's own page. Warnings only: the checkout was created.
 */
function checkoutUrlProblem(created: CheckoutCreated): string | null {
  const shown = JSON.stringify(created.checkout_url);
  let url: URL;
  try {
    url = new URL(created.checkout_url);
  } catch {
    url = new URL('invalid:');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return `The checkout_url ${shown} is not a web address (https://…): a customer sent there reaches no checkout page.`;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname))
    return `The checkout_url ${shown} is not https: the customer's payment page would travel unencrypted.`;
  const named = url.searchParams.get('order_id');
  if (named !== null && named !== created.order_id)
    return `The checkout_url names order_id ${named}, but the answer's order_id is ${created.order_id}: a customer sent there pays another order.`;
  return null;
}

/**
 * What is wrong with an answer that a status alone would call a success, said once for every
 * screen (the timeline, the builder, `send`): a 2xx that is not JSON (an HTML error page a proxy
 * answered 200 with), empty, not an object or the service's error shape, a create-checkout 2xx
 * that holds no created checkout or one whose checkout_url is wrong, an answer cut at the
 * console's limit. Before, such an answer read "Answered successfully."
 */
export function answerProblems(answer: ReadAnswer): string[] {
  const problems: string[] = [];
  if (answer.truncated)
    problems.push(
      `The answer was longer than the console keeps: only its first ${formatBytes(answer.keptBytes)} were kept, of ${formatBytes(answer.receivedBytes)} or more that arrived, so it was not read as JSON.`,
    );
  const status = answer.status;
  // The client follows no redirect (a request goes once, to the address given): a 302 is the
  // answer, and it read "Answered 302." with nothing saying it pointed elsewhere.
  if (status !== null && REDIRECTS.includes(status)) {
    const to = answer.location === undefined || answer.location === null ? '' : ` to ${answer.location}`;
    problems.push(
      `The service answered ${status}: a redirect${to}, not followed (the console sends each request once, to the address given).`,
    );
    return problems;
  }
  if (status === null || status < 200 || status >= 300 || answer.truncated) return problems;
  const type = answer.contentType === null ? '' : ` (Content-Type: ${answer.contentType})`;
  const read = answer.keptBytes === 0 ? null : answer.json;
  if (read !== null && !read.ok) {
    problems.push(
      `The service answered ${status} with a body that is not JSON${type}: its answers are JSON objects.`,
    );
    return problems;
  }
  if (read === null) {
    problems.push(
      answer.operation === 'createCheckout'
        ? `The service answered ${status} with an empty body: a created checkout answers order_id, checkout_id, status and checkout_url.`
        : `The service answered ${status} with an empty body: its answers are JSON objects.`,
    );
    return problems;
  }
  if (!isObject(read.value)) {
    const kind = Array.isArray(read.value)
      ? 'an array'
      : read.value === null
        ? 'null'
        : `a ${typeof read.value}`;
    problems.push(
      `The service answered ${status} with JSON that is not an object (${kind}): its answers are JSON objects.`,
    );
    return problems;
  }
  const error = errorBodyWords(read.value);
  if (error !== null) {
    problems.push(
      `The service answered ${status} with an error body${error}: an error is not an answer to act on.`,
    );
    return problems;
  }
  if (answer.operation !== 'createCheckout') return problems;
  const created = checkoutCreatedSchema.safeParse(read.value);
  if (created.success) {
    const url = checkoutUrlProblem(created.data);
    if (url !== null) problems.push(url);
  } else {
    const fields = [...new Set(created.error.issues.map((issue) => issue.path.join('.') || 'the body'))];
    problems.push(
      `The service answered ${status}, but not with a created checkout: ${fields.join(', ')} ${fields.length === 1 ? 'is' : 'are'} missing or not text (a created checkout answers order_id, checkout_id, status and checkout_url).`,
    );
  }
  return problems;
}
