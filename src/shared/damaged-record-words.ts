import { damagedStoredWords } from './damaged-stored-words';
import type { DamagedField, TimelineSummary } from './events';
import { FINDINGS_UNREADABLE } from './jwt/token-verdict-meaning';

/**
 * How every reader (lists, a record's view, `history`, cURL, exports, orders) names the fields
 * of a stored row that could not be read (store/stored-columns.ts): one wording everywhere.
 */
const FIELD_WORDS: Record<DamagedField, string> = {
  at: 'time',
  details: 'details',
  requestHeaders: 'request headers',
  responseHeaders: 'response headers',
  bodyFindings: 'body findings',
  tokenFindings: 'token findings',
  uid: 'uid',
  kind: 'kind',
  profileId: 'profile id',
  profileName: 'profile name',
  method: 'method',
  url: 'URL',
  path: 'path',
  query: 'query',
  remoteAddress: 'remote address',
  requestBody: 'request body',
  requestSize: 'request size',
  requestTruncated: 'request cut mark',
  status: 'status',
  responseBody: 'response body',
  durationMs: 'duration',
  orderId: 'order id',
  orderReferenceId: 'order reference',
  eventType: 'event type',
  tokenVerdict: 'token verdict',
  bodyVerdict: 'body verdict',
  error: 'error',
  relatedId: 'related record',
  imported: 'imported mark',
  provenance: 'provenance',
  firstNamedOrderId: 'first named order id',
};

/** A record's `at` where its stored time is damaged (no instant), and how every view says it. */
export const UNREADABLE_AT = '';
export const TIME_UNREADABLE = 'time unreadable';

/** `Record #12's stored details and time are damaged in the database (…)`. */
export function damagedWords(id: number, fields: readonly DamagedField[]): string {
  return damagedPartsWords(
    `Record #${id}`,
    fields.map((field) => FIELD_WORDS[field]),
  );
}

/**
 * `<owner>'s stored paths and start time are damaged in the database (…)`: the sentence of
 * damaged-stored-words.ts for a stored record, run, scenario or step, which the console never
 * wrote so.
 */
export function damagedPartsWords(owner: string, names: readonly string[]): string {
  return `${damagedStoredWords(owner, names)} (not what the console writes)`;
}

/** A list's body findings as its chip counts them: unreadable where the stored count is damaged. */
export function bodyFindingsAsRead(
  summary: Pick<TimelineSummary, 'bodyFindings' | 'damaged'>,
): number | null | typeof FINDINGS_UNREADABLE {
  return summary.damaged?.includes('bodyFindings') === true ? FINDINGS_UNREADABLE : summary.bodyFindings;
}

/** A list's token findings as its chip reads them: unreadable where the stored list is damaged. */
export function tokenFindingsAsRead(
  summary: Pick<TimelineSummary, 'tokenFindings' | 'damaged'>,
): readonly string[] | null | typeof FINDINGS_UNREADABLE {
  return summary.damaged?.includes('tokenFindings') === true ? FINDINGS_UNREADABLE : summary.tokenFindings;
}
