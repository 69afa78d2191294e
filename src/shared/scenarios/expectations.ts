import { parseAmount } from '../checkout/money';
import { readPointer } from './json-pointer';
import type { CheckResult } from './scenario-results';
import { STATUS_CLASS_PATTERN } from './field-forms';

/** How scenarios compare what they expected with what they saw. */

export type StatusMatcher = number | string | readonly number[];

export function statusMatches(matcher: StatusMatcher, status: number | null): boolean {
  if (status === null) return false;
  if (typeof matcher === 'number') return status === matcher;
  if (typeof matcher === 'string')
    return STATUS_CLASS_PATTERN.test(matcher) && Math.floor(status / 100) === Number(matcher[0]);
  return matcher.includes(status);
}

export function describeStatus(matcher: StatusMatcher): string {
  return Array.isArray(matcher) ? matcher.join(' or ') : String(matcher);
}

/**
 * The status against what was expected. A failure beside a status (an answer cut short after
 * it began: the endpoint did answer) is said with it, and the status is still what is judged,
 * as `check-endpoint` judges it.
 */
export function statusCheck(
  matcher: StatusMatcher,
  status: number | null,
  failure: string | null,
): CheckResult {
  return {
    what: 'status',
    // A number stays one: as words ("201") it read as a type mismatch beside the actual 200.
    expected: typeof matcher === 'number' ? matcher : describeStatus(matcher),
    actual:
      status === null
        ? `no answer${failure === null ? '' : ` (${failure})`}`
        : failure === null
          ? status
          : `${status} (${failure})`,
    passed: statusMatches(matcher, status),
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The spec: an amount "is numeric either way", so 50 and "50.00" are the same amount. Compared
 * as exact decimals (money.ts), not through Number(): beyond 15 significant digits a double
 * cannot tell numbers apart, so 12345678901234567890 matched "12345678901234567891".
 */
function sameScalar(expected: unknown, actual: unknown): boolean {
  if (Object.is(expected, actual)) return true;
  // A string counts as a number only written plainly (no exponent), as before.
  const numeric = (value: unknown) =>
    typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))
      ? (parseAmount(value) ?? null)
      : null;
  if (typeof expected === 'number' || typeof actual === 'number') {
    const a = numeric(expected);
    const b = numeric(actual);
    return (
      a !== null &&
      b !== null &&
      a.negative === b.negative &&
      a.integerDigits === b.integerDigits &&
      a.fractionDigits === b.fractionDigits
    );
  }
  return false;
}

/**
 * Whether `actual` holds `expected`: objects as a subset (extra keys are fine), arrays item by
 * item with the same length, scalars equal (numbers equal to numeric strings).
 */
export function valueMatches(expected: unknown, actual: unknown): boolean {
  if (isRecord(expected))
    return (
      isRecord(actual) && Object.entries(expected).every(([key, value]) => valueMatches(value, actual[key]))
    );
  if (Array.isArray(expected))
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((value, index) => valueMatches(value, actual[index]))
    );
  return sameScalar(expected, actual);
}

export interface FieldExpectations {
  fields?: Record<string, unknown> | undefined;
  present?: readonly string[] | undefined;
  absent?: readonly string[] | undefined;
}

/**
 * A check's actual side with no value: null, marked so (scenario-results.ts). The one way a step
 * says it saw nothing; a stand-in string ("(none)") read as a value the answer held.
 */
export const ABSENT_ACTUAL = { actual: null, actualAbsent: true } as const;

/** What was found at a pointer: the value, or absent. */
const actualAt = (actual: unknown) => (actual === undefined ? ABSENT_ACTUAL : { actual });

/** One check per expected field, per field that must be there, and per field that must not. */
export function fieldChecks(body: unknown, expectations: FieldExpectations): CheckResult[] {
  const checks: CheckResult[] = [];
  for (const [pointer, expected] of Object.entries(expectations.fields ?? {})) {
    const actual = readPointer(body, pointer);
    checks.push({
      what: pointer,
      expected,
      ...actualAt(actual),
      passed: actual !== undefined && valueMatches(expected, actual),
    });
  }
  for (const pointer of expectations.present ?? []) {
    const actual = readPointer(body, pointer);
    checks.push({ what: pointer, expected: '(present)', ...actualAt(actual), passed: actual !== undefined });
  }
  for (const pointer of expectations.absent ?? []) {
    const actual = readPointer(body, pointer);
    checks.push({
      what: pointer,
      expected: null,
      expectedAbsent: true,
      ...actualAt(actual),
      passed: actual === undefined,
    });
  }
  return checks;
}

/**
 * The checks of an answer from the service: its status, an `errors[].error_code` it must carry,
 * and its fields. One place, so a checkout and an operation judge answers alike.
 */
export function answerChecks(
  expect: FieldExpectations & { status: StatusMatcher; errorCode?: string | undefined },
  answer: { status: number | null; failure: string | null; errorCodes: readonly string[]; json: unknown },
): CheckResult[] {
  const checks = [statusCheck(expect.status, answer.status, answer.failure)];
  if (expect.errorCode !== undefined)
    checks.push({
      what: 'errors[].error_code',
      expected: expect.errorCode,
      ...(answer.errorCodes.length === 0 ? ABSENT_ACTUAL : { actual: answer.errorCodes }),
      passed: answer.errorCodes.includes(expect.errorCode),
    });
  return [...checks, ...fieldChecks(answer.json, expect)];
}

/** `actual` undefined: there is none (an order state not known), said as absent. */
export function equalityCheck(what: string, expected: unknown, actual: unknown): CheckResult {
  if (actual === undefined) return { what, expected, ...ABSENT_ACTUAL, passed: false };
  return { what, expected, actual, passed: valueMatches(expected, actual) };
}

/**
 * One side of a check as every report writes it: JSON (a string quoted, so "50" and 50 differ),
 * or the word absent for a side with no value. The one owner for the terminal, JUnit and the
 * Scenarios view.
 */
export function checkSideText(check: CheckResult, side: 'expected' | 'actual'): string {
  const absent = side === 'expected' ? check.expectedAbsent : check.actualAbsent;
  if (absent === true) return 'absent';
  const value = check[side];
  return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value, null, 2) ?? 'undefined');
}

/**
 * A failed check as a readable diff, the way test runners print one:
 *
 *     state
 *       - expected  "fully_captured"
 *       + actual    "authorised"
 */
export function formatCheckDiff(check: CheckResult, indent = ''): string[] {
  const expected = checkSideText(check, 'expected').split('\n');
  const actual = checkSideText(check, 'actual').split('\n');
  const lines = [`${indent}${check.what}`];
  lines.push(
    `${indent}  - expected  ${expected[0] ?? ''}`,
    ...expected.slice(1).map((line) => `${indent}              ${line}`),
  );
  lines.push(
    `${indent}  + actual    ${actual[0] ?? ''}`,
    ...actual.slice(1).map((line) => `${indent}              ${line}`),
  );
  return lines;
}
