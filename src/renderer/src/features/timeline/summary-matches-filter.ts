import { sameNameNocase, toFtsQuery, type EventFilter, type StatusFilter } from '@shared/event-filter';
import type { TimelineSummary } from '@shared/events';

/**
 * Whether a pushed record belongs in the current view, decided in the window where that can
 * be done exactly. Every field of the filter mirrors its SQL in src/main/store/events-query.ts
 * (equality for order id and event type, `status / 100` for classes, `[from, to)` for time).
 *
 * A record is a profile's by the name it was stored under, not by its id (a renamed profile's
 * older records say the old name, an imported one carries no id of ours): the database
 * compares that name with the filtered profile's current name as SQLite's NOCASE does, and so
 * does this, given the profiles' names the window knows (`profileNameOf`).
 *
 * Three exceptions. Where the window does not know the filtered profile's name (the profiles
 * not loaded yet), a record with a name is `ask-main` under a profile filter. A webhook of
 * another order whose body has findings may name this order first in an order_id given twice,
 * which only its body says: `ask-main` under an order filter. Free text is the last: FTS5 tokenises ids, paths
 * and both bodies, and a summary carries no bodies, so no client-side guess would be right.
 * Such a record is `ask-main` too: the controller asks `listEvents` with the filter plus
 * `ids: [those ids]`, one call per batch of pushes, and shows exactly what the database
 * answers. That costs one small indexed query per animation frame only while a text filter is
 * active (or such a webhook arrives under an order filter), and a record is never shown (or
 * hidden) by an approximation.
 */
export type LocalMatch = 'match' | 'no-match' | 'ask-main';

function statusMatches(
  summary: Pick<TimelineSummary, 'status' | 'unanswered'>,
  wanted: StatusFilter,
): boolean {
  const { status } = summary;
  if (wanted === 'none') return status === null;
  if (wanted === 'unanswered') return summary.unanswered;
  if (typeof wanted === 'number') return status === wanted;
  return status !== null && Math.trunc(status / 100) === Number(wanted[0]);
}

function inList<T>(value: T | null, list: readonly T[] | undefined): boolean {
  return list === undefined || list.length === 0 || (value !== null && list.includes(value));
}

/** A profile's current name by id, or undefined where the window does not know it. */
export type ProfileNameOf = (profileId: number) => string | undefined;

export function matchSummary(
  summary: TimelineSummary,
  filter: EventFilter,
  profileNameOf: ProfileNameOf = () => undefined,
): LocalMatch {
  if (!inList(summary.kind, filter.kinds)) return 'no-match';
  let ask = false;
  if (filter.profileId !== undefined) {
    if (summary.profileName === null) {
      // Stored with no name: the database matches such a record by its id.
      if (summary.profileId !== filter.profileId) return 'no-match';
    } else {
      const current = profileNameOf(filter.profileId);
      if (current === undefined) ask = true;
      else if (!sameNameNocase(summary.profileName, current)) return 'no-match';
    }
  }
  if (
    filter.profileName !== undefined &&
    (summary.profileName === null || !sameNameNocase(summary.profileName, filter.profileName))
  )
    return 'no-match';
  if (filter.orderId !== undefined && summary.orderId !== filter.orderId) {
    // A webhook naming order_id twice is filed under the last and is a record of the first too
    // (events-query, migration 031); the summary has no body to read the first from, only that
    // its judgement has findings: such a webhook is the database's to answer.
    if (summary.kind !== 'webhook' || summary.bodyFindings === null || summary.bodyFindings === 0)
      return 'no-match';
    ask = true;
  }
  if (filter.eventType !== undefined && summary.eventType !== filter.eventType) return 'no-match';
  if (!inList(summary.tokenVerdict, filter.tokenVerdicts)) return 'no-match';
  if (!inList(summary.bodyVerdict, filter.bodyVerdicts)) return 'no-match';
  if (
    filter.statuses !== undefined &&
    filter.statuses.length > 0 &&
    !filter.statuses.some((wanted) => statusMatches(summary, wanted))
  )
    return 'no-match';
  if (filter.relatedId !== undefined && summary.relatedId !== filter.relatedId) return 'no-match';
  if (filter.ids !== undefined && !filter.ids.includes(summary.id)) return 'no-match';
  // A run's mark is in the record's details, which a summary does not carry.
  if (filter.scenarioRun !== undefined) ask = true;
  if (filter.imported !== undefined && summary.imported !== filter.imported) return 'no-match';
  const at = Date.parse(summary.at);
  if (filter.from !== undefined && !(at >= Date.parse(filter.from))) return 'no-match';
  if (filter.to !== undefined && !(at < Date.parse(filter.to))) return 'no-match';
  if (filter.text !== undefined && filter.text.trim() !== '') {
    // Only punctuation: the database matches nothing either (events-query adds `WHERE 0`).
    return toFtsQuery(filter.text) === null ? 'no-match' : 'ask-main';
  }
  return ask ? 'ask-main' : 'match';
}
