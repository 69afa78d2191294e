import { formatCount } from '@shared/count-format';
import type { FilterPart, FilterPartField } from '@shared/event-filter-parts';
import { noRunHereSentence } from '@shared/scenarios/run-number';

/** Each part as the filter bar labels it. */
const LABELS: Record<FilterPartField, string> = {
  kinds: 'Kind',
  profileId: 'Profile',
  orderId: 'Order id',
  eventType: 'Event type',
  tokenVerdicts: 'Verdict',
  bodyVerdicts: 'Verdict',
  statuses: 'Status',
  text: 'Search',
  relatedId: 'Related to',
  ids: 'Chosen',
  imported: 'Imported',
  scenarioRun: 'Scenario run',
  time: 'Time',
};

/** What the view knows beside the counts, to say each part as the filter bar says it. */
export interface FiltersAloneContext {
  /** Whether the filtered run is stored (useRunExists): null while unknown. */
  runExists: boolean | null;
  /** A profile's name by id, as the filter bar's select shows it; null for an id no profile has. */
  profileName: (id: number) => string | null;
}

/**
 * Each part of an empty list's filter and how many records it matches alone, joined as the line
 * under the list says them. A run the data directory does not hold is said as its pill says it
 * (run-number.ts), not counted: "Scenario run #999 0" read as a stored run that wrote nothing.
 * A profile is named as the bar names it, not by an id the person never sees.
 */
export function filtersAloneWords(
  parts: readonly FilterPart[],
  counts: readonly number[],
  context: FiltersAloneContext,
): string {
  return parts
    .map((part, index) => {
      const { filter } = part;
      if (part.field === 'scenarioRun' && filter.scenarioRun !== undefined && context.runExists === false)
        return noRunHereSentence(filter.scenarioRun);
      const words =
        part.field === 'profileId' && filter.profileId !== undefined
          ? (context.profileName(filter.profileId) ?? `#${filter.profileId}`)
          : part.words;
      return `${LABELS[part.field]} ${words} ${formatCount(counts[index] ?? 0)}`;
    })
    .join(' · ');
}
