import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { filterFromParams, filterToParams } from '@shared/event-filter-params';
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
  const [count, setCount] = useState<number | null>(null);
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
      .count(filter)
      .then((value) => current && setCount(value))
      .catch(() => current && setCount(null));
    return () => {
      current = false;
    };
  }, [filter, version, resumed]);

  return (
    <Stack gap="md">
      <Title order={3}>History</Title>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <TimelineFilters filter={filter} onChange={setFilter} />
          {problems.length > 0 && <Alert color="orange">{problems.join(' ')}</Alert>}
          <Group>
            <Text size="sm" data-testid="history-count">
              {count === null
                ? 'Counting…'
                : `${count.toLocaleString()} matching ${count === 1 ? 'record' : 'records'}`}
            </Text>
          </Group>
          <HistoryResults key={`${version}-${resumed}`} filter={filter} />
        </Stack>
      </Paper>
      <HistoryExport filter={filter} count={count} onChanged={changed} />
      <HistoryRetention onChanged={changed} />
    </Stack>
  );
}
