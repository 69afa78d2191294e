import { formatJsonPath } from '../../shared/json-path';
import { readPath } from '../../shared/scenarios/json-pointer';
import { FIELDS_CHECKED_WHEN_RUN, type ScenarioStep } from '../../shared/scenarios/scenario-schema';
import { VariableError, variableNamesIn, type Variables } from '../../shared/scenarios/variables';

/**
 * The step as it runs: every `${name}` replaced (variables.ts). A duration or a status written
 * as a variable was checked for a variable's form only when the file was read; here its value
 * is checked as a value written there would have been, in the same words, with what it came
 * from: `for is "1 second" (from "${pause}"): write a duration such as 500ms, 10s or 2m`.
 */
export function substitutedStep(step: ScenarioStep, vars: Variables): ScenarioStep {
  const substituted = vars.substitute(step) as ScenarioStep;
  for (const { path, schema, step: kind } of FIELDS_CHECKED_WHEN_RUN) {
    if (kind !== undefined && kind !== step.step) continue;
    const written = readPath(step, path);
    if (typeof written !== 'string' || variableNamesIn(written).length === 0) continue;
    const value = readPath(substituted, path);
    const checked = schema.safeParse(value);
    if (checked.success) continue;
    const why = checked.error.issues[0]?.message ?? 'not a value this field takes';
    throw new VariableError(
      `${formatJsonPath(path)} is ${JSON.stringify(value) ?? 'nothing'} (from ${JSON.stringify(written)}): ${why}`,
    );
  }
  return substituted;
}
