import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newOrderFrom } from '../../src/main/emulator/create-checkout';
import { DEFAULT_EMULATOR_SETTINGS } from '../../src/shared/emulator';
import { scanJsonTextAndForm } from '../../src/shared/json-duplicate-keys';

/**
 * The emulator stores a create-checkout body's text as it came where the scan says it is what
 * JSON.stringify writes of the parsed payload (issue 20): held here to JSON.stringify's own
 * answer, over chosen cases and random texts, so the stored bytes never differ from the path
 * that writes the payload again.
 */

const fixture = (name: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '..', 'fixtures', name), 'utf8')) as unknown;

/** The scan's word, held to the truth: when it says so, the text is JSON.stringify's. */
function flagHolds(text: string): boolean {
  const said = scanJsonTextAndForm(text).writtenAsStringifyWrites;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return said;
  }
  if (said) expect(JSON.stringify(parsed), text).toBe(text);
  return said;
}

/** A small seeded generator, so a failure names a case that can be run again. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

describe('scanJsonTextAndForm: written as JSON.stringify writes it', () => {
  it('says so for what JSON.stringify wrote (the bench body, both forms), and not for the same spaced out', () => {
    for (const name of ['general-valid.json', 'education-valid.json']) {
      const compact = JSON.stringify(fixture(name));
      expect(flagHolds(compact), name).toBe(true);
      expect(flagHolds(JSON.stringify(fixture(name), null, 2)), name).toBe(false);
      expect(flagHolds(` ${compact}`), name).toBe(false);
      expect(flagHolds(`\uFEFF${compact}`), name).toBe(false);
    }
  });

  it('numbers: only those JSON.stringify writes back digit for digit', () => {
    const same = ['0', '1', '-1', '1.5', '-0.5', '0.1', '0.000001', '100', '69.5', '123456789012345', '0.25'];
    const other = ['-0', '1.50', '2.0', '0.0', '1e3', '1E3', '0.0000001', '-0.0000005', '1234567890123456'];
    for (const literal of same) expect(flagHolds(`{"a":[${literal}],"b":${literal}}`), literal).toBe(true);
    for (const literal of [...other, '0.30000000000000004', '1e21', '5e-7', '99999999999999999999'])
      expect(flagHolds(`{"a":[${literal}],"b":${literal}}`), literal).toBe(false);
  });

  it('names and strings: escapes, index-like names, names given twice, lone surrogates', () => {
    expect(flagHolds('{"a":"ü👍🏽\u2028/x"}')).toBe(true);
    expect(flagHolds('{"__proto__":{"a":1}}')).toBe(true);
    for (const text of [
      '{"a":"line\\nbreak"}',
      '{"a":"\\u0041"}',
      '{"a":"\\/"}',
      '{"a\\"b":1}',
      '{"b":1,"1":2}',
      '{"1":1,"b":2}',
      '{"a":1,"a":2}',
      '{"a":"\uD800"}',
      '{"a":true }',
      '{"a":\ttrue}',
    ])
      expect(flagHolds(text), text).toBe(false);
  });

  it('holds over random texts written from random values, compact or not', () => {
    const next = random(20);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
    const numbers = [
      '0',
      '-0',
      '7',
      '-12',
      '3.25',
      '1.50',
      '1e2',
      '0.0000001',
      '0.000001',
      '123456789012345678',
      '2.0',
    ];
    const chars = ['a', 'Z', '0', '9', ' ', 'ü', '👍', '\\n', '\\"', '\\u00e9', '\\/', '\u2028', '-', '_'];
    const names = ['a', 'b', 'amount', '1', '01', 'x1', '__proto__', 'a', 'b', 'amount'];
    const text = (depth: number): string => {
      const roll = next();
      if (depth > 3 || roll < 0.35) return pick(numbers);
      if (roll < 0.55)
        return `"${Array.from({ length: Math.floor(next() * 5) }, () => pick(chars)).join('')}"`;
      if (roll < 0.6) return pick(['true', 'false', 'null']);
      if (roll < 0.75)
        return `[${Array.from({ length: Math.floor(next() * 4) }, () => text(depth + 1)).join(pick([',', ', ']))}]`;
      return `{${Array.from({ length: Math.floor(next() * 4) }, () => `"${pick(names)}"${pick([':', ':', ': '])}${text(depth + 1)}`).join(',')}}`;
    };
    let said = 0;
    for (let i = 0; i < 20_000; i++) if (flagHolds(text(0))) said++;
    // Not an empty promise: a good share of the texts are taken as written.
    expect(said).toBeGreaterThan(2000);
  });
});

describe("the emulator's stored payload", () => {
  const rules = {
    form: 'general' as const,
    singleCheckout: true,
    pairs: DEFAULT_EMULATOR_SETTINGS.countryCurrencyPairs,
    honourExpiresInMinutes: false,
    emptyOptional: DEFAULT_EMULATOR_SETTINGS.emptyOptional,
    instalmentsRequired: DEFAULT_EMULATOR_SETTINGS.instalmentsRequired,
    missingCountryCode: DEFAULT_EMULATOR_SETTINGS.missingCountryCode,
  };
  const stored = (text: string) =>
    newOrderFrom(JSON.parse(text.replace(/^\uFEFF/, '')), {
      rules,
      notificationField: 'merchant_url.notification',
      legacyApproved: false,
      nowMs: 1_800_000_000_000,
      sourceText: text,
    }).order.payload;

  it('is JSON.stringify of the payload however the text was written', () => {
    const payload = fixture('general-valid.json') as Record<string, unknown>;
    const written = JSON.stringify(payload);
    const reordered = JSON.stringify({ ...payload, 12: 'x' })
      .replace('"12":"x",', '')
      .replace(/}$/, ',"12":"x"}');
    for (const text of [
      written,
      JSON.stringify(payload, null, 2),
      `\uFEFF${written}`,
      written.replace('"description":"', '"description":"\\u0041'),
      written.replace('"order_number":', '"order_number":"x","order_number":'),
      written.replace('"shipping_amount":{"amount":0,', '"shipping_amount":{"amount":0.0,'),
      reordered,
    ]) {
      const again = JSON.stringify(JSON.parse(text.replace(/^\uFEFF/, '')));
      // Each but the first is a text JSON.stringify does not write, so the stored form must be its.
      expect(text === written || text !== again, text.slice(0, 40)).toBe(true);
      expect(stored(text), text.slice(0, 40)).toBe(again);
    }
  });
});
