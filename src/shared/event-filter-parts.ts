import type { EventFilter } from './event-filter';

/** A narrowing field of a filter (`time` stands for from and to together). */
export type FilterPartField =
  | 'kinds'
  | 'profileId'
  | 'orderId'
  | 'eventType'
  | 'tokenVerdicts'
  | 'bodyVerdicts'
  | 'statuses'
  | 'text'
  | 'relatedId'
  | 'ids'
  | 'imported'
  | 'scenarioRun'
  | 'time';

export interface FilterPart {
  field: FilterPartField;
  /** Its value in words, as a view or a flag names it. */
  words: string;
  /** The filter of this part alone. */
  filter: EventFilter;
}

/**
 * How a time bound of a filter is said: `from …`, `before …`. The instant is written by
 * `writeInstant`: the window writes it in its own zone, as its rows are (instant-format.ts), where
 * the raw URL text `2026-11-29T21:00:00Z` read as another time beside them; the CLI keeps the
 * UTC instant it prints and is typed.
 */
export function timeBoundWords(
  bound: 'from' | 'to',
  iso: string,
  writeInstant: (iso: string) => string = (same) => same,
): string {
  return `${bound === 'from' ? 'from' : 'before'} ${writeInstant(iso)}`;
}

const list = (values: readonly (string | number)[] | undefined) =>
  values === undefined || values.length === 0 ? null : values.join(', ');

/**
 * The filter's narrowing fields one by one, each as a filter of its own. Fields combine with
 * AND, so a list can be empty under two filters that each match records: counting each part
 * alone is how a view says why ("Kind delivery alone: 12; Verdict expired alone: 3"), where
 * "nothing matches" alone left the person to take the filters apart by hand.
 */
export function filterParts(filter: EventFilter, writeInstant?: (iso: string) => string): FilterPart[] {
  const parts: FilterPart[] = [];
  const add = (field: FilterPartField, words: string | null, alone: EventFilter) => {
    if (words !== null) parts.push({ field, words, filter: alone });
  };
  add('kinds', list(filter.kinds), { kinds: filter.kinds ?? [] });
  if (filter.profileId !== undefined)
    add('profileId', String(filter.profileId), { profileId: filter.profileId });
  // The profile part, by a name no profile may have now: a view or flag names it as the profile.
  if (filter.profileName !== undefined)
    add('profileId', filter.profileName, { profileName: filter.profileName });
  if (filter.orderId !== undefined) add('orderId', filter.orderId, { orderId: filter.orderId });
  if (filter.eventType !== undefined) add('eventType', filter.eventType, { eventType: filter.eventType });
  add('tokenVerdicts', list(filter.tokenVerdicts), { tokenVerdicts: filter.tokenVerdicts ?? [] });
  add('bodyVerdicts', list(filter.bodyVerdicts), { bodyVerdicts: filter.bodyVerdicts ?? [] });
  add('statuses', list(filter.statuses), { statuses: filter.statuses ?? [] });
  if (filter.text !== undefined && filter.text.trim() !== '')
    add('text', JSON.stringify(filter.text), { text: filter.text });
  if (filter.from !== undefined || filter.to !== undefined)
    add(
      'time',
      [
        filter.from === undefined ? null : timeBoundWords('from', filter.from, writeInstant),
        filter.to === undefined ? null : timeBoundWords('to', filter.to, writeInstant),
      ]
        .filter((word) => word !== null)
        .join(' '),
      {
        ...(filter.from === undefined ? {} : { from: filter.from }),
        ...(filter.to === undefined ? {} : { to: filter.to }),
      },
    );
  if (filter.relatedId !== undefined)
    add('relatedId', `#${filter.relatedId}`, { relatedId: filter.relatedId });
  if (filter.ids !== undefined) add('ids', `${filter.ids.length} chosen records`, { ids: filter.ids });
  if (filter.scenarioRun !== undefined)
    add('scenarioRun', `#${filter.scenarioRun}`, { scenarioRun: filter.scenarioRun });
  if (filter.imported !== undefined)
    add('imported', filter.imported ? 'imported only' : 'not imported', { imported: filter.imported });
  return parts;
}
