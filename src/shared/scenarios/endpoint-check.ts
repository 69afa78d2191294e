import { z } from 'zod';
import { headerListSchema } from '../events';
import { carriesCredentials, credentialsRefusal, httpUrlSchema } from '../http-url';
import { CLIENT_READS_NO_SERVICE_TOKEN, CLIENT_REFUSES_BEARER_FORM } from '../jwt/official-client-words';
import { endpointExpectationSchema, type EndpointExpectation } from './endpoint-expectation';
import type { TokenMode } from './token-modes';

/**
 * The conformance battery for a merchant's notification endpoint, built from the spec: what each
 * case sends, why, and what answer it expects. Merchants with other conventions override the
 * expected answer per case in a small config file.
 */

export const ENDPOINT_CASE_IDS = [
  'approved',
  'authorised',
  'captured',
  'approved-legacy',
  'wrong-signature',
  'alg-none',
  'hs512',
  'expired',
  'not-yet-valid',
  'no-token',
  'two-different-tokens',
  'bearer-lowercase',
  'bearer-two-spaces',
  'query-token-trailing-space',
  'duplicate',
  'captured-before-authorised',
  'oversized-body',
] as const;
export type EndpointCaseId = (typeof ENDPOINT_CASE_IDS)[number];

/**
 * The endpoint the battery goes to. A user name or password in it was never sent (each
 * notification carries its own token, in the query and Authorization) yet was stored with every
 * record, password and all, and printed in each case's `sent:` line: refused, as a replay's URL
 * and the forward-to URL are.
 */
export const endpointUrlSchema = httpUrlSchema('endpoint URL', { required: true, reachable: true }).refine(
  (url) => !carriesCredentials(url),
  {
    error: credentialsRefusal(
      'endpoint URL',
      'the battery does not send them (each notification carries its own token)',
    ),
  },
);

export interface EndpointCase {
  id: EndpointCaseId;
  why: string;
  expect: EndpointExpectation;
  event: 'order_approved' | 'order_authorised' | 'order_captured';
  token: TokenMode;
  /** Which order the notification speaks of: the battery's lifecycle, or one of its own. */
  order: 'lifecycle' | 'legacy' | 'duplicate' | 'orphan' | 'oversized';
  legacy?: boolean;
  /** How many times the same notification is sent (a duplicate delivery). */
  sends?: number;
  oversized?: boolean;
  /**
   * A form the service never sends (and the official client refuses, 403): how the endpoint
   * takes it is worth knowing, but either answer is fair, so a 2xx or a 4xx is reported as
   * information (verdict `info`), never graded; a 5xx or a redirect still fails it, as it fails
   * every case. An expectation set in the config grades it like any other.
   */
  informational?: true;
}

/** How an informational case's why begins: it is not graded, whatever the endpoint answers. */
const INFORMATIONAL_WHY = 'Informational, never a failure:';

export const ENDPOINT_CASES: readonly EndpointCase[] = [
  {
    id: 'approved',
    why: 'A valid order_approved in the current form must be accepted.',
    expect: '2xx',
    event: 'order_approved',
    token: 'valid',
    order: 'lifecycle',
  },
  {
    id: 'authorised',
    why: 'A valid order_authorised in the current form must be accepted.',
    expect: '2xx',
    event: 'order_authorised',
    token: 'valid',
    order: 'lifecycle',
  },
  {
    id: 'captured',
    why: 'A valid order_captured (data: capture_id, captured_amount) must be accepted.',
    expect: '2xx',
    event: 'order_captured',
    token: 'valid',
    order: 'lifecycle',
  },
  {
    id: 'approved-legacy',
    why: 'The older approved form (order_status: approved, no order_number) must be accepted too.',
    expect: '2xx',
    event: 'order_approved',
    token: 'valid',
    order: 'legacy',
    legacy: true,
  },
  {
    id: 'wrong-signature',
    why: 'A token signed with another key is forged: it must be refused.',
    expect: '4xx',
    event: 'order_approved',
    token: 'wrong_key',
    order: 'lifecycle',
  },
  {
    id: 'alg-none',
    why: 'An unsigned token (alg "none") proves nothing: it must be refused.',
    expect: '4xx',
    event: 'order_approved',
    token: 'alg_none',
    order: 'lifecycle',
  },
  {
    id: 'hs512',
    why: 'The spec signs with HS256; an HS512 token must be refused, even with the right key.',
    expect: '4xx',
    event: 'order_approved',
    token: 'hs512',
    order: 'lifecycle',
  },
  {
    id: 'expired',
    why: 'A token whose exp has passed must be refused (a replayed old notification).',
    expect: '4xx',
    event: 'order_approved',
    token: 'expired',
    order: 'lifecycle',
  },
  {
    id: 'not-yet-valid',
    why: 'A token whose nbf is in the future must be refused.',
    expect: '4xx',
    event: 'order_approved',
    token: 'not_yet_valid',
    order: 'lifecycle',
  },
  {
    id: 'no-token',
    why: 'A notification without any token cannot be from the service: it must be refused.',
    expect: '4xx',
    event: 'order_approved',
    token: 'none',
    order: 'lifecycle',
  },
  {
    id: 'two-different-tokens',
    // The service sends one token in both places; which the merchant reads is not shown, and
    // the official client reads Authorization alone, so an endpoint built on it answers 200.
    why: 'Two different valid tokens in ?serviceToken= and Authorization (the service sends one in both): either answer is fair, but it must not crash (no 5xx); set 4xx where your endpoint compares them.',
    expect: 'not-5xx',
    event: 'order_approved',
    token: 'two_different',
    order: 'lifecycle',
  },
  {
    id: 'bearer-lowercase',
    // HTTP reads the scheme in any case (RFC 9110 §11.1); the spec writes "Bearer".
    why: `${INFORMATIONAL_WHY} a valid token in Authorization only, written "bearer <token>", a form the service never sends (it writes "Bearer <token>"); ${CLIENT_REFUSES_BEARER_FORM}.`,
    expect: 'not-5xx',
    informational: true,
    event: 'order_approved',
    token: 'bearer_lowercase',
    order: 'lifecycle',
  },
  {
    id: 'bearer-two-spaces',
    why: `${INFORMATIONAL_WHY} a valid token in Authorization only, written "Bearer  <token>" (two spaces), a form the service never sends; ${CLIENT_REFUSES_BEARER_FORM}.`,
    expect: 'not-5xx',
    informational: true,
    event: 'order_approved',
    token: 'bearer_two_spaces',
    order: 'lifecycle',
  },
  {
    id: 'query-token-trailing-space',
    why: `${INFORMATIONAL_WHY} a valid token in ?serviceToken= only, with a space after it (%20), a form the service never sends; an endpoint that trims the value accepts it; ${CLIENT_READS_NO_SERVICE_TOKEN}.`,
    expect: 'not-5xx',
    informational: true,
    event: 'order_approved',
    token: 'query_trailing_space',
    order: 'lifecycle',
  },
  {
    id: 'duplicate',
    why: 'A notification delivered twice must be accepted both times (deliveries are retried).',
    expect: '2xx',
    event: 'order_approved',
    token: 'valid',
    order: 'duplicate',
    sends: 2,
  },
  {
    id: 'captured-before-authorised',
    why: 'order_captured before order_authorised (out of order) must not crash the endpoint (no 5xx).',
    expect: 'not-5xx',
    event: 'order_captured',
    token: 'valid',
    order: 'orphan',
  },
  {
    id: 'oversized-body',
    why: 'A body over 1 MiB must not crash the endpoint (no 5xx).',
    expect: 'not-5xx',
    event: 'order_approved',
    token: 'valid',
    order: 'oversized',
    oversized: true,
  },
];

export const endpointCheckConfigSchema = z.strictObject({
  cases: z
    .partialRecord(
      z.enum(ENDPOINT_CASE_IDS),
      z.strictObject({ expect: endpointExpectationSchema.optional(), skip: z.boolean().optional() }),
    )
    .default({}),
  timeoutMs: z.number().int().min(1000).max(120_000).optional(),
});
export type EndpointCheckConfig = z.infer<typeof endpointCheckConfigSchema>;

/**
 * What an informational case's answer says (a 2xx or a 4xx; anything else fails it): the one
 * wording of the CLI's line, --json's detail, JUnit's output and the Listener's table.
 */
export function informationalWords(status: number): string {
  return status < 300
    ? `Informational, not graded: the endpoint accepted this form (${status}), which the official client refuses (403).`
    : `Informational, not graded: the endpoint refused this form (${status}), as the official client does; the service never sends it, so refusing it is no fault.`;
}

/**
 * `info`: an informational case answered (not graded: see EndpointCase.informational).
 * `unreachable`: sent, and nothing took it (refused, no such name, a TLS failure). `no_answer`:
 * the endpoint took the connection and did not answer within the timeout, or closed it without
 * answering; a slow endpoint is not unreachable. `not_sent`: not sent at all, the first case
 * having got no answer; never a failure of the endpoint's.
 */
export const ENDPOINT_VERDICTS = [
  'pass',
  'fail',
  'info',
  'skipped',
  'unreachable',
  'no_answer',
  'not_sent',
] as const;

export const sentRequestSchema = z.object({
  method: z.string(),
  /** Tokens masked. */
  url: z.string(),
  headers: headerListSchema,
  bodyBytes: z.number().int(),
  bodyPreview: z.string(),
});

export const endpointCaseResultSchema = z.object({
  id: z.enum(ENDPOINT_CASE_IDS),
  why: z.string(),
  expected: z.string(),
  overridden: z.boolean(),
  statuses: z.array(z.number().int().nullable()),
  verdict: z.enum(ENDPOINT_VERDICTS),
  detail: z.string().nullable(),
  sent: z.array(sentRequestSchema),
  recordIds: z.array(z.number().int()),
});
export type EndpointCaseResult = z.infer<typeof endpointCaseResultSchema>;

/**
 * Why the battery stopped after the first case it sent: `unreachable`, nothing took the request
 * (refused, no such name, a TLS failure); `no_answer`, it did not answer in time (or closed the
 * connection without answering). The rest are not sent: each would only wait for the same.
 */
export const endpointStopSchema = z.object({
  kind: z.enum(['unreachable', 'no_answer']),
  /** The first case's failure, in its one sentence. */
  message: z.string(),
  /** The per-request timeout it ran out of (`no_answer` by timeout), else null. */
  timeoutMs: z.number().int().nullable(),
});
export type EndpointStop = z.infer<typeof endpointStopSchema>;

export const endpointCheckReportSchema = z.object({
  url: z.string(),
  startedAt: z.string(),
  durationMs: z.number(),
  /** False when nothing took any case's request (every one sent `unreachable`). */
  reachable: z.boolean(),
  /** Cases whose answers matched. */
  passed: z.number().int(),
  /** Cases whose answers did not match (verdict `fail`). */
  failed: z.number().int(),
  /** Informational cases that were answered (verdict `info`): reported, neither passed nor failed. */
  informational: z.number().int(),
  /** Cases sent that got no answer (verdict `unreachable` or `no_answer`). */
  noAnswer: z.number().int(),
  /** Cases not sent, since the first found no answer (verdict `not_sent`). */
  notSent: z.number().int(),
  /** Cases the config skipped. */
  skipped: z.number().int(),
  /** Why the battery stopped after its first case; null when it ran. */
  stopped: endpointStopSchema.nullable(),
  cases: z.array(endpointCaseResultSchema),
});
export type EndpointCheckReport = z.infer<typeof endpointCheckReportSchema>;

/**
 * The report's outcome in one line, the CLI's summary and the Listener's Check endpoint alike:
 * `12 passed, 1 failed, 1 no answer (0.6 s)`, or why nothing was graded.
 */
export function endpointSummaryWords(report: EndpointCheckReport): string {
  const stopped = report.stopped;
  if (stopped !== null) {
    const rest =
      report.notSent === 0
        ? ''
        : `the other ${report.notSent} ${report.notSent === 1 ? 'case was' : 'cases were'} not sent`;
    // The first case's line says what the failure was.
    if (stopped.kind === 'unreachable')
      return `${report.url} could not be reached; nothing was graded${rest === '' ? '' : ` (${rest})`}.`;
    const how =
      stopped.timeoutMs === null
        ? 'closed the connection on the first case without answering'
        : `did not answer the first case within ${stopped.timeoutMs / 1000} s`;
    return `${report.url} ${how}; ${rest === '' ? '' : `${rest}, so `}nothing was graded.`;
  }
  const parts = [`${report.passed} passed`, `${report.failed} failed`];
  if (report.informational > 0) parts.push(`${report.informational} informational`);
  if (report.noAnswer > 0) parts.push(`${report.noAnswer} no answer`);
  if (report.skipped > 0) parts.push(`${report.skipped} skipped`);
  return `${parts.join(', ')} (${(report.durationMs / 1000).toFixed(1)} s)`;
}
