import { catalogueField, type FieldGroupId } from '@shared/checkout';
import { parseJsonPath, formatJsonPath } from '@shared/json-path';

/**
 * The form section a finding's path belongs to: its catalogue field's group, or, for keys the
 * catalogue does not know, the section that lists them (extra risk fields, additional data) or
 * the section of the nearest known parent. Null for the request itself and unknown top-level keys.
 */
export function groupOfPath(path: string): FieldGroupId | null {
  const segments = parseJsonPath(path);
  for (let length = segments.length; length > 0; length--) {
    const prefix = segments.slice(0, length);
    const known = catalogueField(formatJsonPath(prefix));
    if (known !== undefined) return known.group;
    if (length === 2 && prefix[0] === 'risk_assessment') return 'extra_risk';
    if (length === 2 && prefix[0] === 'additional_data') return 'additional_data';
  }
  return null;
}
