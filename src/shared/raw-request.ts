import type { TimelineSummary } from './events';

/**
 * A request the listener could not read as HTTP (Node could not parse it, or it stopped short)
 * is stored as a webhook with the bytes that arrived and no method or target (method null), and
 * nothing in it is judged. What it is, said once for every reader that cannot treat it as a
 * request: curl and replay have nothing to send again as it came.
 */
export const RAW_REQUEST_WORDS =
  'a raw request: the listener stored the bytes that arrived, not a method and a target it could read (Node could not parse them, or they stopped short)';

/**
 * Whether a stored record is such a request: a webhook with no request line and no verdict.
 * Nothing in it was judged, which every list says in these words, never as an empty verdict
 * (unparseable is never "no findings").
 */
export const isUnreadRequest = (
  record: Pick<TimelineSummary, 'kind' | 'method' | 'tokenVerdict' | 'bodyVerdict'>,
): boolean =>
  record.kind === 'webhook' &&
  record.method === null &&
  record.tokenVerdict === null &&
  record.bodyVerdict === null;

/** Why, in two words: where a request line would be, and after "not judged". */
export const NOT_HTTP = 'not HTTP';
/** Its token and body verdict on a list row (Timeline, History) and a CLI line (history, listen). */
export const NOT_JUDGED = `not judged (${NOT_HTTP})`;
/** The same, said in full: the detail, and the rows' tooltip. */
export const NOT_JUDGED_WHY =
  'Not judged: the listener could not read this request as HTTP, so neither its token nor its body was judged.';
