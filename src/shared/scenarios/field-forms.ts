import { z } from 'zod';
import { suggestKey } from '../checkout/unknown-keys';
import { DECIMAL_TEXT } from '../decimal-text';
import { ORDER_EVENT_TYPES } from '../orders/order-states';
import { JSON_POINTER_PATTERN } from './json-pointer';
import { isBuiltInVariable } from './variables';

/**
 * The forms a scenario field's value takes (a duration, a status, a variable name, a JSON
 * pointer) and what is said of a value not of its form: what is wrong with it and what the field
 * takes, as `capture.x: write a JSON pointer, such as /total_amount/amount` does. zod's own words
 * for these named the field and not the mistake ("is none of the kinds of value this field
 * accepts", "has a key that is not allowed"), so each form words its own refusal: its branches
 * stop at their first failure, and the one function below them says it, from the value given.
 */

export const DURATION_PATTERN = /^\d+(\.\d+)?(ms|s|m)$/;

/**
 * The longest duration a step is given (a `wait`, a `within`, a `timeout`): 24 hours. Past
 * 2^31 - 1 ms Node's timers fire at once: a `wait` of 36000m passed in 2 ms saying it had waited
 * 2160000000 ms, with Node's TimeoutOverflowWarning in the output.
 */
export const DURATION_MAX_MS = 24 * 60 * 60 * 1000;
const DURATION_TOO_LONG = 'a duration is at most 24 hours (1440m, 86400s or 86400000 ms)';

/**
 * A duration over 24 hours, quoted as written (text in quotes, milliseconds bare), in the same
 * words whether the file's check finds it or a `${variable}` brings it when the step runs: the
 * file's check said only the limit, the step the value and the limit.
 */
export const durationTooLong = (value: number | string): string =>
  `${typeof value === 'string' ? JSON.stringify(value) : value} is too long: ${DURATION_TOO_LONG}`;

/** A duration's milliseconds: a number is milliseconds, text is 500ms, 10s or 2m; null if neither. */
export function durationMsOf(value: number | string): number | null {
  if (typeof value === 'number') return value;
  if (!DURATION_PATTERN.test(value)) return null;
  const amount = Number.parseFloat(value);
  return Math.round(value.endsWith('ms') ? amount : value.endsWith('m') ? amount * 60_000 : amount * 1000);
}

/**
 * A field left out is said as every missing field is (zod-words: "missing"), with what it takes
 * when that is more than a type: a bare `steps[3].for: missing` left the reader to guess.
 */
const wordedUnlessMissing = (
  value: unknown,
  problem: (value: unknown) => string,
  takes?: string,
): string | undefined =>
  value !== undefined ? problem(value) : takes === undefined ? undefined : `missing; expected ${takes}`;

const A_DURATION = 'a duration such as 500ms, 10s or 2m';
const DURATION_WORDS = `write ${A_DURATION}`;
const WHOLE_MS = `${DURATION_WORDS}, or whole milliseconds such as 1500`;
const DURATION_TAKES = `${A_DURATION}, or whole milliseconds such as 1500`;

/**
 * A refused value as it was written, for a message that says what is wrong with it: text quoted
 * (cut, as a value can be long), a short list or mapping as JSON. A number past what a double
 * holds (`1e400`) is read as Infinity, so its text is gone: said so.
 */
export function writtenValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' && !Number.isFinite(value))
    return Number.isNaN(value) ? 'NaN' : `a number too large to hold (read as ${value})`;
  if (typeof value !== 'object' || value === null) return String(value);
  const json = JSON.stringify(value);
  return json.length <= 40 ? json : Array.isArray(value) ? 'a list' : 'a mapping';
}

/** What is wrong with a value given for a duration. */
export function durationProblem(value: unknown): string {
  if (typeof value === 'string')
    return (durationMsOf(value) ?? 0) > DURATION_MAX_MS
      ? durationTooLong(value)
      : `${writtenValue(value)} is not a duration: ${DURATION_WORDS}`;
  if (typeof value !== 'number') return `${writtenValue(value)} is not a duration: ${WHOLE_MS}`;
  if (value > DURATION_MAX_MS) return durationTooLong(value);
  if (!Number.isInteger(value)) return `${value} is not whole milliseconds: ${WHOLE_MS}`;
  return `${value} is below zero: ${WHOLE_MS}`;
}

export const duration = z
  .union(
    [
      z.number().int({ abort: true }).min(0, { abort: true }).max(DURATION_MAX_MS, { abort: true }),
      z
        .string()
        .regex(DURATION_PATTERN, { abort: true })
        .refine((text) => (durationMsOf(text) ?? 0) <= DURATION_MAX_MS, { abort: true }),
    ],
    { error: (issue) => wordedUnlessMissing(issue.input, durationProblem, DURATION_TAKES) },
  )
  .meta({ description: 'Milliseconds, or a duration such as 500ms, 10s or 2m; at most 24 hours.' });

/** Quotes what was written, as every problem of a file does (`"0s" is not more than 0 ms: …`). */
const notAWait = (written: unknown) =>
  `${writtenValue(written)} is not more than 0 ms: the step waits this long for the notification (write such as 10s; left out, 10s)`;

/**
 * An expect-webhook step's `within`: a duration of more than 0 ms. `within: 0` looked once, and
 * failed unless the notification had already come (Playwright's `timeout: 0`, and others', means
 * "no limit"). An expect-order step's 0 is its default ("check once") and stays `duration`.
 */
export const waitedDuration = duration
  .refine((value) => (durationMsOf(value) ?? 0) > 0, { error: (issue) => notAWait(issue.input) })
  .meta({
    description:
      'How long to wait: milliseconds, or a duration such as 500ms, 10s or 2m; more than 0, at most 24 hours.',
  });

export const STATUS_CLASS_PATTERN = /^[1-5]xx$/;
const STATUS_RANGE = 'an HTTP status (100–599)';
const STATUS_RANGE_PLURAL = 'HTTP statuses (100–599)';
const STATUS_WORDS = 'write a status such as 200, or a class such as 4xx';

const isStatus = (value: unknown): boolean =>
  typeof value === 'number' && Number.isInteger(value) && value >= 100 && value <= 599;
const shown = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : Array.isArray(value) ? 'a list' : String(value);

/** What is wrong with a value given for a status: a status, a class or a list of statuses. */
export function statusProblem(value: unknown): string {
  if (typeof value === 'number') return `${shown(value)} is not ${STATUS_RANGE}`;
  if (typeof value === 'string')
    return /^\d+$/.test(value)
      ? `write a status as a number (${value}), not as text (${shown(value)})`
      : /^\dxx$/i.test(value)
        ? `${shown(value)} is not a class of statuses (1xx to 5xx)`
        : STATUS_WORDS;
  if (!Array.isArray(value))
    return 'write a status such as 200, a class such as 4xx, or a list such as [200, 202]';
  if (value.length === 0) return 'a list of statuses needs at least one, such as [200, 202]';
  const wrong = value.filter((item) => !isStatus(item)).map(shown);
  const listed = wrong.length === 1 ? wrong[0] : `${wrong.slice(0, -1).join(', ')} and ${wrong.at(-1)}`;
  const verb = wrong.length === 1 ? `is not ${STATUS_RANGE}` : `are not ${STATUS_RANGE_PLURAL}`;
  return `${listed} in the list ${verb}: a list holds statuses such as [200, 202]`;
}

const statusNumber = z.number().int({ abort: true }).min(100, { abort: true }).max(599, { abort: true });
export const statusMatcher = z
  .union(
    [
      statusNumber,
      z.string().regex(STATUS_CLASS_PATTERN, { abort: true }),
      z.array(statusNumber).min(1, { abort: true }),
    ],
    {
      error: (issue) =>
        wordedUnlessMissing(
          issue.input,
          statusProblem,
          'a status such as 200, a class such as 4xx, or a list such as [200, 202]',
        ),
    },
  )
  .meta({ description: 'A status (200), a class ("4xx") or a list of statuses ([200, 202]).' });

/** What is wrong with a name given to a variable (`vars`, `set`'s `vars`, `capture`). */
export function variableNameProblem(name: string): string {
  if (name.startsWith('env.'))
    return `"${name}" is the environment variable ${name.slice(4)}, read as it is: a scenario cannot set it`;
  if (isBuiltInVariable(name)) return `"${name}" is made fresh at each use: a scenario cannot set it`;
  return `"${name}" is not a variable name: letters, digits and _, not starting with a digit`;
}

/** A variable's name, as a key of `vars` or `capture`. */
export const variableName = z
  .string()
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: (issue) => variableNameProblem(String(issue.input)) });

const POINTER_WORDS = 'write a JSON pointer, such as /total_amount/amount';

export const pointer = z
  .string()
  .regex(JSON_POINTER_PATTERN, POINTER_WORDS)
  .meta({ description: 'A JSON pointer (RFC 6901), such as /total_amount/amount or /items/0/sku.' });

/** A JSON pointer as a key (`set`, `fields`, `facts`): said with the key, which is all there is to see. */
export const pointerKey = z
  .string()
  .regex(JSON_POINTER_PATTERN, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not a JSON pointer: write one such as /total_amount/amount`,
  })
  .meta({ description: 'A JSON pointer (RFC 6901), such as /total_amount/amount or /items/0/sku.' });

const AMOUNT_WORDS = "write an amount, such as '50.00' or 50";

/**
 * What is wrong with a value given for an amount. Text that is not a number (`12.3.4`) was taken
 * and sent as a JSON string, so a mistake in the file came back as the service's 400, an
 * expectation failed; the spec's Money amount "is numeric either way".
 */
export function amountProblem(value: unknown): string {
  return `${writtenValue(value)} is not an amount: ${AMOUNT_WORDS}`;
}

/**
 * A capture's or refund's amount: a number, or numeric text as decimal-text.ts reads it (the body
 * sends it as a JSON number: operation-bodies.ts). A broken amount sent on purpose is a whole `body`.
 */
export const amount = z
  .union([z.number(), z.string().regex(DECIMAL_TEXT, { abort: true })], {
    error: (issue) => wordedUnlessMissing(issue.input, amountProblem, "an amount, such as '50.00' or 50"),
  })
  // A capture or refund of 0 or less can only be the service's refusal (the Orders view offers
  // none); a file that means to send one writes the whole `body`, sent as written.
  .refine((value) => Number(value) > 0, {
    error: (issue) =>
      `${writtenValue(issue.input)} is not more than 0: the service refuses a capture or refund of 0 or less (to send one on purpose, write the whole body)`,
  })
  .meta({
    description:
      "Capture or refund amount, more than 0: a number, or numeric text such as '50.00'; default what is left.",
  });

/**
 * What is wrong with an event name an expect-webhook step waits for. A misspelt one
 * (`order_aproved`) loaded and failed only after its whole `within`, as nothing of that name
 * ever arrives: the service sends the spec's events, and the emulator its own for moves the spec
 * does not show (order-states.ts owns both lists).
 */
export function eventNameProblem(value: unknown): string {
  return notOneOfProblem(value, ORDER_EVENT_TYPES, 'an event the service sends');
}

/**
 * A value that is none of a field's words, quoted as written, with the nearest word when it is
 * close enough to be a typo (`"sett" is not a kind of step; did you mean "set"?`), else the words
 * there are. One wording for an event name and a step's kind.
 */
export function notOneOfProblem(value: unknown, words: readonly string[], what: string): string {
  const notOne = `${writtenValue(value)} is not ${what}`;
  const suggestion = typeof value === 'string' ? suggestKey(value, words) : undefined;
  return suggestion === undefined
    ? `${notOne}: one of ${words.map((word) => JSON.stringify(word)).join(', ')}`
    : `${notOne}; did you mean "${suggestion}"?`;
}

export const eventName = z
  .enum(ORDER_EVENT_TYPES, { error: (issue) => wordedUnlessMissing(issue.input, eventNameProblem) })
  .meta({ description: "An event type the service sends (order_approved…), or the emulator's own." });
