import { describe, expect, it } from 'vitest';
import {
  CATALOGUE,
  FIELD_GROUPS,
  fieldGroupsFor,
  fieldsFor,
  validateCheckout,
  withComputedTotal,
  type CheckoutForm,
} from '../../src/shared/checkout';
import { parseJsonPath } from '../../src/shared/json-path';
import { brief, fixture, type Payload } from './helpers/checkout-payloads';

const FORMS: CheckoutForm[] = ['general', 'education'];
const concrete = (pattern: string) => pattern.replaceAll('[]', '[0]');

/** The container at the parent of `path`, created on the way when `create` (objects only). */
function parentOf(
  payload: Payload,
  path: string,
  create: boolean,
): Record<string | number, unknown> | undefined {
  const segments = parseJsonPath(path);
  segments.pop();
  let node: unknown = payload;
  for (const segment of segments) {
    const container = node as Record<string | number, unknown>;
    if (container[segment] === undefined && create) container[segment] = {};
    node = container[segment];
    if (typeof node !== 'object' || node === null) return undefined;
  }
  return node as Record<string | number, unknown>;
}
const lastKey = (path: string) => parseJsonPath(path).pop() as string;

describe('the field catalogue', () => {
  it('lists each field once, in groups the spec uses, every group filled', () => {
    expect(new Set(CATALOGUE.map((field) => field.path)).size).toBe(CATALOGUE.length);
    for (const form of FORMS)
      for (const group of fieldGroupsFor(form)) expect(group.fields.length, group.id).toBeGreaterThan(0);
    expect(fieldGroupsFor('general').map((group) => group.id)).toEqual(FIELD_GROUPS.map((group) => group.id));
  });

  it('resolves requirement rules per form and option', () => {
    const required = (form: CheckoutForm, path: string, singleCheckout?: boolean) =>
      fieldsFor(form, { singleCheckout }).find((field) => field.path === path)?.required;
    expect(required('general', 'shipping_address')).toBe(true);
    expect(required('education', 'shipping_address')).toBe(false);
    expect(required('education', 'payment_type')).toBe(false);
    expect(required('education', 'payment_type', false)).toBe(true);
    expect(required('general', 'consumer.email')).toBe(false);
    expect(required('education', 'consumer.email')).toBe(true);
    expect(fieldsFor('education').find((f) => f.path === 'items[].name')?.formHelp).toMatch(
      /fee duration label/,
    );
  });

  describe.each(FORMS)('agrees with the %s schema', (form) => {
    const fields = fieldsFor(form, { singleCheckout: false });

    it.each(fields.filter((field) => field.kind !== 'json').map((field) => [field.path, field] as const))(
      '%s: a wrong type is an error there',
      (_path, field) => {
        const payload = fixture(form);
        const path = concrete(field.path);
        const parent = parentOf(payload, path, true);
        expect(parent).toBeDefined();
        if (parent !== undefined)
          parent[lastKey(path)] = field.kind === 'array' ? 'not a list' : [['not', 'this']];
        const findings = validateCheckout(payload, { form, singleCheckout: false });
        const hit = findings.find((finding) => finding.path === path && finding.severity === 'error');
        expect(hit, brief(findings).join('\n')).toBeDefined();
      },
    );

    it.each(fields.map((field) => [field.path, field] as const))(
      '%s: removing it agrees with "required"',
      (_path, field) => {
        const payload = fixture(form);
        const path = concrete(field.path);
        const parent = parentOf(payload, path, false);
        const key = lastKey(path);
        if (parent === undefined || !(key in parent)) return; // not in the fixture: the wrong-type test covers it
        Reflect.deleteProperty(parent, key);
        // Removing a part of the total would also break the total; recompute it (unless it is the total).
        const checked = field.path === 'total_amount' ? payload : withComputedTotal(payload);
        const findings = validateCheckout(checked, { form, singleCheckout: false });
        const errors = findings.filter((finding) => finding.severity === 'error');
        if (field.required) expect(brief(errors)).toContain(`error ${path} required`);
        else expect(brief(errors)).toEqual([]);
      },
    );
  });
});
