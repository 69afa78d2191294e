import { formatCount } from './count-format';

/**
 * "1 record", "3 records", "19,352 records": a count with its noun, singular for exactly one. The
 * console's one way of saying a count in words (each module had its own `plural`); the count is
 * grouped as every message writes one (formatCount), so the CLI's "would remove 19,352 records"
 * and the History view's words beside it agree.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
