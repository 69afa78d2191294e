import { dirname } from 'node:path';
import type { ScenarioStep } from '../../shared/scenarios/scenario-schema';
import {
  CANCELLED_BEFORE_START,
  SKIP_REASONS,
  type ResultStatus,
  type ScenarioResult,
  type StepResult,
} from '../../shared/scenarios/scenario-results';
import { maskWith, redactUrlCredentialsInText } from '../../shared/secrets/redact-secrets';
import { stepTitle } from '../../shared/scenarios/step-title';
import { VariableError, Variables } from '../../shared/scenarios/variables';
import { ConsoleError } from '../console-error';
import type { StoredProfile } from '../store/profiles-repository';
import type { LoadedScenario } from './load-scenarios';
import { assertProfileUnchanged } from './profile-unchanged';
import { substitutedStep } from './substituted-step';
import { StepError, type ScenarioServices, type StepContext, type StepOutcome } from './step-context';
import { runCheckoutStep } from './steps/checkout-step';
import { runCustomerStep } from './steps/customer-step';
import { runOperationStep } from './steps/operation-step';
import { runExpectOrderStep, runSetStep, runWaitStep } from './steps/order-steps';
import { runExpectWebhookStep, runSendWebhookStep } from './steps/webhook-steps';
import { errorWords } from '../../shared/error-words';

export interface ScenarioRunOptions {
  services: ScenarioServices;
  profile: StoredProfile;
  confirmLive: boolean;
  env: Record<string, string | undefined>;
  signal: AbortSignal;
  prompt: (text: string) => void;
  onStepStarted: (index: number) => void;
  onStepFinished: (result: StepResult) => void;
  /**
   * The stored run's number and this scenario's place in it: the records' mark (run-record-mark.ts),
   * its step title masked of the profile's secrets as the stored result's is (`mask`).
   */
  run?: { id: number; scenario: number; mask: (text: string) => string } | undefined;
}

function runStep(context: StepContext, step: ScenarioStep): Promise<StepOutcome> | StepOutcome {
  switch (step.step) {
    case 'checkout':
      return runCheckoutStep(context, step);
    case 'customer':
      return runCustomerStep(context, step);
    case 'expect-webhook':
      return runExpectWebhookStep(context, step);
    case 'operation':
      return runOperationStep(context, step);
    case 'send-webhook':
      return runSendWebhookStep(context, step);
    case 'expect-order':
      return runExpectOrderStep(context, step);
    case 'wait':
      return runWaitStep(context, step);
    case 'set':
      return runSetStep(context, step);
  }
}

/** Errors a person can act on keep their own words; anything else says it was unexpected. */
function errorText(error: unknown): string {
  if (error instanceof StepError || error instanceof VariableError || error instanceof ConsoleError)
    return error.message;
  return `unexpected error: ${errorWords(error)}`;
}

/**
 * Whether a step before `index` has run: the scenario has begun (an order may have been
 * created), so a cancel from here on is its error, never a skip (docs/scenarios.md).
 */
const begunBefore = (steps: readonly StepResult[], index: number): boolean =>
  steps.slice(0, index).some((earlier) => earlier.status === 'passed');

/**
 * Whether this console's emulator runs as a local profile's scenario starts (emulatorStoppedMidRun
 * asks later). Asked of a local profile only, and only of the services a run was given: a run of
 * wait and set steps uses none, and its caller may give none.
 */
function localEmulatorRuns({ services, profile }: ScenarioRunOptions): boolean {
  const local = (profile as Partial<StoredProfile>).fields?.environment === 'local';
  const emulator = (services as Partial<ScenarioServices>).emulator;
  return local && emulator !== undefined && emulator.status().running;
}

/**
 * Runs one scenario's steps in order. A failed or erroring step ends the scenario; the steps
 * after it are reported as skipped, so a report always lists every step.
 */
export async function runScenario(
  loaded: LoadedScenario,
  options: ScenarioRunOptions,
): Promise<ScenarioResult> {
  const startedMs = Date.now();
  const context: StepContext = {
    services: options.services,
    profile: options.profile,
    confirmLive: options.confirmLive,
    vars: new Variables({}, options.env),
    scenarioDir: dirname(loaded.path),
    startedMs,
    emulatorRanAtStart: localEmulatorRuns(options),
    consumedWebhooks: new Set(),
    orderIds: [],
    transactionsGot: new Map(),
    withoutNotificationUrl: new Map(),
    signal: options.signal,
    prompt: options.prompt,
  };
  const steps: StepResult[] = [];
  let stopped: ResultStatus | null = null;
  /** The run's cancel ended it (not a step's own failure): the steps after say so. */
  let cutOff = false;
  try {
    for (const [name, value] of Object.entries(loaded.scenario.vars ?? {}))
      context.vars.set(name, context.vars.substitute(value));
  } catch (error) {
    stopped = 'error';
    options.onStepFinished(
      pushStep(steps, loaded, 0, loaded.scenario.steps[0], Date.now(), 'error', `vars: ${errorText(error)}`),
    );
  }
  for (const [index, step] of loaded.scenario.steps.entries()) {
    if (steps[index] !== undefined) continue;
    const started = Date.now();
    // Cancelled before this step started, once a step had run (a checkout answered under the
    // cancel, or the cancel between two steps): this step is the scenario's error, naming the
    // cancel; it was reported "skipped / not run" as if the scenario never ran.
    if (stopped === null && options.signal.aborted && begunBefore(steps, index)) {
      stopped = 'error';
      cutOff = true;
      options.onStepFinished(pushStep(steps, loaded, index, step, started, 'error', CANCELLED_BEFORE_START));
      continue;
    }
    if (stopped !== null || options.signal.aborted) {
      const why = stopped === null || cutOff ? SKIP_REASONS.cancelled : null;
      options.onStepFinished(pushStep(steps, loaded, index, step, started, 'skipped', why));
      continue;
    }
    options.onStepStarted(index);
    let result: StepResult;
    // Reported under the title it ran with (`capture 250.00`, not `capture ${half}`); as written
    // when its variables could not be filled in.
    let ran = step;
    let sentUnanswered = false;
    try {
      ran = substitutedStep(step, context.vars);
      context.mark =
        options.run === undefined
          ? undefined
          : {
              run: options.run.id,
              scenario: options.run.scenario,
              file: loaded.file,
              step: index,
              title: options.run.mask(reportedTitle(ran)),
            };
      assertProfileUnchanged(context, ran.step);
      const outcome = await runStep(context, ran);
      sentUnanswered = outcome.sentUnanswered === true;
      const failed = outcome.checks.filter((check) => !check.passed);
      // A request that never reached the service is the step's error, as a bad ${var} is: no
      // expectation was judged, so none failed.
      const status: ResultStatus =
        outcome.unreached !== undefined ? 'error' : failed.length > 0 ? 'failed' : 'passed';
      result = {
        ...pushStep(steps, loaded, index, ran, started, status, outcome.unreached ?? outcome.message),
        checks: outcome.checks,
        recordIds: outcome.recordIds,
      };
      steps[index] = result;
    } catch (error) {
      // As written: the filled values may be what it refused (a URL with a password in it).
      result = pushStep(steps, loaded, index, step, started, 'error', errorText(error));
    }
    // Cancelled under way: a wait cut short, or a failure the cancel caused (an aborted request,
    // a webhook no longer waited for) is the cancel's, not the step's. Its records stay linked.
    // A scenario is skipped only when it never ran (docs/scenarios.md): once a step of it has
    // run (an order created), the cut-off step is the scenario's error, and a request that went
    // out whole keeps its own words (it may have been carried out).
    if (options.signal.aborted && result.status !== 'passed') cutOff = true;
    if (options.signal.aborted && result.status !== 'passed' && !sentUnanswered) {
      const begun = begunBefore(steps, index);
      result = {
        ...pushStep(
          steps,
          loaded,
          index,
          ran,
          started,
          begun ? 'error' : 'skipped',
          SKIP_REASONS.cancelledUnderWay,
        ),
        recordIds: result.recordIds,
      };
      steps[index] = result;
    }
    if (result.status !== 'passed' && result.status !== 'skipped') stopped = result.status;
    options.onStepFinished(result);
  }
  // Neither failed nor in error: every step passed (a cancel after the last one took nothing
  // from it), or, cancelled, none ran, the only scenario that is skipped.
  const status: ResultStatus =
    stopped === 'error'
      ? 'error'
      : stopped === 'failed'
        ? 'failed'
        : steps.every((step) => step.status === 'passed')
          ? 'passed'
          : 'skipped';
  return {
    file: loaded.file,
    name: loaded.scenario.name,
    status,
    startedAt: new Date(startedMs).toISOString(),
    durationMs: Date.now() - startedMs,
    steps,
    orderIds: context.orderIds,
  };
}

/** A filled title may name a URL a variable brought: its password and serviceToken are masked. */
function reportedTitle(step: ScenarioStep): string {
  return redactUrlCredentialsInText(stepTitle(step), maskWith);
}

function pushStep(
  steps: StepResult[],
  loaded: LoadedScenario,
  index: number,
  step: ScenarioStep | undefined,
  startedMs: number,
  status: ResultStatus,
  message: string | null,
): StepResult {
  const result: StepResult = {
    index,
    kind: step?.step ?? 'set',
    title: step === undefined ? 'vars' : reportedTitle(step),
    line: loaded.stepLines[index] ?? null,
    status,
    startedAt: new Date(startedMs).toISOString(),
    durationMs: Date.now() - startedMs,
    message,
    checks: [],
    recordIds: [],
  };
  steps[index] = result;
  return result;
}
