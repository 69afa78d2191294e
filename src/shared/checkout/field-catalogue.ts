import { RISK_AND_OTHER_FIELDS } from './catalogue-risk-fields';
import { REQUEST_FIELDS } from './catalogue-request-fields';
import { FIELD_GROUPS, type CatalogueField, type FieldGroupId } from './catalogue-types';
import type { CheckoutForm } from './request-parts';

/**
 * The field catalogue: every field of the checkout session request, grouped as the spec groups
 * them, with labels, the spec's words, kinds, limits and requirement rules per form. The builder
 * renders and labels its form from this, so the spec is encoded once (here and in the schemas,
 * which a test keeps in step).
 */
export const CATALOGUE: readonly CatalogueField[] = [...REQUEST_FIELDS, ...RISK_AND_OTHER_FIELDS];

export interface CatalogueOptions {
  /** Education form only: single checkout enabled (the default) makes payment_type/instalments optional. */
  singleCheckout?: boolean;
}

/** A catalogue field resolved for one form: `required` is a plain yes or no. */
export interface FormField extends CatalogueField {
  required: boolean;
  /** The help text for this form. */
  formHelp: string;
}

export interface FormFieldGroup {
  id: FieldGroupId;
  title: string;
  fields: FormField[];
}

function resolve(field: CatalogueField, form: CheckoutForm, options: CatalogueOptions): FormField {
  const requirement = field.requirement[form];
  const required =
    requirement === 'required' ||
    (requirement === 'required-unless-single-checkout' && options.singleCheckout === false);
  const formHelp = form === 'education' ? (field.educationHelp ?? field.help) : field.help;
  return { ...field, required, formHelp };
}

/** Every field for one form, in catalogue (spec) order. */
export function fieldsFor(form: CheckoutForm, options: CatalogueOptions = {}): FormField[] {
  return CATALOGUE.map((field) => resolve(field, form, options));
}

/** The fields of one form grouped for rendering, in the spec's group order. */
export function fieldGroupsFor(form: CheckoutForm, options: CatalogueOptions = {}): FormFieldGroup[] {
  const fields = fieldsFor(form, options);
  return FIELD_GROUPS.map((group) => ({
    id: group.id,
    title: group.title,
    fields: fields.filter((field) => field.group === group.id),
  }));
}

const byPath = new Map(CATALOGUE.map((field) => [field.path, field]));

/** The catalogue entry for a pattern path (`items[].sku`), or for a concrete one (`items[2].sku`). */
export function catalogueField(path: string): CatalogueField | undefined {
  return byPath.get(path) ?? byPath.get(path.replace(/\[\d+\]/g, '[]'));
}

/** The pattern path of a concrete path: `['items', 2, 'sku']` → `items[].sku`. */
export function patternOf(path: readonly (string | number)[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += '[]';
    else out += out === '' ? segment : `.${segment}`;
  }
  return out;
}
