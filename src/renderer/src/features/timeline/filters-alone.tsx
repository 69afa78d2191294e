import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatCount } from '@shared/count-format';
import type { EventFilter } from '@shared/event-filter';
import { filterParts, type FilterPartField } from '@shared/event-filter-parts';
import { formatDateTime } from '@ui/instant-format';

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

/**
 * Under an empty list, how many records each filter matches alone. Filters combine with AND,
 * and "No records match these filters" left the person to take them apart one by one to find
 * which emptied the list. Nothing is said for a single filter: it is its own answer.
 */
export function FiltersAlone({
  filter,
  count,
}: {
  filter: EventFilter;
  count: (filter: EventFilter) => Promise<number>;
}) {
  const key = JSON.stringify(filter);
  const [answer, setAnswer] = useState<{ key: string; counts: number[] } | null>(null);
  useEffect(() => {
    const parts = filterParts(JSON.parse(key) as EventFilter);
    if (parts.length < 2) return;
    let current = true;
    Promise.all(parts.map((part) => count(part.filter)))
      .then((counts) => current && setAnswer({ key, counts }))
      // The list's own answer stands; this is only why it is empty.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [key, count]);
  const parts = filterParts(filter, formatDateTime);
  if (parts.length < 2 || answer === null || answer.key !== key) return null;
  const alone = parts.map(
    (part, index) => `${LABELS[part.field]} ${part.words} ${formatCount(answer.counts[index] ?? 0)}`,
  );
  return (
    <Text size="sm" c="dimmed" data-testid="filters-alone">
      The filters match nothing together. Alone: {alone.join(' · ')}
    </Text>
  );
}
