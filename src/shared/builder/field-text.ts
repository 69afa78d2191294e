import type { FieldKind } from '../checkout';

/**
 * How the builder's inputs turn what a person typed into the JSON value sent, and back. The rule
 * that makes negative tests possible: nothing typed is ever refused. A number field that holds
 * "12x" sends the string "12x" (and the findings say why that is wrong); an emptied field is left
 * out of the payload (the raw JSON editor can still send "" or null on purpose).
 */
const NUMBER_TEXT = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A number as JSON writes it (RFC 8259): `12.` and `.5` are numbers to a field, not to JSON. */
const JSON_NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * What was typed for the number `value`, when it is a JSON number: the raw JSON then holds
 * these digits (`72.980000000000000001`, `99999999999999999999`), where String(value) gave
 * `72.98` and `100000000000000000000`. Undefined for anything else (`12.`, a string).
 */
export function typedNumberText(typed: string, value: unknown): string | undefined {
  const trimmed = typed.trim();
  return typeof value === 'number' && JSON_NUMBER_TEXT.test(trimmed) && Number(trimmed) === value
    ? trimmed
    : undefined;
}

/** The text an input shows for a value. */
export function formatFieldValue(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A number when the text is one, otherwise the text itself. */
function numberOrText(text: string): number | string {
  const trimmed = text.trim();
  if (!NUMBER_TEXT.test(trimmed)) return text;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : text;
}

/**
 * The value to store for `text` typed into a field of `kind`; undefined removes the key.
 * `previous` keeps the spelling people chose: a Money amount written as a numeric string stays
 * a string ("12.500" is how some integrations send it).
 */
export function parseFieldText(kind: FieldKind | 'amount', text: string, previous?: unknown): unknown {
  if (text === '') return undefined;
  switch (kind) {
    case 'integer':
    case 'number':
      return numberOrText(text);
    case 'amount':
      if (typeof previous === 'string') return text;
      return numberOrText(text);
    case 'json':
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return text;
      }
    default:
      return text;
  }
}

/**
 * Whether an input's local text already stands for `value` (so an outside update need not
 * replace what is being typed: "12.50" stands for 12.5, "12." for "12.").
 */
export function textMatchesValue(kind: FieldKind | 'amount', text: string, value: unknown): boolean {
  const parsed = parseFieldText(kind, text, value);
  if (parsed === undefined) return value === undefined || value === null;
  return JSON.stringify(parsed) === JSON.stringify(value);
}
