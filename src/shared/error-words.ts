/**
 * What went wrong, in the words the error carries: its message, or the thrown value as text
 * (a library may throw a string). Every message the console builds around an error uses this.
 */
export function errorWords(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
