import { formatCount } from '@shared/count-format';
import { isDecimalText, numberNotInDecimal, numberRefusal } from '@shared/decimal-text';

/** The whole numbers a field takes, both ends included. */
export interface WholeNumberRange {
  readonly min: number;
  readonly max: number;
}

/**
 * A whole-number field's range as its zod schema declares it (`z.number().int().min().max()`),
 * so a form says the bounds main checks, from the one place they are written.
 */
export function rangeOfSchema(schema: {
  minValue: number | null;
  maxValue: number | null;
}): WholeNumberRange {
  return {
    min: schema.minValue ?? Number.MIN_SAFE_INTEGER,
    max: schema.maxValue ?? Number.MAX_SAFE_INTEGER,
  };
}

export type TextReading<T> = { value: T; problem: null } | { value: null; problem: string };

const refused = (problem: string) => ({ value: null, problem }) as const;

/** The number one typed item stands for, or what is wrong with it ("abc" is not a number). */
function readItem(typed: string, range: WholeNumberRange): TextReading<number> {
  if (!isDecimalText(typed))
    return refused(
      `${JSON.stringify(typed)} is not a number${numberNotInDecimal(typed) ? ' written in decimal digits' : ''}`,
    );
  const value = Number(typed);
  if (!Number.isInteger(value)) return refused(`${typed} is not a whole number`);
  if (value < range.min) return refused(`${typed} is below ${formatCount(range.min)}`);
  if (value > range.max) return refused(`${typed} is above ${formatCount(range.max)}`);
  return { value, problem: null };
}

const between = (range: WholeNumberRange) => `from ${formatCount(range.min)} to ${formatCount(range.max)}`;

/**
 * What a whole-number box's text stands for, or what is wrong with it in words shown under the
 * box: empty, not a number, not whole, or out of range (never clamped into it, which saved a
 * number nobody typed).
 */
export function readWholeNumber(text: string, range: WholeNumberRange): TextReading<number> {
  const wanted = `enter a whole number ${between(range)}`;
  const typed = text.trim();
  if (typed === '') return refused(`Empty: ${wanted}`);
  const reading = readItem(typed, range);
  return reading.value === null ? refused(`${reading.problem}: ${wanted}`) : reading;
}

/**
 * A whole-number box that may be left empty for a default (the JWT inspector's Lifetime: empty
 * is the signing profile's own): empty stands for `empty.means`; any other text is read as
 * `readWholeNumber` reads it, its problem saying what leaving it empty does.
 */
export function readWholeNumberOrEmpty<E>(
  text: string,
  range: WholeNumberRange,
  empty: { means: E; for: string },
): TextReading<number | E> {
  const typed = text.trim();
  if (typed === '') return { value: empty.means, problem: null };
  const reading = readItem(typed, range);
  return reading.value === null
    ? refused(`${reading.problem}: enter a whole number ${between(range)}, or leave it empty ${empty.for}`)
    : reading;
}

/**
 * A comma-separated list of whole numbers (a backoff: `1000, 5000`), each item read as
 * `readWholeNumber` reads one; `listProblem` judges the list as a whole (how many), in its
 * schema's words.
 */
export function readWholeNumberList(
  text: string,
  range: WholeNumberRange,
  listProblem: (list: number[]) => string | null = () => null,
): TextReading<number[]> {
  const wanted = `enter whole numbers ${between(range)}, separated by commas`;
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return refused(`Empty: ${wanted}`);
  const value: number[] = [];
  for (const part of parts) {
    const reading = readItem(part, range);
    if (reading.value === null) return refused(`${reading.problem}: ${wanted}`);
    value.push(reading.value);
  }
  const problem = listProblem(value);
  return problem === null ? { value, problem: null } : refused(problem);
}

/**
 * What a form's number box (form-number-input.tsx) puts in its react-hook-form field: the number
 * its text writes in decimal digits, whole, in range or not, so the field's zod schema (the one
 * main checks with) says what is wrong with it in its own words ("The listener port must be a
 * whole number"); any other text as it is, which the schema refuses as not a number. Never a
 * number found in part of the text: a pasted `44,056` was saved as 44, `1.5e3` as 1.
 */
export function readFieldNumber(text: string): number | string {
  const typed = text.trim();
  return isDecimalText(typed) ? Number(typed) : text;
}

/**
 * The field schema's `problem` with a form number box's `text`, in the words `numberFlag` uses
 * (numberRefusal, one owner): text that is no whole number is quoted ("The listener port must be
 * a whole number (not "44,056")"), and one Number() reads though it is not in decimal digits says
 * how to write it ("… written in decimal digits (not "2e2")"). A whole number out of range is the
 * box's text already, said as the schema says it; empty text has nothing to quote.
 */
export function fieldNumberProblem(text: string, problem: string): string {
  const typed = text.trim();
  if (typed === '' || (isDecimalText(typed) && Number.isInteger(Number(typed)))) return problem;
  return numberRefusal(problem, typed);
}
