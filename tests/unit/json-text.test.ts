import { describe, expect, it } from 'vitest';
import { findJsonSyntaxError, parseJsonText } from '../../src/shared/json-text';

describe('parseJsonText', () => {
  it('parses valid JSON, with or without a byte-order mark', () => {
    expect(parseJsonText('{"a":[1,2,{"b":null}]}')).toEqual({ ok: true, value: { a: [1, 2, { b: null }] } });
    expect(parseJsonText('\uFEFF{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });

  it.each([
    ['{\n  "a": 1,\n  "b" 2\n}', 3, 7, /Expected ':'/],
    ['{"a": 1,}', 1, 9, /Trailing comma before '}'/],
    ['[1, 2,]', 1, 7, /Trailing comma before '\]'/],
    ["{'a': 1}", 1, 2, /property name in double quotes/],
    ['{"a": tru}', 1, 7, /expected a value/],
    ['{"a": "line\nbreak"}', 1, 12, /line break inside a string/],
    ['{"a": "\\x"}', 1, 8, /Invalid escape/],
    ['{"a": 1', 1, 8, /object is not closed/],
    ['', 1, 1, /expected a value/],
    ['{} {}', 1, 4, /after the JSON value/],
    ['{"a": 01}', 1, 8, /Expected ',' or '}'/],
    ['{"a": -}', 1, 7, /expected a value/],
    ['[1 2]', 1, 4, /Expected ',' or '\]'/],
    ['{"a": "unterminated', 1, 7, /Unterminated string/],
  ])('finds where %j breaks: line %i, column %i', (text, line, column, message) => {
    const result = parseJsonText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect({ line: result.line, column: result.column }).toEqual({ line, column });
      expect(result.message).toMatch(message);
    }
  });

  it('agrees with JSON.parse on thousands of broken texts, at any depth', () => {
    const base = JSON.stringify({ a: [1, -2.5e3, true, null, 'x\\"y\u00e9'], b: { c: {} }, d: [] });
    const alphabet = '{}[]",:0123456789-+.eE tfnul\\ab\n';
    let seed = 7;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const disagreements: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const at = Math.floor(next() * base.length);
      const char = alphabet[Math.floor(next() * alphabet.length)] ?? '';
      const text =
        next() < 0.5
          ? base.slice(0, at) + char + base.slice(at + 1)
          : base.slice(0, at) + char + base.slice(at);
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      if ((findJsonSyntaxError(text) === undefined) !== valid) disagreements.push(text);
    }
    expect(disagreements).toEqual([]);
    expect(findJsonSyntaxError('['.repeat(200_000))?.message).toMatch(/array is not closed/);
  });
});
