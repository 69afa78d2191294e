import type { EmptyOptionalChoice } from './empty-optional';
import type { FormField } from './field-catalogue';
import type { RawFinding } from './findings';
import type { JsonPath } from './money-paths';

/**
 * A text field given only blanks (`"   "`, a tab, a line break, a no-break or zero-width
 * space): a first name, a city, an order reference that says nothing. The spec does not show
 * whether the service takes such a value as given (it may trim it to "" and refuse a required
 * field, or keep it), so the console does not pass it silently. The setting that weighs an
 * optional "" weighs a blank text too (`EmptyOptionalChoice`, "Empty and blank values"): one
 * `blank_text` warning that names the field by default, the value taken as given; an error
 * under `refuse` (the emulator answers 400); nothing under `accept`. Fields of a form (an
 * e-mail, a date, a URI, a closed list) already fail their own check on blanks; "" is judged
 * by its own rules (a required field's `required`, empty-optional.ts).
 */

/** Only blanks: whitespace, and the invisible spaces a paste brings (zero-width, word joiner, BOM). */
const BLANK = /^[\s\u200B-\u200D\u2060\uFEFF]+$/u;
export const isBlankText = (value: unknown): value is string =>
  typeof value === 'string' && BLANK.test(value);

/** The fields whose blanks are judged here (request-walk.ts finds them): free text; the others have a form of their own. */
export const isFreeText = (field: FormField) => field.kind === 'string';

/** The `blank_text` finding for the field at `path` (a warning, or under `refuse` an error). */
export function blankTextFinding(
  path: JsonPath,
  rule: string,
  required: boolean,
  choice: Exclude<EmptyOptionalChoice, 'accept'> = 'warn',
): RawFinding {
  const key = String(path[path.length - 1] ?? '');
  const reading =
    choice === 'refuse'
      ? 'the console is set to refuse it (empty and blank values: refuse)'
      : `the console takes it as given${required ? ', though the field is required' : ''}`;
  return {
    severity: choice === 'refuse' ? 'error' : 'warning',
    path,
    code: 'blank_text',
    rule: `${rule} — ${required ? 'required' : 'optional'}; a blank value: not shown`,
    message:
      `${key} holds only blanks (spaces or other invisible characters). Whether the service takes ` +
      `a blank value as given is not shown in the spec; ${reading}. Give ${key} a value` +
      `${required ? '' : ', or leave it out'}.`,
  };
}
