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

/**
 * A refusal's issues as the window says them in one line (a toast): a message that is a sentence
 * of its own, written by its schema to name what it refuses ("A draft is at most …"), is said
 * alone, as a person who typed no path reads it ("text: A draft …" reached a toast); a bare
 * "must be …" keeps the field it is about. The path stays in each issue, for a form to place it.
 */
export function bridgeIssuesWords(issues: readonly BridgeIssue[]): string {
  return issues
    .map((issue) =>
      issue.path === '' || /^[A-Z]/.test(issue.message) ? issue.message : `${issue.path}: ${issue.message}`,
    )
    .join('; ');
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
