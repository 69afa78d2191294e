import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { EventFilter } from '@shared/event-filter';
import { filterFromParams, filterToParams } from '@shared/event-filter-params';
import { errorMessage } from '@bridge/bridge-error';
import { useResumed } from '@ui/app-store';
import { useNavigation } from '@ui/navigation';
import { TimelineFilters, type FilterUpdate } from '@features/timeline';
import { HistoryExport } from './history-export';
import { HistoryResults } from './history-results';
import { HistoryRetention } from './history-retention';
import { useHistoryStore } from './history-store';

/**
 * Everything stored: search it with the timeline's filters (the URL keeps them), export what
 * matches (HAR, JSON, NDJSON), import files back, and decide how long records are kept.
 */
export function HistoryView() {
  const { params, replaceParams } = useNavigation(
    useShallow((state) => ({ params: state.params, replaceParams: state.replaceParams })),
  );
  const search = params.toString();
  const { filter, problems } = useMemo(() => filterFromParams(new URLSearchParams(search)), [search]);
  const filterKey = JSON.stringify(filter);
  // The count belongs to the filter it was asked for: while a new search runs, the last one's
  // count read as this one's, and Export offered that many records of another filter.
  const [counted, setCounted] = useState<{ key: string; count: number | null; error: string | null }>({
    key: '',
    count: null,
    error: null,
  });
  const counting = counted.key !== filterKey;
  const count = counting ? null : counted.count;
  // Bumped after an import or a retention run: the count and the results are asked again.
  const [version, setVersion] = useState(0);
  const resumed = useResumed();
  const changed = useCallback(() => setVersion((value) => value + 1), []);
  const setFilter = useCallback(
    (update: FilterUpdate) => {
      const current = filterFromParams(useNavigation.getState().params).filter;
      replaceParams(filterToParams(update(current)));
    },
    [replaceParams],
  );
  useEffect(() => {
    let current = true;
    useHistoryStore
      .getState()
      .count(JSON.parse(filterKey) as EventFilter)
      .then((value) => current && setCounted({ key: filterKey, count: value, error: null }))
      .catch(
        (error: unknown) =>
          current && setCounted({ key: filterKey, count: null, error: errorMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, [filterKey, version, resumed]);

  return (
    <Stack gap="md">
      <Title order={3}>History</Title>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <TimelineFilters filter={filter} onChange={setFilter} />
          {problems.length > 0 && <Alert color="orange">{problems.join(' ')}</Alert>}
          <Group>
            <Text size="sm" data-testid="history-count">
              {counting
                ? 'Counting…'
                : count === null
                  ? `Could not count: ${counted.error ?? 'no answer'}`
                  : `${count.toLocaleString()} matching ${count === 1 ? 'record' : 'records'}`}
            </Text>
          </Group>
          <HistoryResults key={`${version}-${resumed}`} filter={filter} />
        </Stack>
      </Paper>
      <HistoryExport filter={filter} count={count} counting={counting} onChanged={changed} />
      <HistoryRetention onChanged={changed} />
    </Stack>
  );
}
