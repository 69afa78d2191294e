import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { unknownFieldIssues } from '../../src/main/bridge/unknown-fields';

// Objects and lists are found under the same wrappers (one unwrap): a list or record under
// z.lazy was not looked into, so a field its objects did not know passed without a word.
describe('unknown fields under wrappers', () => {
  const item = z.object({ amount: z.number() });
  const list = [{ amount: 1, bogus: 2 }];
  const record = { a: { amount: 1, bogus: 2 } };
  const cases: [string, z.ZodType, unknown][] = [
    ['optional list', z.array(item).optional(), list],
    ['defaulted list', z.array(item).default([]), list],
    ['piped list', z.array(item).pipe(z.array(item)), list],
    ['lazy list', z.lazy(() => z.array(item)), list],
    ['lazy record', z.lazy(() => z.record(z.string(), item)), record],
  ];

  it.each(cases)('a %s has its objects checked', (_name, schema, items) => {
    expect(unknownFieldIssues(z.object({ items: schema }), { items })).toEqual([
      { path: expect.any(String), message: 'unknown field "bogus"' },
    ]);
  });
});
