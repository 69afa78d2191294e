import { scenarioStepSchema, type ScenarioStep } from '../../shared/scenarios/scenario-schema';
import { isBuiltInVariable, malformedVariableUses, variableNamesIn } from '../../shared/scenarios/variables';
import { stepOrderRule, variablesSetBy } from './step-rules';

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
    for (const [text, path] of stringsIn(value, ['vars', name])) {
      for (const message of malformedVariableUses(text)) found.push({ path, message });
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
    }
    known.add(name);
  }
  for (const [index, read] of steps.entries()) {
    if (!('step' in read)) {
      for (const name of variablesSetBy(read.broken)) known.add(name);
      continue;
    }
    const step = read.step;
    // The run's own rule (step-rules.ts): a step that needs `${order_id}` erred without it.
    const order = stepOrderRule(step);
    if (order.kind === 'default' && order.required && !known.has('order_id'))
      found.push({
        path: ['steps', index, 'order'],
        message: `left out, it is \${order_id}, which no step before this one sets (${setByThen(known)}): run a checkout step first, or give the step an order`,
      });
    for (const [text, path] of stringsIn(step, ['steps', index])) {
      for (const message of malformedVariableUses(text)) found.push({ path, message });
      for (const name of variableNamesIn(text))
        if (!known.has(name) && !isBuiltInVariable(name))
          found.push({
            path,
            message: `\${${name}} is not set by any step before this one (${setByThen(known)})`,
          });
    }
    for (const name of variablesSetBy(step)) known.add(name);
  }
  return found;
}
