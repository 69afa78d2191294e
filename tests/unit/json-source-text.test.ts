import { describe, expect, it } from 'vitest';
import { jsonSourceText } from '../../src/shared/json-source-text';

describe('jsonSourceText: where a JSON text writes each value', () => {
  const text =
    '\uFEFF{"amount": 172.500, "items": [{"quantity": 1.0}, {"quantity": 2e0}],\n' +
    ' "count": 9007199254740993, "count": 99999999999999999999, "note": "a, b"}';
  const textAt = jsonSourceText(text);

  it('gives a value as written, found by path', () => {
    expect(textAt(['amount'])).toBe('172.500');
    expect(textAt(['items', 1, 'quantity'])).toBe('2e0');
    expect(textAt(['items', 0])).toBe('{"quantity": 1.0}');
    expect(textAt(['note'])).toBe('"a, b"');
    expect(jsonSourceText(' 1.50 ')([])).toBe('1.50');
  });

  it('reads a name given twice as JSON.parse does: its last occurrence', () => {
    expect(textAt(['count'])).toBe('99999999999999999999');
  });

  it('gives nothing for a path the text does not hold', () => {
    expect(textAt(['missing'])).toBeUndefined();
    expect(textAt(['items', 2, 'quantity'])).toBeUndefined();
    expect(textAt(['items', 'quantity'])).toBeUndefined();
    expect(textAt(['amount', 0])).toBeUndefined();
  });
});
