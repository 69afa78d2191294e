import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { EventFilter } from '@shared/event-filter';
import { filterParts } from '@shared/event-filter-parts';
import { formatDateTime } from '@ui/instant-format';
import { useProfilesStore } from '@features/profiles';
import { filtersAloneWords } from './filters-alone-words';
import { useRunExists } from './use-run-exists';

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
  const runExists = useRunExists(filter.scenarioRun);
  const profiles = useProfilesStore((state) => state.profiles);
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
  const alone = filtersAloneWords(parts, answer.counts, {
    runExists,
    profileName: (id) => profiles.find((profile) => profile.id === id)?.name ?? null,
  });
  return (
    <Text size="sm" c="dimmed" data-testid="filters-alone">
      The filters match nothing together. Alone: {alone}
    </Text>
  );
}
