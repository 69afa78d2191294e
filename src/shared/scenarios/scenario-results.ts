import { z } from 'zod';
import { environmentSchema } from '../profile';

/** What running scenarios produces: per step, per scenario, per run; and the live progress of a run. */

export const STEP_KINDS = [
  'checkout',
  'customer',
  'expect-webhook',
  'operation',
  'send-webhook',
  'expect-order',
  'wait',
  'set',
] as const;

/**
 * `failed`: an expectation was not met. `error`: the step could not run as written (an unknown
 * variable, a missing file, a secret that is not set). `skipped`: an earlier step ended the scenario.
 */
export const RESULT_STATUSES = ['passed', 'failed', 'error', 'skipped'] as const;

/** What a step the run's cancel cut off says, skipped or not (see SKIP_REASONS, run-scenario.ts). */
export const UNDER_WAY_WORDS = 'the run was cancelled while this step was under way';

/**
 * What the step a cancel kept from starting says once its scenario had begun (a step of it had
 * run: an order created). That scenario did not "never run": it is an error of the cancel, at
 * this step, in every report; one that never began is skipped (SKIP_REASONS.cancelled).
 */
export const CANCELLED_BEFORE_START = 'cancelled (the run was cancelled before this step started)';

/** A step in error because the run was cancelled (under way, or before it started), not of its own. */
export const cancelledStep = (message: string | null): boolean =>
  message !== null && (message.includes(UNDER_WAY_WORDS) || message === CANCELLED_BEFORE_START);

/**
 * Why a step is `skipped`, in the words every report uses. A step the run was cancelled under
 * is skipped too (neither passed nor failed: nobody knows what it would have seen), and says so;
 * it was reported as a timeout ("no order_approved … within 10 s") or as done ("waited 5000 ms").
 */
export const SKIP_REASONS = {
  cancelledUnderWay: `cancelled (${UNDER_WAY_WORDS})`,
  cancelled: 'not run (the run was cancelled)',
  bail: 'not run (--bail after a failure)',
} as const;
export const resultStatusSchema = z.enum(RESULT_STATUSES);
export type ResultStatus = z.infer<typeof resultStatusSchema>;

/** One expectation: what was expected, what was seen, and whether they matched. */
export const checkResultSchema = z.object({
  what: z.string(),
  expected: z.unknown(),
  actual: z.unknown(),
  /**
   * The side holds no value at all (a field not in the body, an order state not known): its
   * value is null and every report says "absent". A stand-in string ("(missing)") could not be
   * told from a field holding that string, and a diff of two of them contradicted itself.
   */
  expectedAbsent: z.literal(true).optional(),
  actualAbsent: z.literal(true).optional(),
  passed: z.boolean(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;

export const stepResultSchema = z.object({
  index: z.number().int(),
  kind: z.enum(STEP_KINDS),
  title: z.string(),
  line: z.number().int().nullable(),
  status: resultStatusSchema,
  startedAt: z.string(),
  durationMs: z.number(),
  /** One line: what happened, or why it failed. */
  message: z.string().nullable(),
  checks: z.array(checkResultSchema),
  /** Timeline records this step produced or matched. */
  recordIds: z.array(z.number().int()),
});
export type StepResult = z.infer<typeof stepResultSchema>;

export const scenarioResultSchema = z.object({
  file: z.string(),
  name: z.string(),
  status: resultStatusSchema,
  startedAt: z.string(),
  durationMs: z.number(),
  steps: z.array(stepResultSchema),
  orderIds: z.array(z.string()),
  /**
   * A stored scenario whose own row could not be read whole (a hand edit, a bad copy): which of
   * its columns, in the damaged-record words. It reads as an error; a damaged step says it in its
   * own message instead.
   */
  damaged: z.string().optional(),
});
export type ScenarioResult = z.infer<typeof scenarioResultSchema>;

/**
 * A scenario that passed without checking anything (only `set` and `wait` steps): it verified
 * nothing, and every report says so in these words (NO_CHECKS_WORDS), the view too.
 */
export const madeNoChecks = (result: Pick<ScenarioResult, 'status' | 'steps'>): boolean =>
  result.status === 'passed' && result.steps.every((step) => step.checks.length === 0);
export const NO_CHECKS_WORDS = 'made no checks';

export const RUN_STATUSES = ['passed', 'failed', 'cancelled'] as const;

export const runTotalsSchema = z.object({
  scenarios: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  errors: z.number().int(),
  skipped: z.number().int(),
});
export type RunTotals = z.infer<typeof runTotalsSchema>;

/** A step's, a scenario's or a run's time as every report writes it: `155 ms`, `1.2 s`. */
export const formatRunTime = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

/** The counts of a run's scenarios by how they ended (the live report's and the stored run's). */
export function runTotals(scenarios: readonly Pick<ScenarioResult, 'status'>[]): RunTotals {
  const count = (status: ScenarioResult['status']) =>
    scenarios.filter((scenario) => scenario.status === status).length;
  return {
    scenarios: scenarios.length,
    passed: count('passed'),
    failed: count('failed'),
    errors: count('error'),
    skipped: count('skipped'),
  };
}

export const runReportSchema = z.object({
  runId: z.string(),
  /** The stored run's number (scenario_runs.id). */
  storedId: z.number().int(),
  profileName: z.string(),
  startedAt: z.string(),
  durationMs: z.number(),
  status: z.enum(RUN_STATUSES),
  totals: runTotalsSchema,
  scenarios: z.array(scenarioResultSchema),
});
export type RunReport = z.infer<typeof runReportSchema>;

/** The outline of a scenario before it runs: enough to draw its rows. */
export const scenarioOutlineSchema = z.object({
  file: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  steps: z.array(
    z.object({ kind: z.enum(STEP_KINDS), title: z.string(), line: z.number().int().nullable() }),
  ),
});
export type ScenarioOutline = z.infer<typeof scenarioOutlineSchema>;

export const runProgressSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('run-started'),
    runId: z.string(),
    scenarios: z.array(scenarioOutlineSchema),
    // The profile it runs on to its end, whatever the active profile becomes meanwhile.
    profile: z.object({ name: z.string(), environment: environmentSchema }),
  }),
  z.object({
    type: z.literal('step-started'),
    runId: z.string(),
    scenario: z.number().int(),
    step: z.number().int(),
  }),
  z.object({
    type: z.literal('step-finished'),
    runId: z.string(),
    scenario: z.number().int(),
    result: stepResultSchema,
  }),
  z.object({
    type: z.literal('scenario-finished'),
    runId: z.string(),
    scenario: z.number().int(),
    result: scenarioResultSchema,
  }),
  z.object({ type: z.literal('run-finished'), runId: z.string(), report: runReportSchema }),
  z.object({ type: z.literal('run-failed'), runId: z.string(), error: z.string() }),
]);
export type RunProgress = z.infer<typeof runProgressSchema>;
