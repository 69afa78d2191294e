import { describe, expect, it } from 'vitest';
import {
  boundedJsonKey,
  depthBeyond,
  JSON_MAX_DEPTH,
  measureJsonText,
  parseBoundedJson,
  stringifyIteratively,
  topLevelStrings,
} from '../../src/shared/bounded-json';
import { decodeJwt } from '../../src/shared/jwt/decode-jwt';
import { nestedArrays, nestedObjects } from '../fixtures/hostile-structures';

/** Random JSON values of bounded size, with the awkward parts: escapes, unicode, empty containers. */
function randomValue(seed: { n: number }, depth = 0): unknown {
  seed.n = (seed.n * 1103515245 + 12345) % 2 ** 31;
  const pick = seed.n % (depth > 5 ? 5 : 8);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return seed.n % 2 === 0;
    case 2:
      return (seed.n % 2000) / 7 - 100;
    case 3:
      return `s"\\\n\u001b\u2028é${seed.n % 97}`;
    case 4:
      return '';
    case 5:
    case 6:
      return Array.from({ length: seed.n % 4 }, () => randomValue(seed, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: seed.n % 4 }, (_, index) => [`k${index}"`, randomValue(seed, depth + 1)]),
      );
  }
}

describe('bounded JSON', () => {
  it('measures depth and long strings without parsing, ignoring brackets inside strings', () => {
    expect(measureJsonText('{"a":[1,{"b":"[[[[[["}]}', { maxDepth: 3 })).toBeNull();
    expect(measureJsonText(nestedArrays(5), { maxDepth: 4 })).toEqual({
      kind: 'too_deep',
      depth: 5,
      limit: 4,
    });
    expect(measureJsonText('{"a":"\\"[[["}', { maxDepth: 1 })).toBeNull();
    expect(measureJsonText('{\n"a":"xxxxxxxx"}', { maxStringChars: 4 })).toMatchObject({
      kind: 'string_too_long',
      chars: 8,
      line: 2,
    });
    expect(measureJsonText('[1,2]', { maxChars: 4 })).toMatchObject({ kind: 'too_long', chars: 5 });
  });

  it.each([5_000, 20_000, 100_000])(
    'refuses %i levels, arrays and objects, with the depth named',
    (depth) => {
      for (const text of [nestedArrays(depth), nestedObjects(depth)]) {
        const read = parseBoundedJson(text);
        expect(read).toEqual({ ok: false, problem: { kind: 'too_deep', depth, limit: JSON_MAX_DEPTH } });
      }
      expect(topLevelStrings(`{"order_id":"o-1","data":${nestedArrays(depth)}}`, ['order_id'])).toEqual({
        order_id: 'o-1',
      });
    },
  );

  it('parses what is within bounds exactly as JSON.parse does; broken text is a problem, not a throw', () => {
    expect(parseBoundedJson(nestedArrays(JSON_MAX_DEPTH))).toMatchObject({ ok: true });
    expect(parseBoundedJson('{"a":1,"a":2}')).toEqual({ ok: true, value: { a: 2 } });
    expect(parseBoundedJson('{"a":')).toMatchObject({ ok: false, problem: { kind: 'not_json' } });
  });

  it('walks values of any depth without recursion', () => {
    let deep: unknown = 1;
    for (let level = 0; level < 100_000; level++) deep = [deep];
    expect(depthBeyond(deep)).toEqual({ depth: JSON_MAX_DEPTH + 1, under: 0 });
    expect(depthBeyond({ ok: [[1]], bad: JSON.parse(nestedObjects(100)) as unknown })).toMatchObject({
      under: 'bad',
    });
    expect(depthBeyond({ a: [{ b: 1 }] })).toBeNull();
    expect(stringifyIteratively(deep).length).toBe(200_001);
    expect(boundedJsonKey(deep).length).toBeLessThan(300);
  });

  it("reads a sparse array's holes as absent, as the request walk does, rather than throwing", () => {
    // JSON cannot write a hole, but a caller's JS value can hold one: `[ , 1]`.
    const holed: unknown[] = [];
    holed[1] = 1;
    expect(depthBeyond(holed)).toBeNull();
    expect(depthBeyond({ items: holed })).toBeNull();
    let deep: unknown = 1;
    for (let level = 0; level < JSON_MAX_DEPTH + 5; level++) deep = [deep];
    const deepAfterHole: unknown[] = [];
    deepAfterHole[2] = deep;
    expect(depthBeyond(deepAfterHole)).toEqual({ depth: JSON_MAX_DEPTH + 1, under: 2 });
    expect(depthBeyond({ items: deepAfterHole })).toMatchObject({ under: 'items' });
  });

  it('writes keys equal to JSON.stringify for 2,000 random values; long ones stay short and distinct', () => {
    const seed = { n: 42 };
    for (let round = 0; round < 2000; round++) {
      const value = randomValue(seed);
      expect(stringifyIteratively(value)).toBe(JSON.stringify(value));
    }
    const long = (last: string) => ({ data: 'x'.repeat(10_000) + last });
    expect(boundedJsonKey(long('a'))).not.toBe(boundedJsonKey(long('b')));
    expect(boundedJsonKey(long('a'))).toBe(boundedJsonKey(long('a')));
    expect(boundedJsonKey(long('a')).length).toBeLessThan(300);
  });

  it('a token whose claims nest 20,000 levels decodes to a problem, not a crash', () => {
    const segment = (text: string) => Buffer.from(text).toString('base64url');
    const token = `${segment('{"alg":"HS256"}')}.${segment(`{"x":${nestedArrays(20_000)}}`)}.sig`;
    const decoded = decodeJwt(token);
    expect(decoded.ok).toBe(false);
    expect(decoded.problem).toMatch(/20,001 levels deep/);
  });
});
