import type { z } from 'zod';
import { isPlainObject, ownValue } from './findings';

/** How many items one schema parse judges; ~3 issues each keeps every merge far from the stack's limit. */
export const ITEMS_PER_PARSE = 1000;

/**
 * The schema's issues for a request, its items judged a slice at a time. Where code cannot be
 * generated from strings (the builder's worker, whose CSP has no 'unsafe-eval'), zod parses
 * without its compiled fast path and merges a field's issues into its object's with
 * push(...issues): ~150,000 issues under `items` overflowed the stack there, and the builder said
 * "could not be inspected" where the CLI listed them. The root's own fields are judged with the
 * first slice only (no root rule reads the items), so each issue is found once.
 */
export function schemaIssuesInSlices(schema: z.ZodType, judged: unknown): z.core.$ZodIssue[] {
  const items = ownValue(judged, 'items');
  if (!isPlainObject(judged) || !Array.isArray(items) || items.length <= ITEMS_PER_PARSE)
    return issuesOf(schema, judged);
  const issues: z.core.$ZodIssue[] = [];
  for (let start = 0; start < items.length; start += ITEMS_PER_PARSE) {
    const slice = { ...judged, items: items.slice(start, start + ITEMS_PER_PARSE) };
    for (const issue of issuesOf(schema, slice)) {
      const [first, index, ...rest] = issue.path;
      if (first === 'items' && typeof index === 'number')
        issues.push({ ...issue, path: ['items', index + start, ...rest] });
      else if (start === 0) issues.push(issue);
    }
  }
  return issues;
}

function issuesOf(schema: z.ZodType, value: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(value, { reportInput: false });
  return result.success ? [] : result.error.issues;
}
