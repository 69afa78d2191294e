import type { ScenarioStep } from '../../shared/scenarios/scenario-schema';

/**
 * What each kind of step takes (its order) and sets (variables): the one table the file's check
 * (unset-variables.ts) and the run (step-context.ts's orderOfStep, checkout-step.ts) both read.
 * Each kept its own copy once, and they drifted: the check let a send-webhook step name its order
 * in `from: { order }`, the run ignored it and erred "no order", so a file read as fine could
 * never run.
 */

/**
 * What a checkout step that created a session sets: the answer's ids and URL, and the payload's
 * reference, number, currency and total as sent (a field the payload lacks stays unset).
 */
export const CHECKOUT_VARIABLES = [
  'order_id',
  'checkout_id',
  'checkout_url',
  'order_reference_id',
  'order_number',
  'currency',
  'total_amount',
] as const;
export type CheckoutVariable = (typeof CHECKOUT_VARIABLES)[number];

/**
 * Where a step's order comes from. `none`: the step is about no order (checkout, wait, set).
 * `named`: the step names it: written, it is the step's order whatever it expands to (empty is
 * the schema's problem, or the run's error once a variable fills it: substituted-step.ts), never
 * the last checkout's, which an empty one once silently became. `default`: it is `${order_id}`, the last checkout's; `required`
 * says the step cannot run without one (a send-webhook step with `body:` sends that body for no
 * order when none is set).
 */
export type StepOrderRule =
  { kind: 'none' } | { kind: 'named'; order: string } | { kind: 'default'; required: boolean };

export function stepOrderRule(step: ScenarioStep): StepOrderRule {
  switch (step.step) {
    case 'checkout':
    case 'wait':
    case 'set':
      return { kind: 'none' };
    case 'send-webhook': {
      // A resend names the order whose webhook it copies in `from: { order }`: that is the
      // order it is about, unless the step names another for its record.
      const order = step.order ?? step.from?.order;
      if (order !== undefined) return { kind: 'named', order };
      return { kind: 'default', required: step.body === undefined };
    }
    default:
      return step.order !== undefined
        ? { kind: 'named', order: step.order }
        : { kind: 'default', required: true };
  }
}

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The variables a step sets once it has run, read from what is written (its kind, its capture,
 * its vars), so a step whose shape the schema refused still counts: fixing it brings no new
 * problems below it. At run time checkout-step.ts sets CHECKOUT_VARIABLES, the set step its
 * `vars`, and captureInto each `capture`.
 */
export function variablesSetBy(step: unknown): string[] {
  if (!isMapping(step)) return [];
  const captured = isMapping(step.capture) ? Object.keys(step.capture) : [];
  if (step.step === 'checkout') return [...CHECKOUT_VARIABLES, ...captured];
  if (step.step === 'set' && isMapping(step.vars)) return [...Object.keys(step.vars), ...captured];
  return captured;
}
