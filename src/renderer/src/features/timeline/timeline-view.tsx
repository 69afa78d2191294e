import { Alert } from '@mantine/core';
import { useCallback, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { isEmptyFilter, toFtsQuery } from '@shared/event-filter';
import { useNavigation } from '@ui/navigation';
import { EventDetail } from './detail/event-detail';
import { OrderLifecyclePanel } from './order-lifecycle-panel';
import { TimelineFilters, type FilterUpdate } from './timeline-filters';
import { timelineController } from './timeline-store';
import { TimelineTable } from './timeline-table';
import { SelectionBar, TimelineToolbar } from './timeline-toolbar';
import { readTimelineLocation, timelineParams } from './timeline-url';
import { useLiveTimeline } from './use-live-timeline';
import classes from './timeline.module.css';

/**
 * Every exchange as it happens, newest first: webhooks, requests, deliveries, forwards and
 * replays. The filter and the open record live in the URL (`#/timeline?kind=webhook&id=42`).
 */
export function TimelineView() {
  const { search, navigate, replaceParams } = useNavigation(
    useShallow((state) => ({
      search: state.query,
      navigate: state.navigate,
      replaceParams: state.replaceParams,
    })),
  );
  const location = useMemo(() => readTimelineLocation(search), [search]);
  const { filter, openId, problems } = location;
  useLiveTimeline(filter);
  // A record opened by a link (History's rows) may be far below the loaded pages: the list is
  // loaded around it, and the table scrolls to its row (after the filter's first page, above).
  useEffect(() => {
    if (openId !== null) void timelineController.showRecord(openId);
  }, [openId]);

  // Filters are typed, so they replace the URL; opening a record is a step Back can undo.
  const setFilter = useCallback(
    (update: FilterUpdate) => {
      const current = readTimelineLocation(useNavigation.getState().query);
      replaceParams(timelineParams(update(current.filter), current.openId));
    },
    [replaceParams],
  );
  const open = useCallback(
    (id: number) => navigate('timeline', timelineParams(filter, id)),
    [navigate, filter],
  );
  const close = useCallback(() => navigate('timeline', timelineParams(filter, null)), [navigate, filter]);

  return (
    <div className={classes.view} data-testid="timeline-view">
      <TimelineToolbar />
      <TimelineFilters filter={filter} onChange={setFilter} />
      {problems.length > 0 && (
        <Alert
          color="orange"
          p="xs"
          title="Some of the link's filters were ignored"
          data-testid="filter-problems"
        >
          {problems.join(' ')}
        </Alert>
      )}
      {filter.orderId !== undefined && filter.orderId !== '' && (
        <OrderLifecyclePanel orderId={filter.orderId} onOpen={open} />
      )}
      <SelectionBar />
      <div className={classes.split}>
        <div className={classes.listPane}>
          <TimelineTable
            openId={openId}
            onOpen={open}
            filtered={!isEmptyFilter(filter)}
            nothingToSearch={filter.text !== undefined && toFtsQuery(filter.text) === null}
          />
        </div>
        {openId !== null && (
          <div className={classes.detailPane}>
            <EventDetail id={openId} filter={filter} onClose={close} />
          </div>
        )}
      </div>
    </div>
  );
}
