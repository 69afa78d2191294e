import { scenarioStepSchema, type ScenarioStep } from '../../shared/scenarios/scenario-schema';
import { isBuiltInVariable, variableNamesIn } from '../../shared/scenarios/variables';

/**
 * What a checkout step that created a session sets (steps/checkout-step.ts): the answer's ids
 * and URL, and the payload's reference, number, currency and total as sent.
 */
const CHECKOUT_VARIABLES = [
  'order_id',
  'checkout_id',
  'checkout_url',
  'order_reference_id',
  'order_number',
  'currency',
  'total_amount',
];

/**
 * A step as the file's check could read it: parsed, or, when its own shape is broken (a problem
 * the schema reports), as written. A broken step's variables are not checked; what it would set
 * still counts, so fixing its shape brings no new problems below it.
 */
export type ReadStep = { step: ScenarioStep } | { broken: unknown };

const isMapping = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each step of a document the schema refused, parsed on its own where its shape allows. */
export function readSteps(document: unknown): ReadStep[] {
  const steps = isMapping(document) ? document.steps : undefined;
  if (!Array.isArray(steps)) return [];
  return steps.map((raw: unknown) => {
    const parsed = scenarioStepSchema.safeParse(raw);
    return parsed.success ? { step: parsed.data } : { broken: raw };
  });
}

/** What a broken step would set, read from what is written (its kind, its capture, its vars). */
function setByBroken(raw: unknown): string[] {
  if (!isMapping(raw)) return [];
  const captured = isMapping(raw.capture) ? Object.keys(raw.capture) : [];
  if (raw.step === 'checkout') return [...CHECKOUT_VARIABLES, ...captured];
  if (raw.step === 'set' && isMapping(raw.vars)) return [...Object.keys(raw.vars), ...captured];
  return captured;
}

/**
 * Whether a step that leaves `order:` out (or empty) takes `${order_id}` (step-context.ts's
 * orderOf): every step about an order does, but a send-webhook step only when it builds a
 * notification or resends one without naming its order (`from: { order }`); with `body:` it
 * sends that, for no order.
 */
function usesDefaultOrder(step: ScenarioStep): boolean {
  switch (step.step) {
    case 'checkout':
    case 'wait':
    case 'set':
      return false;
    case 'send-webhook':
      return step.body === undefined && !step.order && !step.from?.order;
    default:
      return !step.order;
  }
}

/** The variables a step sets once it has run (the step itself runs before any of them is set). */
function setBy(step: ScenarioStep): string[] {
  const captured = 'capture' in step ? Object.keys(step.capture ?? {}) : [];
  if (step.step === 'checkout') return [...CHECKOUT_VARIABLES, ...captured];
  if (step.step === 'set') return Object.keys(step.vars);
  return captured;
}

/** Each string value in `value` with its path (keys are JSON pointers, never substituted). */
function* stringsIn(value: unknown, path: (string | number)[]): Generator<[string, (string | number)[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value))
    for (const [index, item] of value.entries()) yield* stringsIn(item, [...path, index]);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) yield* stringsIn(item, [...path, key]);
}

export interface UnsetVariable {
  /** Where the string that uses it is, from the scenario's root. */
  path: (string | number)[];
  message: string;
}

const setByThen = (known: ReadonlySet<string>): string => {
  const names = [...known].sort();
  return names.length === 0 ? 'none is set by then' : `set by then: ${names.join(', ')}`;
};

/**
 * The variables a step uses that no step before it (nor `vars:`) sets: found when the file is
 * read, so a typo stops the suite before anything is sent, as a misspelt field does. A variable
 * set only on some paths (a checkout that was refused sets no order_id) is still a run's error.
 * A step's order left out is its `${order_id}`, checked alike: it ran, and the step erred.
 * Checked beside the schema's problems (`vars` as written), so all are printed in one pass.
 */
export function unsetVariables(vars: unknown, steps: readonly ReadStep[]): UnsetVariable[] {
  const known = new Set<string>();
  const found: UnsetVariable[] = [];
  // `vars:` is set in its order before the first step (run-scenario.ts): a value may use a
  // built-in or a variable above it. A typo there ran the suite and failed at the first step.
  for (const [name, value] of Object.entries(isMapping(vars) ? vars : {})) {
    for (const [text, path] of stringsIn(value, ['vars', name]))
      for (const used of variableNamesIn(text))
        if (!known.has(used) && !isBuiltInVariable(used)) {
          const names = [...known].sort();
          found.push({
            path,
            message: `\${${used}} is not set by then (${
              names.length === 0 ? 'no variable is set before vars' : `set above it: ${names.join(', ')}`
            })`,
          });
        }
    known.add(name);
  }
  for (const [index, read] of steps.entries()) {
    if (!('step' in read)) {
      for (const name of setByBroken(read.broken)) known.add(name);
      continue;
    }
    const step = read.step;
    if (usesDefaultOrder(step) && !known.has('order_id'))
      found.push({
        path: ['steps', index, 'order'],
        message: `left out, it is \${order_id}, which no step before this one sets (${setByThen(known)}): run a checkout step first, or give the step an order`,
      });
    for (const [text, path] of stringsIn(step, ['steps', index]))
      for (const name of variableNamesIn(text))
        if (!known.has(name) && !isBuiltInVariable(name))
          found.push({
            path,
            message: `\${${name}} is not set by any step before this one (${setByThen(known)})`,
          });
    for (const name of setBy(step)) known.add(name);
  }
  return found;
}
