import { describe, expect, it } from 'vitest';
import { locateJsonValues } from '../../src/shared/json-locations';

const TEXT = `{
  "order_reference_id": "REF-1",
  "items": [
    { "sku": "A-1", "quantity": 2 },
    { "sku": "B\\"2", "tags": [true, null] }
  ],
  "odd key": {},
  "n": -1.5e3
}`;

const slice = (text: string, location: { from: number; to: number } | undefined) =>
  location === undefined ? undefined : text.slice(location.from, location.to);

describe('locating values in JSON text', () => {
  const found = locateJsonValues(TEXT);

  it.each([
    ['(root)', TEXT],
    ['order_reference_id', '"REF-1"'],
    ['items[0].sku', '"A-1"'],
    ['items[0].quantity', '2'],
    ['items[1].sku', '"B\\"2"'],
    ['items[1].tags[1]', 'null'],
    ['["odd key"]', '{}'],
    ['n', '-1.5e3'],
  ])('finds %s', (path, expected) => {
    expect(slice(TEXT, found.get(path))).toBe(expected);
  });

  it('marks the property name of a value', () => {
    const location = found.get('items[0].quantity');
    expect(location && TEXT.slice(location.keyFrom ?? 0, location.keyTo ?? 0)).toBe('"quantity"');
    expect(found.get('items[0]')?.keyFrom).toBeNull();
  });

  it('keeps what it read before a break, and never throws', () => {
    const partial = locateJsonValues('{"a": 1, "b": [1, 2');
    expect(slice('{"a": 1, "b": [1, 2', partial.get('a'))).toBe('1');
    for (const text of ['', '{', '[[[[', '{"x":', '"', '}{', '{"a" 1}'])
      expect(() => locateJsonValues(text)).not.toThrow();
  });

  it('reads through deep nesting without recursion, recording the first 256 levels', () => {
    const deep = `{"after": ${'['.repeat(20_000)}1${']'.repeat(20_000)}, "next": 2}`;
    const located = locateJsonValues(deep);
    expect(located.size).toBe(258);
    expect(slice(deep, located.get('next'))).toBe('2');
  });
});
