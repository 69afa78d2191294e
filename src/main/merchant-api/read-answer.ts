import {
  checkoutCreatedSchema,
  type CheckoutCreated,
  type ClientOperation,
  type ServiceError,
} from '../../shared/merchant-api';
import { answerProblems } from '../../shared/answer-problems';
import { parseBoundedJson } from '../../shared/bounded-json';
import { maskWith } from '../../shared/secrets/redact-secrets';
import type { HttpOutcome } from '../outbound/http-exchange';
import { scrubAnswer } from './scrub-answer';
import { parseServiceError } from './service-error';

/** What the client makes of an answer: scrubbed of the profile's token, its error, the checkout created. */
export interface AnswerRead {
  scrubbed: ReturnType<typeof scrubAnswer>;
  serviceError: ServiceError | null;
  checkout: CheckoutCreated | null;
  /** The checkout_url held the profile's token, which `checkout` shows masked (so no working link). */
  checkoutUrlHoldsToken: boolean;
  /** What is wrong with an answer its status would call a success (answer-problems.ts). */
  problems: string[];
  /** The answer as JSON, else null. */
  json: unknown;
}

const utf8 = new TextDecoder('utf-8');

/** An answer read once, from its scrubbed bytes. */
export function readAnswer(
  outcome: HttpOutcome,
  operation: ClientOperation,
  apiToken: string | null,
): AnswerRead {
  // The profile's own token never goes to disk or to a window, even when a service echoes it.
  const scrubbed = scrubAnswer(outcome.headers, outcome.body, apiToken === null ? [] : [apiToken]);
  // Everything below is read from the scrubbed answer, once: the service error, the checkout
  // created and what is wrong with it. Read from the answer as it came, a checkout_url or an
  // error message that echoed the token printed it (send), showed it (the builder) and stored it
  // (the record's details), beside a body that masked it.
  const body = scrubbed.body;
  const read = body === null || body.length === 0 ? null : parseBoundedJson(utf8.decode(body));
  const json = read?.ok === true ? read.value : null;
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const created = operation === 'createCheckout' && ok ? checkoutCreatedSchema.safeParse(json) : null;
  const checkout = created?.success === true ? created.data : null;
  const header = (wanted: string) =>
    scrubbed.headers?.find(([name]) => name.toLowerCase() === wanted)?.[1] ?? null;
  const contentType = header('content-type');
  return {
    scrubbed,
    serviceError: ok ? null : parseServiceError(json),
    checkout,
    checkoutUrlHoldsToken:
      checkout !== null && apiToken !== null && checkout.checkout_url.includes(maskWith(apiToken)),
    problems: answerProblems({
      operation,
      status: outcome.status,
      // The bytes as they came (a mask is longer or shorter than what it hides).
      keptBytes: outcome.body?.byteLength ?? 0,
      json: read,
      contentType,
      truncated: outcome.truncated,
      receivedBytes: outcome.responseBytes,
      // Where a redirect pointed, as the record keeps it (scrubbed): said, never followed.
      location: header('location'),
    }),
    json,
  };
}
