import { describe, expect, it } from 'vitest';
import {
  appendIn,
  duplicateIndexIn,
  fieldNameOf,
  getIn,
  moveIndexIn,
  removeIndexIn,
  setIn,
} from '../../src/shared/builder/document-edit';
import {
  formatFieldValue,
  parseFieldText,
  shownFieldText,
  textMatchesValue,
  typeFieldText,
  type FieldEdit,
} from '../../src/shared/builder/field-text';

describe('document edits', () => {
  const doc = { a: { b: 1 }, items: [{ sku: 'A' }, { sku: 'B' }, { sku: 'C' }], unknown_key: true };

  it('sets a value deep inside, copying only the containers on the way', () => {
    const next = setIn(doc, ['a', 'c'], 'x') as typeof doc & { a: { c: string } };
    expect(next).toEqual({ ...doc, a: { b: 1, c: 'x' } });
    expect(next.items).toBe(doc.items);
    expect(doc.a).toEqual({ b: 1 });
  });

  it('creates missing containers and removes a key for undefined', () => {
    expect(setIn({}, ['consumer', 'email'], 'a@b.sa')).toEqual({ consumer: { email: 'a@b.sa' } });
    expect(setIn(doc, ['unknown_key'], undefined)).toEqual({ a: { b: 1 }, items: doc.items });
    expect(setIn(doc, ['items', 1, 'sku'], undefined)).toEqual({
      ...doc,
      items: [{ sku: 'A' }, {}, { sku: 'C' }],
    });
  });

  it('keeps a __proto__ key an ordinary key', () => {
    const next = setIn({}, ['__proto__'], { polluted: true }) as Record<string, unknown>;
    expect(Object.keys(next)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('reads by path without reaching prototypes', () => {
    expect(getIn(doc, ['items', 2, 'sku'])).toBe('C');
    expect(getIn(doc, ['a', 'constructor'])).toBeUndefined();
    expect(getIn(doc, ['items', 'length'])).toBeUndefined();
  });

  it('appends, removes, duplicates and moves array elements', () => {
    const skus = (value: unknown) => (getIn(value, ['items']) as { sku: string }[]).map((item) => item.sku);
    expect(skus(appendIn(doc, ['items'], { sku: 'D' }))).toEqual(['A', 'B', 'C', 'D']);
    expect(appendIn({}, ['items'], 1)).toEqual({ items: [1] });
    expect(skus(removeIndexIn(doc, ['items'], 1))).toEqual(['A', 'C']);
    const duplicated = duplicateIndexIn(doc, ['items'], 0);
    expect(skus(duplicated)).toEqual(['A', 'A', 'B', 'C']);
    expect(getIn(duplicated, ['items', 1])).not.toBe(getIn(duplicated, ['items', 0]));
    expect(skus(moveIndexIn(doc, ['items'], 0, 2))).toEqual(['B', 'C', 'A']);
    expect(moveIndexIn(doc, ['items'], 0, 9)).toBe(doc);
  });

  it('names fields as react-hook-form does', () => {
    expect(fieldNameOf(['items', 2, 'total_amount', 'amount'])).toBe('items.2.total_amount.amount');
  });
});

describe('field text', () => {
  it.each<[Parameters<typeof parseFieldText>[0], string, unknown, unknown]>([
    ['string', 'abc', undefined, 'abc'],
    ['string', '', 'abc', undefined],
    ['integer', '3', undefined, 3],
    ['integer', '3.5', undefined, 3.5],
    ['integer', 'three', undefined, 'three'],
    ['number', ' 12.50 ', undefined, 12.5],
    ['number', '12.', undefined, 12],
    ['number', '-', undefined, '-'],
    ['amount', '99.999', 10, 99.999],
    ['amount', '12.500', '10.00', '12.500'],
    ['amount', 'abc', 10, 'abc'],
    ['json', '{"a":1}', undefined, { a: 1 }],
    ['json', 'true', undefined, true],
    ['json', 'not json', undefined, 'not json'],
    ['date', '31-02-2025', undefined, '31-02-2025'],
  ])('%s field: %j → %j', (kind, text, previous, expected) => {
    expect(parseFieldText(kind, text, previous)).toEqual(expected);
  });

  it('shows values as text', () => {
    expect([undefined, null, 'x', 1.5, false, { a: 1 }, [1]].map(formatFieldValue)).toEqual([
      '',
      '',
      'x',
      '1.5',
      'false',
      '{"a":1}',
      '[1]',
    ]);
  });

  it('knows when typed text already stands for a value, so typing is not interrupted', () => {
    expect(textMatchesValue('number', '12.50', 12.5)).toBe(true);
    expect(textMatchesValue('number', '12.', 12)).toBe(true);
    expect(textMatchesValue('number', '12', 13)).toBe(false);
    expect(textMatchesValue('string', '', undefined)).toBe(true);
    expect(textMatchesValue('amount', '1.0', '1.0')).toBe(true);
  });
});

// A one-line input drops line breaks from what it shows and sends back (HTML's value
// sanitisation): "Line one\nLine two" read "Line oneLine two", and one key typed at its end wrote
// "Line oneLine twoX" into the raw JSON, the line breaks gone without a word.
describe('a value a one-line input cannot hold', () => {
  it('is shown as the raw JSON writes it, escapes visible, and marked as holding a line break', () => {
    expect(shownFieldText('string', null, 'Maryam\nAl\tOtaibi\r\n')).toEqual({
      text: 'Maryam\\nAl\\tOtaibi\\r\\n',
      lineBreak: true,
    });
    expect(shownFieldText('string', null, 'Al\tOtaibi')).toEqual({ text: 'Al\tOtaibi', lineBreak: false });
  });

  it('is never rewritten by typing in its box', () => {
    expect(typeFieldText('string', null, 'Line one\nLine two', 'Line oneLine twoX')).toBeNull();
    const edit: FieldEdit = { typed: 'Line one', from: 'Line one' };
    expect(typeFieldText('string', edit, 'Line one\r\n', 'Line oneX')).toBeNull();
  });
});

/** Types each text in turn into a field of `kind` that holds `value`, as its input does. */
function typeInTurn(kind: Parameters<typeof typeFieldText>[0], value: unknown, texts: string[]) {
  let edit: FieldEdit | null = null;
  let current = value;
  for (const text of texts) {
    const typed = typeFieldText(kind, edit, current, text);
    if (typed === null) throw new Error(`${JSON.stringify(text)} was not taken`);
    ({ edit, value: current } = typed);
    expect(shownFieldText(kind, edit, current).text).toBe(text);
  }
  return current;
}

// A KWD total of 2.145: typing 2.14x then Backspace left the string "2.14" (a typo's spelling
// kept for good), and .5 then went in as the string ".5", flagged NOT_NUMERIC.
describe("a Money amount's spelling", () => {
  it('is a number again once the text reads as one, when it was a number before the edit began', () => {
    expect(typeInTurn('amount', 2.145, ['2.14x', '2.14'])).toBe(2.14);
    expect(typeInTurn('amount', 2.145, ['2.14x', '2.14', '', '.', '.5'])).toBe(0.5);
    expect(typeInTurn('amount', undefined, ['1x', '1'])).toBe(1);
  });

  it('stays a string when the document had it as one before the edit began', () => {
    expect(typeInTurn('amount', '2.145', ['2.14x', '2.14'])).toBe('2.14');
    expect(typeInTurn('amount', '2.145', ['2.1450'])).toBe('2.1450');
  });

  it('begins a new edit from a value changed elsewhere (the raw JSON) since the last key', () => {
    const edit: FieldEdit = { typed: '2.14', from: 2.145 };
    // The raw JSON now spells it as a string: the next key keeps that spelling.
    const typed = typeFieldText('amount', edit, '2.15', '2.155');
    expect(typed?.value).toBe('2.155');
  });
});
