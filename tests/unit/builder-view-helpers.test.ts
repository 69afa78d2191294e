import { describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { locateJsonValues } from '../../src/shared/json-locations';
import {
  formatDocument,
  payloadFileName,
  sameJson,
} from '../../src/renderer/src/features/builder/builder-text';
import { groupOfPath } from '../../src/renderer/src/features/builder/form/group-of-path';
import {
  concretePath,
  fieldName,
  findingPath,
} from '../../src/renderer/src/features/builder/form/form-paths';
import { diagnosticsFor, findingRange } from '../../src/renderer/src/features/builder/raw-json-lint';

describe('where a finding is marked in the raw JSON', () => {
  const text = formatDocument({ items: [{ sku: 'A' }, { sku: 'B', extra: 1 }], total_amount: { amount: 1 } });
  const locations = locateJsonValues(text);

  it('marks the value at the path', () => {
    const range = findingRange(locations, { path: 'items[1].sku', code: 'too_long' }, text.length);
    expect(text.slice(range.from, range.to)).toBe('"B"');
  });

  it('marks the name of an unknown key', () => {
    const range = findingRange(locations, { path: 'items[1].extra', code: 'unknown_key' }, text.length);
    expect(text.slice(range.from, range.to)).toBe('"extra"');
  });

  it('marks the nearest parent that is there for something missing', () => {
    const range = findingRange(locations, { path: 'total_amount.currency', code: 'required' }, text.length);
    expect(text.slice(range.from, range.to)).toBe('"total_amount"');
  });

  it('marks the start for the request itself', () => {
    expect(findingRange(locations, { path: '(root)', code: 'wrong_type' }, text.length)).toEqual({
      from: 0,
      to: 1,
    });
  });

  it('marks a syntax error where the text breaks, also when it ends too early', () => {
    const broken = '{ "a": 1, ';
    const [diagnostic] = diagnosticsFor(
      broken,
      { message: 'Unexpected end', offset: broken.length, line: 1, column: 11 },
      [],
    );
    expect(diagnostic?.severity).toBe('error');
    expect(diagnostic?.from).toBe(broken.length - 1);
    expect(diagnostic?.to).toBe(broken.length);
    expect(diagnostic?.message).toContain('line 1, column 11');
  });

  it('gives every finding of a payload a mark inside the text', () => {
    const payload = { ...generateSample('general', { seed: 7 }), expires_in_minute: 3 } as Record<
      string,
      unknown
    >;
    delete payload['description'];
    const raw = formatDocument(payload);
    const findings = validateCheckout(payload, { form: 'education' });
    const marks = diagnosticsFor(raw, null, findings);
    expect(marks).toHaveLength(findings.length);
    for (const mark of marks) {
      expect(mark.from).toBeGreaterThanOrEqual(0);
      expect(mark.to).toBeGreaterThan(mark.from);
      expect(mark.to).toBeLessThanOrEqual(raw.length);
    }
  });
});

describe('the form section of a path', () => {
  it.each([
    ['order_reference_id', 'order'],
    ['items[3].sku', 'items'],
    ['discount.amount.currency', 'amounts'],
    ['risk_assessment.account_security.device_id', 'account_security'],
    ['risk_assessment.is_COD_customer', 'extra_risk'],
    ['risk_assessment.something_custom', 'extra_risk'],
    ['additional_data.anything', 'additional_data'],
    ['billing_address.city', 'addresses'],
    ['expire_in_minutes', 'expiry'],
  ])('%s is in %s', (path, group) => {
    expect(groupOfPath(path)).toBe(group);
  });

  it('has none for the request itself or an unknown top-level key', () => {
    expect(groupOfPath('(root)')).toBeNull();
    expect(groupOfPath('expires_in_minute')).toBeNull();
  });
});

describe('paths and text of the builder', () => {
  it('names a field for react-hook-form and for findings', () => {
    expect(fieldName(['items', 2, 'sku'])).toBe('items.2.sku');
    expect(findingPath(['items', 2, 'sku'])).toBe('items[2].sku');
    expect(concretePath('items[].total_amount', 4)).toEqual(['items', 4, 'total_amount']);
    expect(concretePath('merchant_url.success')).toEqual(['merchant_url', 'success']);
  });

  it('compares documents as JSON, key order included, undefined as absent', () => {
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });

  it('makes a safe file name of a draft name', () => {
    expect(payloadFileName('Kuwait / happy path')).toBe('Kuwait-happy-path.json');
    expect(payloadFileName('مسودة')).toBe('checkout-session.json');
    expect(payloadFileName(null)).toBe('checkout-session.json');
  });
});
