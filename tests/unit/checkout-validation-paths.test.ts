import { describe, expect, it } from 'vitest';
import { type CheckoutForm } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { notificationPath } from '../../src/shared/checkout/consistency-checks';
import { CATALOGUE, patternOf } from '../../src/shared/checkout/field-catalogue';
import { isPlainObject, type RawFinding } from '../../src/shared/checkout/findings';
import { findUnknownKeys } from '../../src/shared/checkout/request-walk';
import { suggestKey } from '../../src/shared/checkout/unknown-keys';
import { findDuplicateKeys, type DuplicateKey } from '../../src/shared/json-duplicate-keys';
import generalValid from '../fixtures/general-valid.json';
import educationValid from '../fixtures/education-valid.json';
import { prng, type Random } from './helpers/prng';

/**
 * The emulator's hot path reads each create-checkout body with cheaper walks than before (names
 * found twice without decoding every string; unknown keys over linked levels instead of pattern
 * strings). The readers they replaced are kept here, as they were, and both must give the same
 * findings over the samples, the fixtures and broken documents.
 */

// ---- The readers as they were -------------------------------------------------------------

function referenceDuplicateKeys(text: string): DuplicateKey[] {
  interface Frame {
    kind: '{' | '[';
    path: (string | number)[] | null;
    index: number;
    counts: Map<string, number> | null;
    pendingKey: string | null;
  }
  const readString = (start: number) => {
    let i = start + 1;
    while (i < text.length && text.charAt(i) !== '"') i += text.charAt(i) === '\\' ? 2 : 1;
    const end = Math.min(i + 1, text.length);
    const raw = text.slice(start, end);
    try {
      return { value: JSON.parse(raw) as string, end };
    } catch {
      return { value: raw.slice(1, -1), end };
    }
  };
  const stack: Frame[] = [];
  const found: DuplicateKey[] = [];
  const reported = new Map<string, DuplicateKey>();
  let expectKey = false;
  const childPath = (frame: Frame | undefined, segment: string | number) => {
    if (frame === undefined) return [];
    if (frame.path === null || frame.path.length >= 256) return null;
    return [...frame.path, segment];
  };
  const valuePath = () => {
    const top = stack[stack.length - 1];
    if (top === undefined) return [];
    return top.kind === '[' ? childPath(top, top.index) : childPath(top, top.pendingKey ?? '');
  };
  const noteKey = (frame: Frame, key: string) => {
    if (frame.counts === null) return;
    const seen = (frame.counts.get(key) ?? 0) + 1;
    frame.counts.set(key, seen);
    if (seen < 2 || frame.path === null) return;
    const path = [...frame.path, key];
    const id = JSON.stringify(path);
    const known = reported.get(id);
    if (known !== undefined) known.count = seen;
    else if (found.length < 200) {
      const entry = { path, count: seen };
      reported.set(id, entry);
      found.push(entry);
    }
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    const top = stack[stack.length - 1];
    if (c === '"') {
      const { value, end } = readString(i);
      i = end;
      if (top?.kind === '{' && expectKey) {
        top.pendingKey = value;
        noteKey(top, value);
        expectKey = false;
      }
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push({
        kind: c,
        path: valuePath(),
        index: 0,
        counts: c === '{' ? new Map() : null,
        pendingKey: null,
      });
      expectKey = c === '{';
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
    } else if (c === ',') {
      if (top?.kind === '[') top.index++;
      expectKey = top?.kind === '{';
    }
    i++;
  }
  return found;
}

function referenceUnknownKeys(payload: unknown, notificationField?: string): RawFinding[] {
  const join = (parent: string, key: string) => (parent === '' ? key : `${parent}.${key}`);
  const children = new Map<string, Set<string>>();
  const arrays = new Set<string>();
  const add = (parent: string, key: string) =>
    children.set(parent, (children.get(parent) ?? new Set()).add(key));
  for (const field of CATALOGUE) {
    const cut = field.path.lastIndexOf('.');
    add(cut < 0 ? '' : field.path.slice(0, cut), cut < 0 ? field.path : field.path.slice(cut + 1));
    if (field.kind === 'money') {
      add(field.path, 'amount');
      add(field.path, 'currency');
    }
    if (field.kind === 'array') arrays.add(field.path);
  }
  const extra = notificationPath(notificationField);
  const last = extra[extra.length - 1];
  if (typeof last === 'string') add(patternOf(extra.slice(0, -1)), last);
  const shown = (key: string) => JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}…` : key);
  const findings: RawFinding[] = [];
  const walk = (node: unknown, pattern: string, path: (string | number)[]) => {
    if (!isPlainObject(node)) return;
    const known = children.get(pattern);
    if (known === undefined) return;
    for (const key of Object.keys(node)) {
      const childPattern = join(pattern, key);
      const child = node[key];
      if (!known.has(key)) {
        const suggestion = findings.length < 500 ? suggestKey(key, known) : undefined;
        const where = pattern === '' ? 'the request' : pattern;
        findings.push({
          severity: 'warning',
          path: [...path, key],
          code: 'unknown_key',
          rule: `${where === 'the request' ? 'Checkout session request' : where} — only the fields the spec names`,
          message:
            `${shown(key)} is not a field of ${where}` +
            (suggestion === undefined
              ? '; the service may ignore or reject it.'
              : `. Did you mean "${suggestion}"?`) +
            (pattern === 'merchant_url' && suggestion === undefined
              ? ' If it carries the notification URL, set the profile’s notification field to it.'
              : ''),
        });
      } else if (arrays.has(childPattern) && Array.isArray(child)) {
        child.forEach((element: unknown, index) => walk(element, `${childPattern}[]`, [...path, key, index]));
      } else {
        walk(child, childPattern, [...path, key]);
      }
    }
  };
  walk(payload, '', []);
  return findings;
}

// ---- Documents ------------------------------------------------------------------------------

const FORMS: CheckoutForm[] = ['general', 'education'];
const SAMPLES: unknown[] = [
  generalValid,
  educationValid,
  ...FORMS.flatMap((form) => Array.from({ length: 30 }, (_, seed) => generateSample(form, { seed }))),
];
const ODD_KEYS = [
  'amout',
  'Amount',
  'emial',
  'notification',
  'x.y',
  '__proto__',
  'constructor',
  '',
  'items[]',
  'a"b',
];
const NOTIFICATION_FIELDS = [
  undefined,
  'merchant_url.notification',
  'merchant_url.webhook',
  'notification_url',
  'merchant_url["x.y"]',
  'items[0].hook',
];

/** Every object in a document, to add a key to or drop one from. */
function objectsOf(node: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(node)) for (const element of node) objectsOf(element, found);
  else if (isPlainObject(node)) {
    found.push(node);
    for (const value of Object.values(node)) objectsOf(value, found);
  }
  return found;
}

/** A sample with unknown, misspelt and oddly shaped keys added, and some values swapped for others. */
function broken(random: Random): unknown {
  const document = structuredClone(random.pick(SAMPLES));
  for (let times = 1 + random.int(4); times > 0; times--) {
    const target = random.pick(objectsOf(document));
    const keys = Object.keys(target);
    const key = keys.length === 0 ? 'extra' : random.pick(keys);
    switch (random.int(4)) {
      case 0:
        Object.defineProperty(target, random.pick(ODD_KEYS), {
          value: 1,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        break;
      case 1:
        target[key] = random.pick([null, 7, 'text', [], [{ amount: 1 }], { name: 'x', amout: 2 }]);
        break;
      case 2:
        Reflect.deleteProperty(target, key);
        break;
      default:
        target[`${key}${random.pick(['s', '_', 'x'])}`] = target[key];
    }
  }
  return document;
}

/** The text of a document with one member written again (same name, another value), somewhere. */
function withRepeatedName(random: Random, document: unknown): string {
  const text = JSON.stringify(document, null, random.int(2) === 0 ? undefined : 2);
  const names = [...text.matchAll(/"((?:[^"\\]|\\.)*)":/g)];
  if (names.length === 0) return text;
  const match = random.pick(names);
  const at = match.index + match[0].length;
  return `${text.slice(0, at)}${random.pick(['1', '"v"', 'null', '{"a":1,"a":2}'])},"${match[1] ?? ''}":${text.slice(at)}`;
}

const ESCAPE_TEXTS = [
  '{"a\\"b":1,"a\\u0022b":2}',
  '{"a\\\\":1,"a\\\\":2}',
  '{"a\\\\\\"":1,"a\\\\\\"":2,"b":"\\\\"}',
  '{"k":"v\\\\","k":"w\\"x"}',
  '{"\\u00e9":1,"é":2,"e\\u0301":3}',
  '{"a":"\\","a":1}',
  '{"a":1,"a',
  '{"a":1,"a\\',
  '{"a":1,"a\\"',
  '"',
  '{"',
  '{"":1,"":2,"\\n":3,"\n":4}',
  '[{"x":1,"x":2},{"x":1,"x":2}]{"y":1,"y":2}',
  '{"a":{"x":1,"x":2},"a":{"x":1,"x":2,"x":3}}',
];

// ---- The comparisons --------------------------------------------------------------------------

describe('the hot-path readers give the findings of the readers they replaced', () => {
  it('names given twice: samples, repeated names, escapes, and every cut of a broken text', () => {
    const random = prng(2026_11_25);
    const texts = [
      ...ESCAPE_TEXTS,
      ...SAMPLES.map((sample) => JSON.stringify(sample)),
      ...SAMPLES.map((sample) => JSON.stringify(sample, null, 2)),
      ...Array.from({ length: 400 }, () =>
        withRepeatedName(random, random.next() < 0.5 ? broken(random) : random.pick(SAMPLES)),
      ),
    ];
    // Broken texts: cut anywhere (inside a string, after a backslash, between a name and its value).
    const cut = withRepeatedName(random, generalValid).replace('"name"', '"na\\"me"');
    for (let end = 0; end <= cut.length; end++) texts.push(cut.slice(0, end));
    let duplicates = 0;
    for (const text of texts) {
      const expected = referenceDuplicateKeys(text);
      duplicates += expected.length;
      expect(findDuplicateKeys(text), text.slice(0, 200)).toEqual(expected);
    }
    // The documents do have names given twice, escaped or not.
    expect(duplicates).toBeGreaterThan(400);
  });

  it('unknown keys: samples and broken documents, under each notification field', () => {
    const random = prng(11_45);
    const documents = [...SAMPLES, ...Array.from({ length: 600 }, () => broken(random))];
    let findings = 0;
    for (const field of NOTIFICATION_FIELDS)
      for (const document of documents) {
        const expected = referenceUnknownKeys(document, field);
        findings += expected.length;
        expect(findUnknownKeys(document, field)).toEqual(expected);
      }
    expect(findings).toBeGreaterThan(1000);
  });
});
