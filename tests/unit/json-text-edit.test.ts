import { describe, expect, it } from 'vitest';
import {
  appendIn,
  duplicateIndexIn,
  moveIndexIn,
  removeIndexIn,
  setIn,
} from '../../src/shared/builder/document-edit';
import { typedNumberText } from '../../src/shared/builder/field-text';
import { editJsonText, type TypedNumber } from '../../src/shared/json-text-edit';

/** The text after the change a form makes to the document it parses to. */
function edited(text: string, change: (document: unknown) => unknown, typed?: TypedNumber): string | null {
  const before: unknown = JSON.parse(text);
  return editJsonText(text, before, change(before), typed);
}

const COMPACT =
  '{"order_number":"A1","total_amount":{"amount":72.980,"currency":"SAR"},"instalments": 4.0,' +
  '"shipping_address":{"city":"Riyadh","country_code":"AE","country_code":"SA"}}';

describe('editJsonText: a form edit changes the raw JSON in place', () => {
  it('replaces only the edited value: digits, a name given twice and the spacing stay', () => {
    expect(edited(COMPACT, (document) => setIn(document, ['order_number'], 'A12'))).toBe(
      COMPACT.replace('"A1"', '"A12"'),
    );
  });

  it('edits a name given twice where JSON.parse reads it, the last; emptied, every occurrence goes', () => {
    expect(edited(COMPACT, (document) => setIn(document, ['shipping_address', 'country_code'], 'AE'))).toBe(
      COMPACT.replace('"country_code":"SA"', '"country_code":"AE"'),
    );
    expect(
      edited(COMPACT, (document) => setIn(document, ['shipping_address', 'country_code'], undefined)),
    ).toBe(COMPACT.replace(',"country_code":"AE","country_code":"SA"', ''));
  });

  it('removes an emptied field with the comma that joined it, first, middle, last or only', () => {
    const text = '{\n  "a": 1.0,\n  "b": 2.0,\n  "c": 3.0\n}\n';
    const without = (name: string) => edited(text, (document) => setIn(document, [name], undefined));
    expect(without('a')).toBe('{\n  "b": 2.0,\n  "c": 3.0\n}\n');
    expect(without('b')).toBe('{\n  "a": 1.0,\n  "c": 3.0\n}\n');
    expect(without('c')).toBe('{\n  "a": 1.0,\n  "b": 2.0\n}\n');
    expect(edited('{"m": {"n": 1.0}, "k": 2.0}', (document) => setIn(document, ['m', 'n'], undefined))).toBe(
      '{"m": {}, "k": 2.0}',
    );
  });

  it('adds a member laid out as the document is: compact stays compact, pretty gets its own line', () => {
    expect(edited(COMPACT, (document) => setIn(document, ['description'], 'x'))).toBe(
      `${COMPACT.slice(0, -1)},"description":"x"}`,
    );
    expect(edited('{\n  "a": 1.0\n}\n', (document) => setIn(document, ['m', 'n'], 'u'))).toBe(
      '{\n  "a": 1.0,\n  "m": {\n    "n": "u"\n  }\n}\n',
    );
    expect(edited('{}\n', (document) => setIn(document, ['a'], 'u'))).toBe('{\n  "a": "u"\n}\n');
  });

  it('adds, removes, duplicates and moves items, each item kept in its own text', () => {
    const text = '{"items": [{"sku": "A", "price": 1.50}, {"sku": "B", "price": 2.00}]}';
    expect(edited(text, (document) => removeIndexIn(document, ['items'], 0))).toBe(
      '{"items": [{"sku": "B", "price": 2.00}]}',
    );
    expect(edited(text, (document) => duplicateIndexIn(document, ['items'], 0))).toBe(
      '{"items": [{"sku": "A", "price": 1.50}, {"sku": "A", "price": 1.50}, {"sku": "B", "price": 2.00}]}',
    );
    expect(edited(text, (document) => moveIndexIn(document, ['items'], 0, 1))).toBe(
      '{"items": [{"sku": "B", "price": 2.00}, {"sku": "A", "price": 1.50}]}',
    );
    expect(edited(text, (document) => appendIn(document, ['items'], { sku: 'C' }))).toBe(
      '{"items": [{"sku": "A", "price": 1.50}, {"sku": "B", "price": 2.00}, {"sku": "C"}]}',
    );
    expect(edited(text, (document) => setIn(document, ['items', 1, 'sku'], 'b'))).toBe(
      text.replace('"B"', '"b"'),
    );
    expect(edited('{\n  "items": []\n}', (document) => appendIn(document, ['items'], { sku: 'C' }))).toBe(
      '{\n  "items": [\n    {\n      "sku": "C"\n    }\n  ]\n}',
    );
  });

  it('writes a typed number as typed, also when it reads as the number already there', () => {
    const typed = (digits: string, text = COMPACT): string | null => {
      const path = ['total_amount', 'amount'];
      return edited(text, (document) => setIn(document, path, Number(digits)), { path, text: digits });
    };
    expect(typed('72.980000000000000001')).toBe(COMPACT.replace('72.980', '72.980000000000000001'));
    expect(typed('72.98')).toBe(COMPACT.replace('72.980', '72.98'));
    expect(typed('99999999999999999999')).toBe(COMPACT.replace('72.980', '99999999999999999999'));
  });

  it('writes a typed number as typed where its member is new, and in an object written around it', () => {
    const typed = (text: string, path: string[], digits: string): string | null =>
      edited(text, (document) => setIn(document, path, Number(digits)), { path, text: digits });
    expect(typed('{}\n', ['instalments'], '99999999999999999999')).toBe(
      '{\n  "instalments": 99999999999999999999\n}\n',
    );
    expect(typed('{}\n', ['total_amount', 'amount'], '72.980')).toBe(
      '{\n  "total_amount": {\n    "amount": 72.980\n  }\n}\n',
    );
    expect(typed(COMPACT, ['tax_amount', 'amount'], '1e3')).toBe(
      `${COMPACT.slice(0, -1)},"tax_amount":{"amount":1e3}}`,
    );
    expect(typed('{"total_amount": {"currency": "SAR"}}', ['total_amount', 'amount'], '72.980')).toBe(
      '{"total_amount": {"currency": "SAR", "amount": 72.980}}',
    );
    // The new value holds the text that stands in for the digits: written as JSON writes it.
    const path = ['m', 'n'];
    const holdsMarker = { note: '\u0000typed number\u0000', n: 1e20 };
    expect(
      edited('{}', (document) => setIn(document, ['m'], holdsMarker), { path, text: '99999999999999999999' }),
    ).toBe('{"m": {"note": "\\u0000typed number\\u0000", "n": 100000000000000000000}}');
  });

  it('is null where the result would not read as the document asked for', () => {
    expect(editJsonText('{"a": 1}', { a: 1 }, { a: 2 }, { path: ['a'], text: '3' })).toBeNull();
  });
});

describe('typedNumberText', () => {
  it('gives the digits typed when they are a JSON number for the value', () => {
    expect(typedNumberText('72.980000000000000001', 72.98)).toBe('72.980000000000000001');
    expect(typedNumberText('99999999999999999999', 1e20)).toBe('99999999999999999999');
    expect(typedNumberText(' 4.0 ', 4)).toBe('4.0');
    expect(typedNumberText('12.', 12)).toBeUndefined();
    expect(typedNumberText('.5', 0.5)).toBeUndefined();
    expect(typedNumberText('12x', '12x')).toBeUndefined();
  });
});
