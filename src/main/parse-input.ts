import type { z } from 'zod';
import type { BridgeIssue } from '../shared/contract';
import { formatJsonPath } from '../shared/json-path';
import { ConsoleError } from './console-error';

export function zodIssuesToBridgeIssues(
  error: z.ZodError,
  prefix: readonly PropertyKey[] = [],
): BridgeIssue[] {
  return error.issues.map((issue) => ({
    path: formatJsonPath([...prefix, ...issue.path]),
    message: issue.message,
  }));
}

/** Parses input at a boundary; a failure becomes a ConsoleError that names every bad field. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: readonly PropertyKey[] = [],
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issues = zodIssuesToBridgeIssues(result.error, prefix);
  const message = issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  throw new ConsoleError('invalid_input', message, issues);
}
