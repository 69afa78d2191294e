import { describe, expect, it } from 'vitest';
import {
  checkoutSchemaFor,
  FINDING_CODES,
  validateCheckout,
  type CheckoutForm,
  type Finding,
} from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { CATALOGUE } from '../../src/shared/checkout/field-catalogue';
import { prng, type Random } from './helpers/prng';

const KNOWN_KEYS = [...new Set(CATALOGUE.flatMap((field) => field.path.replaceAll('[]', '').split('.')))];
const WEIRD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '0',
  'amount',
  'currency',
];
const WEIRD_STRINGS = [
  '',
  ' ',
  'SAR',
  'sar',
  'XXX',
  'KWD',
  '12.345',
  '-1',
  '1e400',
  'NaN',
  '31-02-2025',
  '29-02-2024',
  'https://',
  'a@b',
  '\u0000',
  '👍🏽',
  'ـ',
  'null',
];
const WEIRD_NUMBERS = [
  0,
  -0,
  -1,
  0.1,
  0.001,
  1.0005,
  1e21,
  -1e308,
  4.9e-324,
  5,
  1440,
  1441,
  Number.MAX_SAFE_INTEGER,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

function randomValue(random: Random, depth: number): unknown {
  const roll = random.int(depth > 5 ? 6 : 9);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return random.next() < 0.5;
    case 2:
      return random.pick(WEIRD_NUMBERS);
    case 3:
      return (random.next() - 0.5) * 10 ** random.int(8);
    case 4:
      return random.pick(WEIRD_STRINGS);
    case 5:
      return random.next() < 0.05
        ? 'x'.repeat(100_000 + random.int(1000))
        : Math.random().toString(36).slice(2);
    case 6:
      return Array.from({ length: random.int(4) }, () => randomValue(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let i = random.int(6); i > 0; i--) {
        const key = random.next() < 0.6 ? random.pick(KNOWN_KEYS) : random.pick(WEIRD_KEYS);
        Object.defineProperty(object, key, {
          value: randomValue(random, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      }
      return object;
    }
  }
}

/** Every container (object or array) in a payload, with a way to change one of its entries. */
function containers(node: unknown, found: unknown[] = []): unknown[] {
  if (typeof node !== 'object' || node === null) return found;
  found.push(node);
  for (const value of Object.values(node)) containers(value, found);
  return found;
}

function mutate(random: Random, payload: Record<string, unknown>): Record<string, unknown> {
  for (let times = 1 + random.int(3); times > 0; times--) {
    const target = random.pick(containers(payload)) as Record<string | number, unknown>;
    const keys = Object.keys(target);
    const key = keys.length === 0 ? 'extra' : random.pick(keys);
    switch (random.int(6)) {
      case 0:
        Reflect.deleteProperty(target, key);
        break;
      case 1:
        target[key] = randomValue(random, 3);
        break;
      case 2:
        target[key] = 'y'.repeat(random.pick([129, 256, 257, 1025, 50_000]));
        break;
      case 3:
        target[key] = -Math.abs(Number(target[key]) || 1);
        break;
      case 4:
        target[key] = random.pick(['USD', 'sar', 'KWD', 'BHD', '', 42, null]);
        break;
      default:
        target[`${key}${random.pick(['_', 's', ''])}${random.int(2) === 0 ? 'x' : ''}`] = target[key];
    }
  }
  return payload;
}

const SEVERITIES: readonly string[] = ['error', 'warning'];
const CODES: readonly string[] = FINDING_CODES;

/** What is wrong with a finding, if anything (plain checks: hundreds of thousands of `expect`s would crawl). */
function malformed(finding: Finding): string | undefined {
  if (!SEVERITIES.includes(finding.severity)) return 'severity';
  if (typeof finding.path !== 'string' || finding.path === '') return 'path';
  if (typeof finding.message !== 'string' || finding.message === '') return 'message';
  if (typeof finding.rule !== 'string' || finding.rule === '') return 'rule';
  if (!CODES.includes(finding.code)) return 'code';
  return undefined;
}

function collectMalformed(findings: Finding[], problems: string[]): void {
  for (const finding of findings) {
    const problem = malformed(finding);
    if (problem !== undefined) problems.push(`${problem}: ${JSON.stringify(finding)}`);
  }
}

const FORMS: CheckoutForm[] = ['general', 'education'];
const pool = (form: CheckoutForm) =>
  Array.from({ length: 40 }, (_, seed) => generateSample(form, { seed }) as Record<string, unknown>);

describe('validation under fuzzing', () => {
  it('never throws on 2,000 random JSON trees; every finding is complete', () => {
    const random = prng(20_261_122);
    const problems: string[] = [];
    let findings = 0;
    for (let i = 0; i < 2000; i++) {
      const payload = randomValue(random, 0);
      for (const form of FORMS) {
        const found = validateCheckout(payload, { form, singleCheckout: random.next() < 0.5 });
        findings += found.length;
        collectMalformed(found, problems);
      }
    }
    expect(problems).toEqual([]);
    expect(findings).toBeGreaterThan(10_000);
  });

  it('never throws on 2,000 mutated valid samples; errors and the zod schema agree', () => {
    const random = prng(4455);
    const schemas = { general: checkoutSchemaFor('general'), education: checkoutSchemaFor('education') };
    const samples = { general: pool('general'), education: pool('education') };
    const problems: string[] = [];
    let invalid = 0;
    for (let i = 0; i < 2000; i++) {
      const form = random.pick(FORMS);
      const payload = mutate(random, structuredClone(random.pick(samples[form])));
      const findings = validateCheckout(payload, { form });
      collectMalformed(findings, problems);
      const hasErrors = findings.some((finding) => finding.severity === 'error');
      if (hasErrors) invalid++;
      if (schemas[form].safeParse(payload).success === hasErrors)
        problems.push(`schema and findings disagree on ${JSON.stringify(findings)}`);
    }
    expect(problems).toEqual([]);
    // The mutations do break payloads, and not all of them.
    expect(invalid).toBeGreaterThan(1000);
    expect(invalid).toBeLessThan(2000);
  });
});
