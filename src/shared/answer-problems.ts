import type { BoundedJson } from './bounded-json';
import { checkoutCreatedSchema, type ClientOperation } from './merchant-api';

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
}

/**
 * What is wrong with an answer that a status alone would call a success, said once for every
 * screen (the timeline, the builder, `send`): a 2xx that is not JSON (an HTML error page a proxy
 * answered 200 with), a create-checkout 2xx that holds no created checkout, an answer cut at
 * the console's limit. Before, such an answer read "Answered successfully."
 */
export function answerProblems(answer: ReadAnswer): string[] {
  const problems: string[] = [];
  if (answer.truncated)
    problems.push(
      `The answer was longer than the console keeps: only its first ${answer.keptBytes} bytes were kept (${answer.receivedBytes} or more arrived), so it was not read as JSON.`,
    );
  const status = answer.status;
  if (status === null || status < 200 || status >= 300 || answer.truncated) return problems;
  const type = answer.contentType === null ? '' : ` (Content-Type: ${answer.contentType})`;
  const read = answer.keptBytes === 0 ? null : answer.json;
  if (read !== null && !read.ok) {
    problems.push(
      `The service answered ${status} with a body that is not JSON${type}: its answers are JSON objects.`,
    );
    return problems;
  }
  if (answer.operation !== 'createCheckout') return problems;
  if (read === null) {
    problems.push(
      `The service answered ${status} with an empty body: a created checkout answers order_id, checkout_id, status and checkout_url.`,
    );
    return problems;
  }
  const created = checkoutCreatedSchema.safeParse(read.value);
  if (!created.success) {
    const fields = [...new Set(created.error.issues.map((issue) => issue.path.join('.') || 'the body'))];
    problems.push(
      `The service answered ${status}, but not with a created checkout: ${fields.join(', ')} ${fields.length === 1 ? 'is' : 'are'} missing or not text (a created checkout answers order_id, checkout_id, status and checkout_url).`,
    );
  }
  return problems;
}
