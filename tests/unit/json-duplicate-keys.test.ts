import { describe, expect, it } from 'vitest';
import { findDuplicateKeys, scanJsonText } from '../../src/shared/json-duplicate-keys';
import { mayWriteNumberHeldOtherwise } from '../../src/shared/json-number-held';

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

  it('counts a name given again in an object of many names', () => {
    const names = Array.from({ length: 40 }, (_, i) => `"k${i}":${i}`);
    const text = `{${names.join(',')},"k3":0,"k30":0,"k3":1}`;
    expect(findDuplicateKeys(text)).toEqual([
      { path: ['k3'], count: 3 },
      { path: ['k30'], count: 2 },
    ]);
  });

  it('says, in the same reading, whether a number may be held otherwise, as the regular expression does', () => {
    for (const literal of ['1', '-0.5', '72.98', '123456789012345', '0.00000000000001']) {
      const text = `{"a":[${literal}],"b":{"c":${literal}}}`;
      expect(scanJsonText(text).mayWriteNumberHeldOtherwise, literal).toBe(false);
      expect(mayWriteNumberHeldOtherwise(text), literal).toBe(false);
    }
    for (const literal of [
      '1234567890123456',
      '72.98000000000000000001',
      '1e400',
      '1E5',
      '-2.5e-3',
      '0.000000000000001',
    ]) {
      const text = `{"a":1,"b":{"c":${literal}}}`;
      expect(scanJsonText(text).mayWriteNumberHeldOtherwise, literal).toBe(true);
      expect(mayWriteNumberHeldOtherwise(text), literal).toBe(true);
    }
    // Digits in a string are no number: the scan reads strings as strings.
    expect(scanJsonText('{"phone":"12345678901234567890","e":"1e400"}').mayWriteNumberHeldOtherwise).toBe(
      false,
    );
    expect(scanJsonText('{"a":1,"a":2}')).toEqual({
      duplicates: [{ path: ['a'], count: 2 }],
      mayWriteNumberHeldOtherwise: false,
    });
  });
});
