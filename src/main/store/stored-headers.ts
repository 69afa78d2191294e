import type { HeaderList } from '../../shared/events';

/**
 * A header list as the events table stores it (JSON `[name, value][]`), read back for views,
 * exports and replays. A stored value never breaks a reader: text that is not such a list
 * reads as no headers, and only well-formed pairs are kept.
 */
export function readStoredHeaders(json: string): HeaderList {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  return Array.isArray(parsed)
    ? parsed.filter(
        (pair): pair is [string, string] =>
          Array.isArray(pair) &&
          pair.length === 2 &&
          typeof pair[0] === 'string' &&
          typeof pair[1] === 'string',
      )
    : [];
}
