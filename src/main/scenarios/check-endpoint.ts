import { randomUUID } from 'node:crypto';
import type { SecretSource } from '../../shared/contract/jwt';
import {
  ENDPOINT_CASES,
  type EndpointCase,
  type EndpointCaseResult,
  type EndpointCheckConfig,
  type EndpointCheckReport,
  type EndpointStop,
  informationalWords,
} from '../../shared/scenarios/endpoint-check';
import {
  describeExpectation,
  endpointAnswerMatches,
  isRedirect,
} from '../../shared/scenarios/endpoint-expectation';
import type { NetworkFailure } from '../../shared/merchant-api';
import { notificationBody } from '../emulator/notification-body';
import { notificationData, STAND_IN_MONEY } from '../emulator/notification-data';
import type { JwtToolkit } from '../jwt/jwt-toolkit';
import { notTakenWords } from '../outbound/answer-taken';
import type { EventRecorder } from '../timeline/event-recorder';
import { sendNotification } from './send-notification';

export interface EndpointCheckInput {
  url: string;
  signer: SecretSource;
  config: EndpointCheckConfig;
  profile: { id: number; name: string } | null;
  /** Each case as it finishes (the CLI prints it at once). */
  onCase?: (result: EndpointCaseResult) => void;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Over the 1 MiB a listener such as ours accepts by default. */
const OVERSIZED_BYTES = 1024 * 1024 + 64 * 1024;
const PREVIEW_CHARS = 200;
const ANSWERLESS: ReadonlySet<EndpointCaseResult['verdict']> = new Set(['unreachable', 'no_answer']);

function orderFor(kind: EndpointCase['order'], orders: Map<string, string>) {
  let id = orders.get(kind);
  if (id === undefined) {
    id = randomUUID();
    orders.set(kind, id);
  }
  return {
    orderId: id,
    referenceId: `check-endpoint-${kind}-${id.slice(0, 8)}`,
    orderNumber: `CE-${id.slice(0, 6)}`,
  };
}

function bodyOf(test: EndpointCase, orders: Map<string, string>): string {
  const order = orderFor(test.order, orders);
  const data = notificationData(test.event, () => ({ id: randomUUID(), amount: STAND_IN_MONEY }));
  const body: Record<string, unknown> = notificationBody(
    { ...order, legacyApproved: test.legacy === true },
    test.event,
    data,
  );
  // Padding in a field receivers ignore keeps the body a valid notification, only too big.
  if (test.oversized === true) body['padding'] = 'x'.repeat(OVERSIZED_BYTES);
  return JSON.stringify(body);
}

/**
 * How a send that got no answer went: a timeout of the exchange (the endpoint took the
 * connection and took longer than the timeout) or a connection closed before answering is no
 * answer, a slow or broken endpoint, never called unreachable; anything else (refused, no such
 * name, a TLS failure, a connect that timed out) found nothing to answer.
 */
function answerlessKind(failure: NetworkFailure | null): 'no_answer' | 'unreachable' {
  if (failure?.kind === 'timeout' && failure.code === null) return 'no_answer';
  if (failure?.kind === 'timeout_after_sending' || failure?.kind === 'reset_after_sending')
    return 'no_answer';
  return failure?.kind === 'reset' ? 'no_answer' : 'unreachable';
}

/** Why the first case got no answer, as the battery stops on it. */
function stopOf(failure: NetworkFailure | null, timeoutMs: number): EndpointStop {
  // In the words of the case's own line (its detail).
  const message = failure?.message ?? 'no answer';
  if (answerlessKind(failure) === 'unreachable') return { kind: 'unreachable', message, timeoutMs: null };
  const timedOut = failure?.kind === 'timeout' || failure?.kind === 'timeout_after_sending';
  return { kind: 'no_answer', message, timeoutMs: timedOut ? timeoutMs : null };
}

const preview = (body: string) =>
  body.length > PREVIEW_CHARS ? `${body.slice(0, PREVIEW_CHARS)}… (${body.length} bytes)` : body;

/**
 * Sends the endpoint the battery, one case after another (in the lifecycle's order), each send
 * a record on the timeline, and grades each answer against the expected one (or the config's).
 */
export async function checkEndpoint(
  deps: { jwt: JwtToolkit; recorder: EventRecorder },
  input: EndpointCheckInput,
): Promise<EndpointCheckReport> {
  const started = Date.now();
  const orders = new Map<string, string>();
  const results: EndpointCaseResult[] = [];
  let down: EndpointStop | null = null;
  for (const test of ENDPOINT_CASES) {
    const override = input.config.cases[test.id];
    const expected = override?.expect ?? test.expect;
    const base = {
      id: test.id,
      why: test.why,
      expected: describeExpectation(expected),
      overridden: override?.expect !== undefined,
    };
    if (override?.skip === true) {
      const skipped: EndpointCaseResult = {
        ...base,
        statuses: [],
        verdict: 'skipped',
        detail: 'skipped by the config',
        sent: [],
        recordIds: [],
      };
      results.push(skipped);
      input.onCase?.(skipped);
      continue;
    }
    if (down !== null) {
      // The first case found nobody there (or no answer): the rest would only wait for the same.
      const notSent: EndpointCaseResult = {
        ...base,
        statuses: [],
        verdict: 'not_sent',
        detail: `not sent: ${down.message}`,
        sent: [],
        recordIds: [],
      };
      results.push(notSent);
      input.onCase?.(notSent);
      continue;
    }
    const body = bodyOf(test, orders);
    const order = orderFor(test.order, orders);
    const sends = [];
    for (let attempt = 0; attempt < (test.sends ?? 1); attempt += 1)
      sends.push(
        await sendNotification(deps, {
          url: input.url,
          body: new TextEncoder().encode(body),
          mode: test.token,
          signer: input.signer,
          timeoutMs: input.config.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          record: {
            origin: 'check-endpoint',
            profileId: input.profile?.id ?? null,
            profileName: input.profile?.name ?? null,
            // The battery's orders are made up: kept in details, so they never become orders of their own.
            orderId: null,
            orderReferenceId: null,
            eventType: test.event,
            details: { case: test.id, why: test.why, expected: base.expected, batteryOrderId: order.orderId },
          },
        }),
      );
    // An answer cut short mid-body still said its status: the endpoint answered, and the case
    // is graded on that status, the cut said in its detail (its failure's words).
    const statuses = sends.map((sent) => sent.status ?? sent.cutShortStatus);
    const failures = sends.flatMap((sent) => (sent.failure === null ? [] : [sent.failure.message]));
    const answerless = statuses.every((status) => status === null);
    const passed = !answerless && statuses.every((status) => endpointAnswerMatches(expected, status));
    // A redirect fails the case in the words a forward or a replay of it is said in; the
    // expected-received line is left to the answers the redirect does not explain.
    const redirects = [...new Set(statuses.filter((status) => status !== null && isRedirect(status)))];
    const unexplained = statuses.some(
      (status) => !endpointAnswerMatches(expected, status) && !(status !== null && isRedirect(status)),
    );
    const mismatch =
      answerless || passed || !unexplained
        ? []
        : [
            `expected ${base.expected}, received ${statuses.map((status) => status ?? 'no answer').join(', ')}`,
          ];
    // Reported, not graded, unless the config set what to expect of it.
    const informational = passed && test.informational === true && override?.expect === undefined;
    const reported = informational
      ? statuses.flatMap((status) => (status === null ? [] : [informationalWords(status)]))
      : [];
    const detail = [...reported, ...mismatch, ...redirects.map(notTakenWords), ...failures];
    const result: EndpointCaseResult = {
      ...base,
      statuses,
      verdict: answerless
        ? answerlessKind(sends[0]?.failure ?? null)
        : informational
          ? 'info'
          : passed
            ? 'pass'
            : 'fail',
      detail: detail.length > 0 ? detail.join('; ') : null,
      sent: sends.map((sent) => ({ ...sent.shown, bodyPreview: preview(body) })),
      recordIds: sends.map((sent) => sent.recordId),
    };
    results.push(result);
    input.onCase?.(result);
    if (
      answerless &&
      results.every((earlier) => ANSWERLESS.has(earlier.verdict) || earlier.verdict === 'skipped')
    )
      down = stopOf(sends[0]?.failure ?? null, input.config.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  }
  const count = (verdict: EndpointCaseResult['verdict']) =>
    results.filter((result) => result.verdict === verdict).length;
  const ran = results.filter((result) => result.verdict !== 'skipped');
  return {
    url: input.url,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    // An endpoint that took a connection was reached, answer or not.
    reachable:
      ran.length === 0 ||
      ran.some((result) => result.verdict !== 'unreachable' && result.verdict !== 'not_sent'),
    passed: count('pass'),
    // A case not sent is not the endpoint's failure, nor is it counted as one.
    failed: count('fail'),
    informational: count('info'),
    noAnswer: count('unreachable') + count('no_answer'),
    notSent: count('not_sent'),
    skipped: count('skipped'),
    stopped: down,
    cases: results,
  };
}
