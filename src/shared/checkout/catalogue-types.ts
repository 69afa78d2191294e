import type { Currency } from './currencies';

/** How a field is edited and checked. */
export type FieldKind =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'money'
  | 'date'
  | 'nullable-date'
  | 'uri'
  | 'email'
  | 'enum'
  | 'object'
  | 'array'
  | 'json';

/**
 * When a field must be present (relative to its parent object being present):
 * `required-unless-single-checkout` is the education form's rule for `payment_type` and
 * `instalments` ("required only when single checkout is disabled").
 */
export type Requirement = 'required' | 'optional' | 'required-unless-single-checkout';

export const FIELD_GROUPS = [
  { id: 'order', title: 'Order' },
  { id: 'amounts', title: 'Amounts' },
  { id: 'items', title: 'Items' },
  { id: 'consumer', title: 'Consumer' },
  { id: 'addresses', title: 'Addresses' },
  { id: 'merchant_urls', title: 'Merchant URLs' },
  { id: 'risk_assessment', title: 'Risk assessment' },
  { id: 'account_security', title: 'Account security' },
  { id: 'education', title: 'Education' },
  { id: 'extra_risk', title: 'Extra risk fields' },
  { id: 'additional_data', title: 'Additional data' },
  { id: 'expiry', title: 'Expiry' },
] as const;
export type FieldGroupId = (typeof FIELD_GROUPS)[number]['id'];

export interface CatalogueField {
  /** Where the field sits; `[]` marks "each element": `items[].sku`. */
  path: string;
  group: FieldGroupId;
  label: string;
  kind: FieldKind;
  requirement: { general: Requirement; education: Requirement };
  /**
   * The spec's own words for the field, for hints and tooltips, without the limits the fields
   * below hold (maxLength, minimum, maximum, currencies, a date's dd-mm-yyyy): the tooltip says
   * each of those once, in its own words (field-help.ts). Empty when the spec says nothing else.
   */
  help: string;
  maxLength?: number;
  /** Numbers and integers; for Money, the minimum of its `amount`. */
  minimum?: number;
  maximum?: number;
  /** Closed list (kind `enum`, or the currencies a Money accepts). */
  values?: readonly string[];
  /** Open list offered as suggestions (free text is still valid). */
  suggestions?: readonly string[];
  /** Money only: the currencies it accepts (discount: SAR and AED). */
  currencies?: readonly Currency[];
  /** Per-form wording that differs from `help` (education: "the fee duration label"). */
  educationHelp?: string;
}
