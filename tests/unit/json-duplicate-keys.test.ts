import { describe, expect, it } from 'vitest';
import { findDuplicateKeys } from '../../src/shared/json-duplicate-keys';

describe('findDuplicateKeys', () => {
  it('finds a name given twice, with its path and count, at any depth and inside arrays', () => {
    const text = '{"a":1,"items":[{"x":1},{"x":1,"y":{"z":1,"z":2,"z":3},"x":2}],"a":2}';
    expect(findDuplicateKeys(text)).toEqual([
      { path: ['items', 1, 'y', 'z'], count: 3 },
      { path: ['items', 1, 'x'], count: 2 },
      { path: ['a'], count: 2 },
    ]);
  });

  it('tells names from string values, and reads escapes in names', () => {
    expect(findDuplicateKeys('{"k":"k","v":["k","k"],"n":{"k":"x"}}')).toEqual([]);
    expect(findDuplicateKeys('{"a\\"b":1,"a\\u0022b":2}')).toEqual([{ path: ['a"b'], count: 2 }]);
    expect(findDuplicateKeys('{"a,b":{"c":1},"d":{"c":2}}')).toEqual([]);
  });

  it('reads any depth without recursion, and a broken text up to its break', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(findDuplicateKeys(deep)).toEqual([]);
    expect(findDuplicateKeys('{"a":1,"a":')).toEqual([{ path: ['a'], count: 2 }]);
    expect(findDuplicateKeys('not json')).toEqual([]);
  });
});
