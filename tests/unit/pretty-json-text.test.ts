import { describe, expect, it } from 'vitest';
import { prettyJsonTextKeepingValues } from '../../src/renderer/src/ui/pretty-json/pretty-json-text';

describe('pretty JSON that keeps every value as written', () => {
  it('lays out a text whose only difference from what JSON writes is the space between tokens', () => {
    expect(prettyJsonTextKeepingValues('{ "a" : "x y\\" z",\n"b":[1, 2.5, -3e-7 ] }')).toBe(
      '{\n  "a": "x y\\" z",\n  "b": [\n    1,\n    2.5,\n    -3e-7\n  ]\n}',
    );
  });

  it.each([
    ['digits JSON.parse drops', '{"amount":1754.280}'],
    ['a number past double precision', '{"big":12345678901234567890}'],
    ['a name given twice', '{"dup":1,"dup":2}'],
    ['an exponent written otherwise', '{"e":1e2}'],
    ['an escape written otherwise', '{"s":"\\u00e9"}'],
    ['a byte-order mark', '\uFEFF{"a":1}'],
  ])('leaves a text alone where laying it out would change what it says: %s', (_, text) => {
    expect(prettyJsonTextKeepingValues(text)).toBeNull();
  });

  it('leaves what is not JSON alone', () => {
    expect(prettyJsonTextKeepingValues('{"a":')).toBeNull();
    expect(prettyJsonTextKeepingValues('  ')).toBeNull();
  });
});
