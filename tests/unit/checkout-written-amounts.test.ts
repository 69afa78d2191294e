import { describe, expect, it } from 'vitest';
import { validateCheckout, type Finding } from '../../src/shared/checkout';
import { mayWriteNumberHeldOtherwise, numberHeldOtherwise } from '../../src/shared/json-number-held';
import { fixture, setAt } from './helpers/checkout-payloads';

/**
 * An amount sent as a JSON number is judged by its digits as the request's text writes them:
 * JSON.parse reads 72.98000000000000000001 as 72.98, so the value alone shows neither its
 * decimals nor a number no reader holds as written.
 */
const PLACEHOLDER = '"@@amount@@"';

/** The general fixture's text with the amount at `path` written as `literal`, and what JSON.parse reads of it. */
function requestWith(path: string, literal: string): { text: string; payload: unknown } {
  const payload = fixture('general');
  setAt(payload, path, '@@amount@@');
  const text = JSON.stringify(payload, null, 2).replace(PLACEHOLDER, literal);
  return { text, payload: JSON.parse(text) as unknown };
}

const judged = (path: string, literal: string): Finding[] => {
  const { text, payload } = requestWith(path, literal);
  return validateCheckout(payload, { form: 'general', sourceText: text });
};
const at = (findings: readonly Finding[], path: string) =>
  findings.filter((finding) => finding.path === path).map(({ code, message }) => ({ code, message }));

describe('amounts judged by the digits the text writes', () => {
  it('counts the decimals as written: 72.98000000000000000001 is 20 decimals, quoted as written', () => {
    const findings = judged('total_amount.amount', '72.98000000000000000001');
    expect(findings.map((finding) => `${finding.severity} ${finding.path} ${finding.code}`)).toEqual([
      'error total_amount.amount too_many_decimals',
    ]);
    expect(findings[0]?.message).toBe(
      'amount 72.98000000000000000001 has 20 decimals; SAR has 2, so its smallest amount is 0.01.',
    );
  });

  it('judges every Money amount so, an item’s too', () => {
    expect(
      at(judged('items[0].tax_amount.amount', '10.430000000000000000001'), 'items[0].tax_amount.amount'),
    ).toEqual([
      {
        code: 'too_many_decimals',
        message:
          'amount 10.430000000000000000001 has 21 decimals; SAR has 2, so its smallest amount is 0.01.',
      },
    ]);
  });

  it('says a number no JSON number holds, quoting it as written', () => {
    expect(at(judged('total_amount.amount', '1e400'), 'total_amount.amount')).toEqual([
      {
        code: 'not_numeric',
        message: 'amount 1e400 is too large for a JSON number: a reader holds no number for it.',
      },
    ]);
    expect(at(judged('total_amount.amount', '12345678901234567890.5'), 'total_amount.amount')).toEqual([
      {
        code: 'not_numeric',
        message:
          'amount 12345678901234567890.5 is read as 12345678901234567000 (the nearest number JSON holds), not as written.',
      },
      expect.objectContaining({ code: 'total_mismatch' }),
    ]);
  });

  it('takes digits a number holds as written (72.980, 1e1) as their value', () => {
    expect(judged('total_amount.amount', '72.980')).toEqual([]);
    expect(at(judged('shipping_amount.amount', '0e5'), 'shipping_amount.amount')).toEqual([]);
  });

  it('without a text, judges the value JSON.parse read (all there is)', () => {
    const { payload } = requestWith('total_amount.amount', '72.98000000000000000001');
    expect(validateCheckout(payload, { form: 'general' })).toEqual([]);
  });
});

describe('the quick look for numbers held otherwise', () => {
  it('finds every number a double holds otherwise, so a text it passes needs no reading value by value', () => {
    const digits = (length: number) =>
      Array.from({ length }, (_, i) => String((i * 7 + length) % 10)).join('');
    const literals: string[] = [
      '1e400',
      '-1e400',
      '1E-400',
      '5e-324',
      '1e1',
      '0e5',
      '72.98000000000000000001',
    ];
    for (let whole = 1; whole <= 20; whole++)
      for (let fraction = 0; fraction <= 20; fraction++)
        literals.push(fraction === 0 ? digits(whole) : `${digits(whole)}.${digits(fraction)}1`);
    const heldOtherwise = literals.filter((literal) => numberHeldOtherwise(literal) !== null);
    expect(heldOtherwise.length).toBeGreaterThan(100);
    for (const literal of heldOtherwise) expect(mayWriteNumberHeldOtherwise(`{"a": ${literal}}`)).toBe(true);
    // Held as written: a double keeps any 15 digits.
    expect(mayWriteNumberHeldOtherwise('{"amount": 123456789.012345, "id": "3e45-a1"}')).toBe(false);
  });
});
