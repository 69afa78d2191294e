import type { ScenarioStep } from './scenario-schema';

/** A step's one-line name in reports: its own title, or one made from what it does. */
export function stepTitle(step: ScenarioStep): string {
  if (step.title !== undefined) return step.title;
  switch (step.step) {
    case 'checkout': {
      const source =
        step.sample !== undefined
          ? `a ${step.form} sample${step.sample.country === undefined ? '' : ` (${step.sample.country})`}`
          : step.file !== undefined
            ? step.file
            : step.draft !== undefined
              ? `draft "${step.draft}"`
              : `the ${step.form} payload written here`;
      return `create a checkout session from ${source}`;
    }
    case 'customer':
      return `customer: ${step.action}`;
    case 'expect-webhook':
      return `expect webhook ${step.event}`;
    case 'operation':
      return `${step.operation}${step.amount === undefined ? '' : ` ${String(step.amount)}`}`;
    case 'send-webhook':
      return `send ${step.event ?? step.from?.event ?? 'a notification'} to ${step.to} (token ${step.token})`;
    case 'expect-order':
      return `expect order${step.state === undefined ? '' : ` ${step.state}`}`;
    case 'wait':
      return `wait ${String(step.for)}`;
    case 'set':
      return `set ${Object.keys(step.vars).join(', ')}`;
  }
}
