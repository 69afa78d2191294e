import { z } from 'zod';
import { formatCount } from './count-format';

/**
 * What a value must be, in the console's words, for every check zod words by itself. Every
 * boundary prints zod's messages after the field they name ("steps: …", "--order: …"); zod's
 * own wording ("Invalid input: expected array, received number", "Too big: expected int to be
 * <=9007199254740991") reads as a library's, so each process installs this map once at its
 * entry (`installConsoleZodWords`). A schema's own message still wins over it.
 */

const TYPE_WORDS: Record<string, string> = {
  array: 'a list',
  object: 'an object',
  // z.record: what a YAML or JSON reader would call a mapping ("must be record" was zod's term).
  record: 'a mapping of names to values',
  map: 'a mapping of names to values',
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  null: 'null',
  undefined: 'nothing',
  nan: 'NaN',
  date: 'a date',
  symbol: 'a symbol',
  function: 'a function',
};

const FORMAT_WORDS: Record<string, string> = {
  email: 'an e-mail address',
  url: 'a URL',
  uuid: 'a UUID',
  uuidv4: 'a UUID (version 4)',
  uuidv6: 'a UUID (version 6)',
  guid: 'a GUID',
  datetime: 'a date and time in ISO 8601 form (2026-01-31T09:30:00Z)',
  date: 'a date in ISO 8601 form (2026-01-31)',
  time: 'a time in ISO 8601 form (09:30:00)',
  duration: 'an ISO 8601 duration',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  base64: 'base64 text',
  base64url: 'base64url text',
  jwt: 'a JWT',
  e164: 'a phone number in E.164 form (+966500000000)',
};

/** A value as the user would type it: strings quoted, the rest as written. */
function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return formatCount(Number(value));
  if (typeof value === 'number') return Number.isInteger(value) ? formatCount(value) : String(value);
  return String(value);
}

function ownValue(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || !Object.prototype.hasOwnProperty.call(value, key))
    return undefined;
  return (value as Record<string, unknown>)[key];
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return typeof value;
}

const typeWords = (type: string) => TYPE_WORDS[type] ?? type;

/** `"a"`, or `one of "a", "b"`: the values a field takes. */
function optionsOf(values: readonly unknown[]): string {
  return values.length === 1 ? shown(values[0]) : `one of ${values.map(shown).join(', ')}`;
}

const oneOf = (values: readonly unknown[]): string => `must be ${optionsOf(values)}`;

/** "N characters", "N items": what a size counts, for sized values; null for numbers. */
function sizeUnit(origin: string, count: number | bigint): string | null {
  const one = Number(count) === 1;
  if (origin === 'string') return one ? 'character' : 'characters';
  if (origin === 'array' || origin === 'set') return one ? 'item' : 'items';
  if (origin === 'map' || origin === 'record') return one ? 'entry' : 'entries';
  if (origin === 'file') return one ? 'byte' : 'bytes';
  return null;
}

function sizeWords(
  direction: 'most' | 'least',
  origin: string,
  limit: number | bigint,
  exact: boolean,
  inclusive: boolean,
): string {
  const unit = sizeUnit(origin, limit);
  const count = shown(typeof limit === 'bigint' ? limit : Number(limit));
  if (unit !== null) {
    if (direction === 'least' && Number(limit) === 1 && !exact) return 'must not be empty';
    const bound = exact ? 'exactly' : `at ${direction}`;
    return origin === 'string'
      ? `must be ${bound} ${count} ${unit} long`
      : `must have ${bound} ${count} ${unit}`;
  }
  if (exact) return `must be exactly ${count}`;
  if (direction === 'most') return inclusive ? `must be at most ${count}` : `must be less than ${count}`;
  return inclusive ? `must be at least ${count}` : `must be more than ${count}`;
}

function formatWords(issue: z.core.$ZodRawIssue<z.core.$ZodIssueInvalidStringFormat>): string {
  switch (issue.format) {
    case 'starts_with':
      return `must start with ${shown(issue.prefix)}`;
    case 'ends_with':
      return `must end with ${shown(issue.suffix)}`;
    case 'includes':
      return `must include ${shown(issue.includes)}`;
    case 'regex':
      return `must match ${issue.pattern ?? 'the expected pattern'}`;
    default:
      return `must be ${FORMAT_WORDS[issue.format] ?? `a valid ${issue.format}`}`;
  }
}

/** The message for one issue that its schema left unworded. */
export function consoleZodMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `missing; expected ${typeWords(issue.expected)}`;
      // A number or true/false is short enough to show as it was given: "not 1.5", "not true".
      return `must be ${typeWords(issue.expected)}, not ${
        typeof issue.input === 'number' || typeof issue.input === 'boolean'
          ? String(issue.input)
          : typeWords(typeOf(issue.input))
      }`;
    case 'invalid_value':
      // A field left out is missing, as a missing field of any other kind is: "must be one of"
      // read as if a wrong value had been written.
      if (issue.input === undefined) return `missing; expected ${optionsOf(issue.values)}`;
      return oneOf(issue.values);
    case 'too_big':
      return sizeWords('most', issue.origin, issue.maximum, issue.exact === true, issue.inclusive !== false);
    case 'too_small':
      return sizeWords('least', issue.origin, issue.minimum, issue.exact === true, issue.inclusive !== false);
    case 'invalid_format':
      return formatWords(issue);
    case 'not_multiple_of':
      return `must be a multiple of ${shown(issue.divisor)}`;
    case 'unrecognized_keys':
      return issue.keys.length === 1
        ? `unknown field ${shown(issue.keys[0])}`
        : `unknown fields ${issue.keys.map(shown).join(', ')}`;
    case 'invalid_key':
      return `has a key that is not allowed`;
    case 'invalid_element':
      return `has a value that is not allowed`;
    case 'invalid_union': {
      // A discriminated union names its options and the key it reads; its input is the object.
      if (issue.inclusive !== false && issue.options !== undefined && issue.options.length > 0) {
        const given =
          issue.discriminator === undefined ? issue.input : ownValue(issue.input, issue.discriminator);
        return given === undefined
          ? `missing; expected one of ${issue.options.map(shown).join(', ')}`
          : oneOf(issue.options);
      }
      return issue.input === undefined ? 'missing' : 'is none of the kinds of value this field accepts';
    }
    default:
      return 'is not valid';
  }
}

/** Installs the console's words for every zod check in this process (entry points call it once). */
export function installConsoleZodWords(): void {
  z.config({ localeError: consoleZodMessage });
}
