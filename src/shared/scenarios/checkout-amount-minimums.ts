import type { CountryCode } from '../checkout/currencies';
import { generateSample } from '../checkout/sample';
import { validateCheckout } from '../checkout/validate';
import type { CheckoutForm } from '../checkout/request-parts';
import { parseJsonPath } from '../json-path';
import { describeStatus, type StatusMatcher } from './expectations';
import { parsePointer, removePointer, writePointer } from './json-pointer';
import { variableNamesIn } from './variables';

/**
 * The amounts a checkout step writes in its file (`payload`, `set`) that the spec's minimums
 * refuse: total_amount at least 0.1; shipping_amount, tax_amount and an item's tax_amount and
 * discount_amount at least 0. The checkout validator is their judge (the builder's, `validate`'s
 * and the emulator's), so a zero shipping or tax passes, and an item total or unit price below 0,
 * which the spec shows no minimum for, stays its warning. On a step that expects the session
 * created, such an amount can only end in the service's 400, so it is the file's problem; a step
 * that expects a refusal (or a status known only when it runs) sends it on purpose.
 */

interface CheckoutAmounts {
  form: CheckoutForm;
  sample?: { country?: CountryCode | undefined; seed?: number | undefined } | undefined;
  payload?: Record<string, unknown> | undefined;
  set?: Record<string, unknown> | undefined;
  remove?: readonly string[] | undefined;
  expect?: { status: StatusMatcher } | undefined;
}

export interface AmountBelowMinimum {
  /** The field in the step that holds it: `['payload', 'total_amount', 'amount']`, `['set', '/tax_amount']`. */
  path: (string | number)[];
  message: string;
}

const isSuccess = (status: number) => status >= 200 && status <= 299;

/** Whether every status the step takes is a success: a literal 200, 2xx or list of 2xx. */
function expectsSuccess(matcher: StatusMatcher): boolean {
  if (typeof matcher === 'number') return isSuccess(matcher);
  if (typeof matcher === 'string') return matcher === '2xx' && variableNamesIn(matcher).length === 0;
  return matcher.every(isSuccess);
}

function sampleOf(step: CheckoutAmounts): unknown {
  const { country, seed } = step.sample ?? {};
  return generateSample(step.form, {
    ...(country === undefined ? {} : { country }),
    ...(seed === undefined ? {} : { seed }),
  });
}

const startsWith = (path: readonly (string | number)[], prefix: readonly string[]) =>
  prefix.length <= path.length && prefix.every((part, index) => String(path[index]) === part);

export function checkoutAmountsBelowMinimum(step: CheckoutAmounts): AmountBelowMinimum[] {
  const status = step.expect?.status ?? 200;
  if (!expectsSuccess(status) || (step.payload === undefined && step.set === undefined)) return [];
  // What the file writes, as the run sends it: its payload or a sample (valid, its items an array
  // a `set` can reach into; a file or draft is read only when the step runs), then `set` and
  // `remove` in order.
  let written: unknown = step.payload ?? (step.sample === undefined ? {} : sampleOf(step));
  try {
    for (const [pointer, value] of Object.entries(step.set ?? {}))
      written = writePointer(written, pointer, value);
    for (const pointer of step.remove ?? []) written = removePointer(written, pointer);
  } catch {
    return []; // A pointer that cannot be written is the step's error when it runs, in its words.
  }
  const sets = Object.keys(step.set ?? {}).reverse();
  return validateCheckout(written, { form: step.form })
    .filter((finding) => finding.severity === 'error' && finding.code === 'below_minimum')
    .map((finding) => {
      const path = parseJsonPath(finding.path);
      // The last `set` that wrote it, else the payload's own field (a sample is valid).
      const set = sets.find((pointer) => startsWith(path, parsePointer(pointer)));
      return {
        path: set === undefined ? ['payload', ...path] : ['set', set],
        message: `${finding.message.replace(/\.$/, '')} (${finding.rule}): the service refuses the request, and the step expects ${describeStatus(status)}; to send it on purpose, expect the refusal (expect: { status: 400 })`,
      };
    });
}
