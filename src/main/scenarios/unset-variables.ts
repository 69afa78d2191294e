import type { Scenario, ScenarioStep } from '../../shared/scenarios/scenario-schema';
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

/**
 * The variables a step uses that no step before it (nor `vars:`) sets: found when the file is
 * read, so a typo stops the suite before anything is sent, as a misspelt field does. A variable
 * set only on some paths (a checkout that was refused sets no order_id) is still a run's error.
 */
export function unsetVariables(scenario: Scenario): UnsetVariable[] {
  const known = new Set<string>();
  const found: UnsetVariable[] = [];
  // `vars:` is set in its order before the first step (run-scenario.ts): a value may use a
  // built-in or a variable above it. A typo there ran the suite and failed at the first step.
  for (const [name, value] of Object.entries(scenario.vars ?? {})) {
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
  for (const [index, step] of scenario.steps.entries()) {
    for (const [text, path] of stringsIn(step, ['steps', index]))
      for (const name of variableNamesIn(text))
        if (!known.has(name) && !isBuiltInVariable(name)) {
          const names = [...known].sort();
          found.push({
            path,
            message: `\${${name}} is not set by any step before this one (${
              names.length === 0 ? 'none is set by then' : `set by then: ${names.join(', ')}`
            })`,
          });
        }
    for (const name of setBy(step)) known.add(name);
  }
  return found;
}
