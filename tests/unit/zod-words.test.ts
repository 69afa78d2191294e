import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { consoleZodMessage } from '../../src/shared/zod-words';
import { SOURCE_CLI } from './helpers/source-cli';

/** The messages of a failed parse, as every boundary prints them: "field: message". */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`${JSON.stringify(value)} passed`);
  return result.error.issues.map((issue) => `${issue.path.join('.') || '(value)'}: ${issue.message}`);
}

const step = z.discriminatedUnion('step', [
  z.object({ step: z.literal('checkout') }),
  z.object({ step: z.literal('operation') }),
]);

// Each of zod's own checks, in the console's words (the vitest setup installs them, as every
// entry point of the console does).
const CASES: [string, z.ZodType, unknown, string][] = [
  ['a wrong type', z.object({ steps: z.array(z.string()) }), { steps: 3 }, 'steps: must be a list, not 3'],
  ['a missing field', z.object({ steps: z.array(z.string()) }), {}, 'steps: missing; expected a list'],
  [
    'a list for a mapping (zod: "must be record")',
    z.object({ vars: z.record(z.string(), z.unknown()) }),
    { vars: [1, 2] },
    'vars: must be a mapping of names to values, not a list',
  ],
  [
    'text for true or false',
    z.object({ on: z.boolean() }),
    { on: 'yes' },
    'on: must be true or false, not text',
  ],
  ['null for text', z.object({ name: z.string() }), { name: null }, 'name: must be text, not null'],
  [
    'a fraction for a whole number',
    z.object({ n: z.int() }),
    { n: 1.5 },
    'n: must be a whole number, not 1.5',
  ],
  [
    'an unknown field',
    z.strictObject({ a: z.string() }),
    { a: 'x', forr: 1 },
    '(value): unknown field "forr"',
  ],
  ['unknown fields', z.strictObject({}), { b: 1, c: 2 }, '(value): unknown fields "b", "c"'],
  [
    'too long a text',
    z.object({ o: z.string().max(200) }),
    { o: 'o'.repeat(201) },
    'o: must be at most 200 characters long',
  ],
  [
    'too short a text',
    z.object({ o: z.string().min(3) }),
    { o: 'ab' },
    'o: must be at least 3 characters long',
  ],
  ['an empty text', z.object({ o: z.string().min(1) }), { o: '' }, 'o: must not be empty'],
  ['an empty list', z.object({ l: z.array(z.string()).min(1) }), { l: [] }, 'l: must not be empty'],
  [
    'too many items',
    z.object({ l: z.array(z.int()).max(2) }),
    { l: [1, 2, 3] },
    'l: must have at most 2 items',
  ],
  [
    'a large number, grouped',
    z.object({ id: z.int().max(9_007_199_254_740_991) }),
    { id: 2 ** 60 },
    'id: must be at most 9,007,199,254,740,991',
  ],
  ['a number not above', z.object({ n: z.number().positive() }), { n: 0 }, 'n: must be more than 0'],
  ['a number not below', z.object({ n: z.number().lt(10) }), { n: 10 }, 'n: must be less than 10'],
  ['a number below its floor', z.object({ n: z.number().min(1) }), { n: 0 }, 'n: must be at least 1'],
  [
    'an unknown option',
    z.object({ op: z.enum(['authorise', 'capture']) }),
    { op: 'authorize' },
    'op: must be one of "authorise", "capture"',
  ],
  [
    'an option left out (it read as a wrong value written)',
    z.object({ op: z.enum(['authorise', 'capture']) }),
    {},
    'op: missing; expected one of "authorise", "capture"',
  ],
  ['a wrong literal', z.object({ v: z.literal(1) }), { v: 2 }, 'v: must be 1'],
  ['an unknown kind of step', step, { step: 'chekout' }, 'step: must be one of "checkout", "operation"'],
  ['a step without its kind', step, {}, 'step: missing; expected one of "checkout", "operation"'],
  [
    'no shape of a union',
    z.object({ u: z.union([z.string(), z.number()]) }),
    { u: true },
    'u: is none of the kinds of value this field accepts',
  ],
  ['an e-mail', z.object({ e: z.email() }), { e: 'a' }, 'e: must be an e-mail address'],
  ['a URL', z.object({ u: z.url() }), { u: 'nope' }, 'u: must be a URL'],
  ['a pattern', z.object({ p: z.string().regex(/^a+$/) }), { p: 'b' }, 'p: must match /^a+$/'],
  [
    'a date and time',
    z.object({ at: z.iso.datetime() }),
    { at: 'x' },
    'at: must be a date and time in ISO 8601 form (2026-01-31T09:30:00Z)',
  ],
  ['a multiple', z.object({ n: z.number().multipleOf(5) }), { n: 7 }, 'n: must be a multiple of 5'],
];

describe("zod's own checks in the console's words", () => {
  it.each(CASES)('%s', (_name, schema, value, message) => {
    expect(messagesOf(schema, value)).toContain(message);
  });

  it("leaves a schema's own message as the schema words it", () => {
    expect(
      messagesOf(z.object({ days: z.int({ error: 'must be a whole number of days' }) }), { days: 1.5 }),
    ).toEqual(['days: must be a whole number of days']);
  });

  it('never answers in zod’s words for any code it is given', () => {
    const raw = { code: 'some_future_code', input: 1, path: [] } as unknown as z.core.$ZodRawIssue;
    expect(consoleZodMessage(raw)).toBe('is not valid');
  });
});

describe('each process installs the words at its entry', () => {
  it('the CLI, in its own process, words a broken scenario file in them', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zod-words-'));
    try {
      writeFileSync(join(dir, 'broken.yaml'), 'name: broken\nsteps: 3\n');
      const root = join(import.meta.dirname, '..', '..');
      const run = spawnSync(
        process.execPath,
        [SOURCE_CLI, '--data-dir', join(dir, 'data'), 'test', join(dir, 'broken.yaml')],
        { cwd: root, encoding: 'utf8', env: { ...process.env, CHECKOUT_CONSOLE_KEYCHAIN: 'off' } },
      );
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/broken\.yaml:2:8: steps: must be a list, not 3\n/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
