import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { type CheckoutForm } from '../../src/shared/checkout';
import { generateSample } from '../../src/shared/checkout/sample';
import { baseSchemaFor } from '../../src/shared/checkout/form-schemas';
import { passesWithoutIssues } from '../../src/shared/checkout/schema-clean-pass';
import { fixture } from './helpers/checkout-payloads';
import { prng, type Random } from './helpers/prng';

/**
 * validateCheckout skips zod's parse of the field schemas when passesWithoutIssues says the
 * request has no issue, so its findings stay zod's only while the two agree: here they are held
 * to the same answer for every single change of every field of valid requests of each form
 * (and of their containers), and for random changes of several at once. Each answer is both
 * ways in numbers (a walk that said no to everything would agree with nothing valid).
 */

type Path = (string | number)[];
type Container = Record<string | number, unknown>;

/** Every path to a value in the payload, containers included, the root left out. */
function pathsOf(node: unknown, prefix: Path = [], found: Path[] = []): Path[] {
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, value] of Object.entries(node)) {
    const path = [...prefix, Array.isArray(node) ? Number(key) : key];
    found.push(path);
    pathsOf(value, path, found);
  }
  return found;
}

function changedAt(payload: unknown, path: Path, change: (parent: Container, key: string | number) => void) {
  const copy = structuredClone(payload);
  let parent = copy as Container;
  for (const segment of path.slice(0, -1)) parent = parent[segment] as Container;
  const key = path.at(-1);
  if (key !== undefined) change(parent, key);
  return copy;
}

/** Values each rule of the schemas draws a line between: types, empties, edges of lengths and ranges, formats. */
const CANDIDATES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  0.1,
  0.09,
  1,
  1.5,
  12.345,
  1440,
  1441,
  4,
  5,
  Number.MAX_SAFE_INTEGER,
  '',
  ' ',
  'text',
  '12.50',
  '12.345',
  '-1',
  'abc',
  'SAR',
  'AED',
  'KWD',
  'BHD',
  'USD',
  'SA',
  'ar_SA',
  'en_US',
  'https://shop.example.com/ok',
  'not a uri',
  'myapp://x',
  'name@example.com',
  'a@b',
  '05-03-2024',
  '31-02-2025',
  '2024-03-05',
  'x'.repeat(129),
  'x'.repeat(256),
  'x'.repeat(1025),
  '👍🏽'.repeat(128),
  [],
  [1],
  {},
  { amount: '10.00', currency: 'SAR' },
  { amount: 0, currency: 'SAR' },
  { name: '', amount: { amount: 0, currency: 'KWD' } },
];

const SCHEMAS: { form: CheckoutForm; singleCheckout: boolean }[] = [
  { form: 'general', singleCheckout: true },
  { form: 'education', singleCheckout: true },
  { form: 'education', singleCheckout: false },
];

function requestsOf(form: CheckoutForm): unknown[] {
  const now = new Date('2026-11-30T12:00:00Z');
  return [
    fixture(form),
    ...[1].map((seed) => JSON.parse(JSON.stringify(generateSample(form, { seed, now }))) as unknown),
  ];
}

function randomChange(random: Random, payload: unknown): unknown {
  let changed = payload;
  for (let times = 1 + random.int(3); times > 0; times--) {
    const paths = pathsOf(changed);
    const path = random.pick(paths);
    changed = changedAt(changed, path, (parent, key) => {
      const roll = random.int(10);
      if (roll === 0) Reflect.deleteProperty(parent, key);
      else if (roll === 1 && typeof parent[key] === 'object' && parent[key] !== null)
        (parent[key] as Container)['unknown_key'] = random.pick(CANDIDATES);
      else parent[key] = structuredClone(random.pick(CANDIDATES));
    });
  }
  return changed;
}

describe('the field schemas walked without zod (passesWithoutIssues)', () => {
  for (const { form, singleCheckout } of SCHEMAS)
    it(`answers as zod does, ${form} form, single checkout ${singleCheckout ? 'on' : 'off'}`, () => {
      const schema = baseSchemaFor(form, singleCheckout);
      const counts = { clean: 0, issues: 0 };
      const agree = (value: unknown, what: () => string) => {
        const zod = schema.safeParse(value).success;
        const walked = passesWithoutIssues(schema, value);
        if (walked !== zod) expect(walked, what()).toBe(zod);
        counts[zod ? 'clean' : 'issues']++;
      };
      const random = prng(form === 'general' ? 20 : singleCheckout ? 21 : 22);
      for (const request of requestsOf(form)) {
        agree(request, () => 'the valid request');
        for (const path of pathsOf(request)) {
          const where = path.join('.');
          agree(
            changedAt(request, path, (parent, key) => Reflect.deleteProperty(parent, key)),
            () => `${where} left out`,
          );
          for (const candidate of CANDIDATES)
            agree(
              changedAt(request, path, (parent, key) => (parent[key] = structuredClone(candidate))),
              () => `${where} = ${JSON.stringify(candidate).slice(0, 40)}`,
            );
        }
        for (let round = 0; round < 200; round++) {
          const changed = randomChange(random, request);
          agree(changed, () => `random change ${JSON.stringify(changed).slice(0, 2000)}`);
        }
      }
      for (const other of [null, [], 'text', 1, {}, { items: [] }]) agree(other, () => JSON.stringify(other));
      expect(counts.clean).toBeGreaterThan(500);
      expect(counts.issues).toBeGreaterThan(2000);
    });

  it('asks zod when a getter throws, and for a schema kind it does not know', async () => {
    const schema = baseSchemaFor('general', true);
    const hostile = {
      ...fixture('general'),
      get description(): string {
        throw new Error('no');
      },
    };
    expect(passesWithoutIssues(schema, hostile)).toBe(false);
    const { z } = await import('zod');
    expect(passesWithoutIssues(z.string(), 'text')).toBe(false);
    expect(passesWithoutIssues(z.object({ a: z.custom(() => true) }), { a: 1 })).toBe(true);
  });

  it('reads an object nothing checks without building it, and builds what a check reads', async () => {
    const { z } = await import('zod');
    const cases: [ZodType, unknown, boolean][] = [
      // A missing key whose schema takes undefined: an issue to zod, built or not.
      [z.object({ a: z.custom(() => true) }), {}, false],
      [z.object({ outer: z.object({ a: z.custom(() => true) }) }), { outer: {} }, false],
      [z.object({ outer: z.object({ a: z.custom(() => true).optional() }) }), { outer: {} }, true],
      [
        z.object({ list: z.array(z.object({ a: z.custom((v) => v === 1) })) }),
        { list: [{ a: 1 }, { a: 2 }] },
        false,
      ],
      // The check reads the object zod builds, its unknown key dropped: built, though nothing above reads it.
      [
        z.object({
          outer: z.object({ inner: z.object({ a: z.custom(() => true) }) }).superRefine((value, ctx) => {
            if ('extra' in value.inner) ctx.addIssue({ code: 'custom', message: 'extra kept' });
          }),
        }),
        { outer: { inner: { a: 1, extra: 2 } } },
        true,
      ],
    ];
    for (const [schema, value, passes] of cases) {
      expect(schema.safeParse(value).success).toBe(passes);
      expect(passesWithoutIssues(schema, value)).toBe(passes);
    }
  });
});
