import { z } from 'zod';
import { formatJsonPath } from './json-path';

/**
 * What went wrong, in the words the error carries: its message, or the thrown value as text
 * (a library may throw a string). Every message the console builds around an error uses this.
 * A schema's refusal is said as its fields and their messages ("profiles[1].name: A profile
 * name has at most 64 characters"): its own message is zod's issues as JSON, which once
 * reached a toast and "The console could not start".
 */
export function errorWords(error: unknown): string {
  if (error instanceof z.ZodError)
    return error.issues
      .map((issue) =>
        issue.path.length === 0 ? issue.message : `${formatJsonPath(issue.path)}: ${issue.message}`,
      )
      .join('; ');
  return error instanceof Error ? error.message : String(error);
}
