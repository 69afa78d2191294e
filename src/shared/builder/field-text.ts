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
 * `previous`, the value before the edit began, keeps the spelling people chose: a Money amount
 * written as a numeric string stays a string ("12.500" is how some integrations send it).
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
 * replace what is being typed: "12.50" stands for 12.5, "12." for "12."), read as typed over
 * `previous` (the value its edit began from).
 */
export function textMatchesValue(
  kind: FieldKind | 'amount',
  text: string,
  value: unknown,
  previous: unknown = value,
): boolean {
  const parsed = parseFieldText(kind, text, previous);
  if (parsed === undefined) return value === undefined || value === null;
  return JSON.stringify(parsed) === JSON.stringify(value);
}

/** A person's typing in one input: the text typed, and the value the edit began from. */
export interface FieldEdit {
  readonly typed: string;
  /**
   * The value before the first key of this edit: what decides a Money amount's spelling, so a
   * number that a typo made a string for a moment (`2.14x`) is a number again once the text
   * reads as one, while an amount the document spelled as a string stays one.
   */
  readonly from: unknown;
}

/** What an input shows for its value. */
export interface ShownFieldText {
  text: string;
  /**
   * The value holds a line break, which a one-line input drops from what it shows and from what
   * it sends back (HTML's value sanitisation): shown with its escapes, and the box read-only.
   */
  lineBreak: boolean;
}

/** Whether `value` is text a one-line input cannot hold: one with a line break (LF or CR). */
export function holdsLineBreak(value: unknown): value is string {
  return typeof value === 'string' && /[\n\r]/.test(value);
}

/** Text with a line break as the raw JSON writes it (`Line one\nLine two`), escapes visible. */
export function escapedText(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/**
 * Whether the text of `edit` still stands for `value` (so an outside update need not replace
 * what is being typed) and for the digits the raw JSON writes (`source`).
 */
function editStandsFor(
  kind: FieldKind | 'amount',
  edit: FieldEdit | null,
  value: unknown,
  source: string | undefined,
): edit is FieldEdit {
  if (edit === null) return false;
  const digits = typedNumberText(edit.typed, value);
  return (
    textMatchesValue(kind, edit.typed, value, edit.from) &&
    (source === undefined || digits === undefined || digits === source)
  );
}

/**
 * The text an input shows: what was typed while it still stands for the value (so "12." or
 * "0.50" survive) and for the digits the raw JSON writes, otherwise the value as text (it
 * changed elsewhere: the raw editor, a helper), a number as `source`, the raw JSON's digits.
 */
export function shownFieldText(
  kind: FieldKind | 'amount',
  edit: FieldEdit | null,
  value: unknown,
  source?: string,
): ShownFieldText {
  if (holdsLineBreak(value)) return { text: escapedText(value), lineBreak: true };
  const text = editStandsFor(kind, edit, value, source) ? edit.typed : (source ?? formatFieldValue(value));
  return { text, lineBreak: false };
}

/**
 * `next` typed into an input that holds `value`: the edit it continues (or begins, when the
 * value changed elsewhere since the last key) and the value to store. Null for a value with a
 * line break: its box is read-only, and nothing it sends back may replace the value.
 */
export function typeFieldText(
  kind: FieldKind | 'amount',
  edit: FieldEdit | null,
  value: unknown,
  next: string,
  source?: string,
): { edit: FieldEdit; value: unknown } | null {
  if (holdsLineBreak(value)) return null;
  const from = editStandsFor(kind, edit, value, source) ? edit.from : value;
  return { edit: { typed: next, from }, value: parseFieldText(kind, next, from) };
}
