/**
 * "1 record", "3 records", "0 warnings": a count with its noun, singular for exactly one. The
 * console's one way of saying a count in words (each module had its own `plural`).
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
