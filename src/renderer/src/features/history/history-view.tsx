import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatCount } from '@shared/count-format';
import { countOf } from '@shared/count-words';
import { toFtsQuery, type EventFilter } from '@shared/event-filter';
import { filterFromParams, filterToParams } from '@shared/event-filter-params';
import { errorMessage } from '@bridge/bridge-error';
import { useResumed } from '@ui/app-store';
import { useNavigation } from '@ui/navigation';
import { TimelineFilters, useRunExists, type FilterUpdate } from '@features/timeline';
import { HistoryExport } from './history-export';
import { HistoryResults } from './history-results';
import { HistoryRetention } from './history-retention';
import { useHistoryStore } from './history-store';
import { usePanelsAfterRows } from './use-panels-after-rows';

/**
 * Everything stored: search it with the timeline's filters (the URL keeps them), export what
 * matches (HAR, JSON, NDJSON), import files back, and decide how long records are kept.
 */
export function HistoryView() {
  const { search, replaceParams } = useNavigation(
    useShallow((state) => ({ search: state.query, replaceParams: state.replaceParams })),
  );
  const { filter, problems } = useMemo(() => filterFromParams(search), [search]);
  const filterKey = JSON.stringify(filter);
  // `history --run 5` refuses a run that is not stored; Export of its 0 records is not offered.
  const runMissing = useRunExists(filter.scenarioRun) === false;
  // The count belongs to the filter it was asked for: while a new search runs, the last one's
  // count read as this one's, and Export offered that many records of another filter.
  const [counted, setCounted] = useState<{ key: string; count: number | null; error: string | null }>({
    key: '',
    count: null,
    error: null,
  });
  // A search of no searchable word is refused (the note above the results says why): no count of
  // nothing is shown under it.
  const nothingToSearch = filter.text !== undefined && toFtsQuery(filter.text) === null;
  const counting = counted.key !== filterKey;
  const count = counting ? null : counted.count;
  // Bumped after an import or a retention run: the count and the results are asked again.
  const [version, setVersion] = useState(0);
  const resumed = useResumed();
  const changed = useCallback(() => setVersion((value) => value + 1), []);
  // Export and Retention come a frame after the first rows are painted (use-panels-after-rows.ts).
  const { panelsShown, rowsPainted } = usePanelsAfterRows();
  const setFilter = useCallback(
    (update: FilterUpdate) => {
      const current = filterFromParams(useNavigation.getState().query).filter;
      replaceParams(filterToParams(update(current)));
    },
    [replaceParams],
  );
  // Records arrive while the view is open (the listener, another process, an import): the count
  // and Export's label follow them (history-store.ts counts the arrivals, at most once a second);
  // before, they stayed at what matched when the search ran, and Export then wrote more records
  // than its label said.
  const arrivals = useHistoryStore((state) => state.arrivals);
  // Records removed (a retention here, in a terminal, another console): the count, Export's
  // label and the rows are asked again, as after a retention run in this view; they said 1,002
  // beside a retention line keeping 902, and rows linked to records that were gone.
  const removals = useHistoryStore((state) => state.removals);
  // What the results list showed when it was loaded: when the count moves past it, the list says so.
  const [listed, setListed] = useState<{ key: string; version: string; count: number } | null>(null);
  const listVersion = `${version}-${resumed}-${removals}`;
  const newSinceListed =
    listed !== null && listed.key === filterKey && listed.version === listVersion && count !== null
      ? count - listed.count
      : 0;
  useEffect(() => {
    let current = true;
    useHistoryStore
      .getState()
      .count(JSON.parse(filterKey) as EventFilter)
      .then((value) => {
        if (!current) return;
        setCounted({ key: filterKey, count: value, error: null });
        setListed((before) =>
          before !== null && before.key === filterKey && before.version === listVersion
            ? before
            : { key: filterKey, version: listVersion, count: value },
        );
      })
      .catch(
        (error: unknown) =>
          current && setCounted({ key: filterKey, count: null, error: errorMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, [filterKey, listVersion, arrivals]);

  return (
    <Stack gap="md">
      <Title order={3}>History</Title>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="xs">
          <TimelineFilters filter={filter} onChange={setFilter} searchName="Search the history" />
          {problems.length > 0 && <Alert color="orange">{problems.join(' ')}</Alert>}
          <Group>
            <Text size="sm" data-testid="history-count">
              {nothingToSearch
                ? 'Not counted: nothing in the search can be searched.'
                : counting
                  ? 'Counting…'
                  : count === null
                    ? `Could not count: ${counted.error ?? 'no answer'}`
                    : `${countOf(count, 'matching record', 'matching records')}`}
            </Text>
          </Group>
          {newSinceListed > 0 && (
            <Alert color="blue" data-testid="history-new-records">
              <Group justify="space-between">
                <Text size="sm">
                  {formatCount(newSinceListed)} more matching{' '}
                  {newSinceListed === 1 ? 'record has' : 'records have'} arrived since this list was loaded.
                </Text>
                <Button size="xs" variant="light" onClick={changed}>
                  Show them
                </Button>
              </Group>
            </Alert>
          )}
          <HistoryResults
            key={listVersion}
            filter={filter}
            arrivedSince={newSinceListed}
            onAnswered={rowsPainted}
          />
        </Stack>
      </Paper>
      {panelsShown && (
        <>
          <HistoryExport
            filter={filter}
            count={count}
            counting={counting}
            onChanged={changed}
            refused={runMissing}
          />
          <HistoryRetention onChanged={changed} />
        </>
      )}
    </Stack>
  );
}
