import { ABSENT_ACTUAL } from '../../shared/scenarios/expectations';
import { readPointer } from '../../shared/scenarios/json-pointer';
import { UNDER_WAY_WORDS, type CheckResult } from '../../shared/scenarios/scenario-results';
import {
  networkFailureTitle,
  sentUnanswered,
  type ExchangeResult,
  type NetworkFailure,
} from '../../shared/merchant-api';
import { DURATION_MAX_MS, durationMsOf, durationTooLong } from '../../shared/scenarios/field-forms';
import type { Variables } from '../../shared/scenarios/variables';
import type { DraftsService } from '../drafts/drafts-service';
import type { JwtToolkit } from '../jwt/jwt-toolkit';
import type { ListenerService } from '../listener/listener-service';
import type { MerchantApiClient } from '../merchant-api/merchant-api-client';
import type { OrdersService } from '../orders/orders-service';
import type { ProfileService } from '../profiles/profile-service';
import type { EventsQuery } from '../store/events-query';
import type { EventsRepository } from '../store/events-repository';
import type { StoredProfile } from '../store/profiles-repository';
import type { EventRecorder } from '../timeline/event-recorder';
import type { EmulatorService } from '../emulator/emulator-service-types';
import type { NotificationMoney, TransactionKind } from '../emulator/notification-data';
import { jsonOfBody } from '../../shared/json-body';
import type { RunRecordMark } from '../../shared/scenarios/run-record-mark';
import type { ScenarioStep } from '../../shared/scenarios/scenario-schema';
import { stepOrderRule } from './step-rules';

/**
 * The console services a scenario uses: the same ones every front door uses, never re-wired.
 * Named one by one (not picked from ConsoleServices, which holds the scenario service itself).
 */
export interface ScenarioServices {
  readonly merchantApi: MerchantApiClient;
  readonly profiles: ProfileService;
  readonly jwt: JwtToolkit;
  readonly recorder: EventRecorder;
  readonly events: EventsRepository;
  readonly eventsQuery: EventsQuery;
  readonly orders: OrdersService;
  readonly listener: ListenerService;
  readonly drafts: DraftsService;
  /**
   * Read only: what the emulator owes an order (a step that timed out says a fault holds it),
   * and whether it runs (one stopped mid-run sends nothing more: emulatorStoppedMidRun).
   */
  readonly emulator: Pick<EmulatorService, 'engine' | 'status'>;
}

/** A capture or refund an operation step got: its id and amount, where the answer or request said them. */
export interface TransactionGot {
  id: string | null;
  amount: NotificationMoney | null;
}

/** What every step of one scenario shares. */
export interface StepContext {
  services: ScenarioServices;
  profile: StoredProfile;
  confirmLive: boolean;
  vars: Variables;
  /** The scenario file's folder: `file:` paths are relative to it. */
  scenarioDir: string;
  /** When the scenario started (ms): webhooks from before it are not its own. */
  startedMs: number;
  /**
   * Whether this console's emulator ran when the scenario started: stopped since, a step that
   * waited for its notification says the stop, not the service, kept it from coming. Absent
   * (a step run on its own): not known.
   */
  emulatorRanAtStart?: boolean;
  /** Webhook records an expect-webhook step already matched (each matches once). */
  consumedWebhooks: Set<number>;
  /** Orders the scenario created, in order. */
  orderIds: string[];
  /**
   * The last capture and refund each order's operation steps got: a send-webhook step's
   * order_captured or order_refunded names them, as the service's own notification does.
   */
  transactionsGot: Map<string, Partial<Record<TransactionKind, TransactionGot>>>;
  /**
   * Orders whose checkout request carried no notification URL, and why (the notification plan's
   * reason): a step waiting for one of their notifications says so, at once where the console
   * meant to fill the field and could not (`chosen`: the step turned filling off).
   */
  withoutNotificationUrl: Map<string, { reason: string; chosen: boolean }>;
  signal: AbortSignal;
  /** Tells the person at the keyboard what to do (a sandbox's checkout page). */
  prompt: (text: string) => void;
  /**
   * The step under way in a stored run, marked on each record the step writes itself, so
   * `history --run` lists what a run sent. Absent outside a stored run (a step run on its own).
   */
  mark?: RunRecordMark | undefined;
}

/** What a step did: its checks, the records it made or matched, and a line about it. */
export interface StepOutcome {
  checks: CheckResult[];
  recordIds: number[];
  message: string | null;
  /**
   * The step's request got no answer from the service (refused, reset, timed out): the step
   * could not run, so it is an error with these words, not a failed check; nothing was judged.
   */
  unreached?: string;
  /**
   * That request was written whole and got no answer (its record is unanswered: the run's cancel
   * cut it off, or it timed out or was cut off after): it may have been carried out, so the step
   * is not called skipped, nor the service unreachable.
   */
  sentUnanswered?: true;
}

/**
 * A step whose request could not reach the service: an error, as a bad ${var} is. Its checks
 * are not made ("status: expected 200, actual no answer" blamed the service for an answer it
 * never gave, and an order state "(none)" said the order had none, where it was not read); the
 * record of the attempt stays linked.
 */
export function unreachedOutcome(
  context: StepContext,
  failure: Pick<NetworkFailure, 'kind' | 'message'> | null | undefined,
  recordIds: number[],
): StepOutcome {
  // A request written whole with no answer went out, and the service may have acted on it (an
  // order created), in the words the builder and its record use: cut off by the run's cancel, or
  // timed out or closed after, its own sentence saying which.
  if (failure !== null && failure !== undefined && sentUnanswered(failure))
    return {
      checks: [],
      recordIds,
      message: null,
      unreached:
        failure.kind === 'cancelled_after_sending'
          ? `${networkFailureTitle(failure)} (${UNDER_WAY_WORDS})`
          : `${networkFailureTitle(failure)}. ${failure.message}`,
      sentUnanswered: true,
    };
  const who = context.profile.fields.environment === 'local' ? 'the emulator' : 'the service';
  return {
    checks: [],
    recordIds,
    message: null,
    unreached: `${who} could not be reached: ${failure?.message ?? 'no answer'}`,
  };
}

/**
 * Whether the run's emulator, which ran when the scenario started, is stopped now (a local
 * profile only: another profile's service is not this emulator).
 */
export function emulatorStoppedMidRun(context: StepContext): boolean {
  return (
    context.profile.fields.environment === 'local' &&
    context.emulatorRanAtStart === true &&
    !context.services.emulator.status().running
  );
}

/** The step could not run as written (not an unmet expectation): reported as an error. */
export class StepError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StepError';
  }
}

/**
 * A step's duration in milliseconds. The schema bounds the durations a file writes; this bounds
 * any other way one arrives, since a timer given more than 2^31 - 1 ms fires at once.
 */
export function durationMs(value: number | string): number {
  const ms = durationMsOf(value);
  if (ms === null) throw new StepError(`"${value}" is not a duration`);
  if (ms > DURATION_MAX_MS) throw new StepError(durationTooLong(value));
  return ms;
}

/** The steps that cannot run without an order (step-rules.ts: never `none`, never optional). */
type OrderStep = Extract<
  ScenarioStep,
  { step: 'customer' | 'operation' | 'expect-webhook' | 'expect-order' }
>;

/**
 * The order a step is about, by the rule the file's check reads too (step-rules.ts): the one it
 * names, else the last checkout's `${order_id}`; null for a step about none, or one that may go
 * without (a send-webhook `body:`) when none is set.
 */
export function orderOfStep(context: StepContext, step: OrderStep): string;
export function orderOfStep(context: StepContext, step: ScenarioStep): string | null;
export function orderOfStep(context: StepContext, step: ScenarioStep): string | null {
  const rule = stepOrderRule(step);
  if (rule.kind === 'none') return null;
  if (rule.kind === 'named') return rule.order;
  if (!context.vars.has('order_id')) {
    if (!rule.required) return null;
    throw new StepError('no order yet: run a checkout step first, or give the step an order');
  }
  const value = context.vars.get('order_id');
  if (typeof value !== 'string' || value === '') throw new StepError('${order_id} is not an order id');
  return value;
}

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * The run was cancelled while a step waited: not the step's failure, and not its timeout
 * (the step is reported as cancelled, run-scenario.ts).
 */
export class RunCancelled extends Error {
  constructor() {
    super('the run was cancelled');
    this.name = 'RunCancelled';
  }
}

/**
 * Polls `find` until it gives something (it), or the time is up (null); throws RunCancelled
 * when the run is cancelled first, so a cancel never reads as "nothing arrived in time".
 */
export async function waitFor<T>(
  find: () => T | null,
  timeoutMs: number,
  signal: AbortSignal,
  everyMs = 40,
): Promise<T | null> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== null) return found;
    if (signal.aborted) throw new RunCancelled();
    if (Date.now() >= end) return null;
    await sleep(Math.min(everyMs, Math.max(end - Date.now(), 1)), signal);
  }
}

/** What a step judges of the client's answer (`answerChecks`), alike for a checkout and an operation. */
export function clientAnswer(result: ExchangeResult): {
  status: number | null;
  failure: string | null;
  errorCodes: readonly string[];
  json: unknown;
} {
  return {
    status: result.status,
    failure: result.failure?.message ?? null,
    errorCodes: result.serviceError?.errorCodes ?? [],
    json: result.json,
  };
}

/** A step's answer as JSON (within bounds), or null. */
export const parseJsonBody = jsonOfBody;

/** Sets each `name: /pointer` of a capture map from `body`; a missing field is a failed check. */
export function captureInto(
  context: StepContext,
  capture: Record<string, string> | undefined,
  body: unknown,
): CheckResult[] {
  const checks: CheckResult[] = [];
  for (const [name, pointer] of Object.entries(capture ?? {})) {
    const value = readPointer(body, pointer);
    if (value === undefined)
      checks.push({
        what: `capture ${name}`,
        expected: `a value at ${pointer}`,
        ...ABSENT_ACTUAL,
        passed: false,
      });
    else context.vars.set(name, value);
  }
  return checks;
}

/**
 * Why no notification of the order can reach the listener, when its checkout request carried no
 * notification URL (`its checkout request carried no notification URL (No listener URL: …)`), and
 * whether that is final: the console meant to fill the field and could not, so a wait would only
 * burn its timeout. Turned off by the step (`notificationUrl: false`), the service may still know
 * a URL of its own, so the wait goes on and its failure names the cause. Null: a URL was sent.
 */
export function missingNotificationUrl(
  context: StepContext,
  orderId: string,
): { words: string; final: boolean } | null {
  const missing = context.withoutNotificationUrl.get(orderId);
  if (missing === undefined) return null;
  return {
    words: `its checkout request carried no notification URL (${missing.reason})`,
    final: !missing.chosen,
  };
}
