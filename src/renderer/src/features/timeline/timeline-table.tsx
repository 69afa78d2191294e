import { Center, Checkbox, Group, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, type CSSProperties } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useRowVirtualizer } from './row-virtualizer';
import { isSelected } from './timeline-selection';
import { TimelineRow } from './timeline-row';
import { timelineActions, timelineController, useTimelineStore } from './timeline-store';
import classes from './timeline.module.css';

export const ROW_HEIGHT = 36;
/** Ask for the next older page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 40;

interface TimelineTableProps {
  openId: number | null;
  onOpen: (id: number) => void;
  /** True when a filter narrows the list (changes what "nothing here" says). */
  filtered: boolean;
}

function HeaderRow() {
  const allMatching = useTimelineStore((state) => state.selection.mode === 'all-matching');
  return (
    <div role="row" aria-rowindex={1} className={`${classes.row} ${classes.header}`}>
      <div role="columnheader">
        <Checkbox
          size="xs"
          aria-label="Select all matching records"
          checked={allMatching}
          onChange={() =>
            allMatching ? timelineActions.clearSelection() : void timelineActions.selectAllMatching()
          }
        />
      </div>
      <div role="columnheader">Time</div>
      <div role="columnheader">Id</div>
      <div role="columnheader">Kind</div>
      <div role="columnheader" className={classes.wideOnly}>
        Method
      </div>
      <div role="columnheader">Path</div>
      <div role="columnheader">Status</div>
      <div role="columnheader">Token</div>
      <div role="columnheader" className={classes.wideOnly}>
        Body
      </div>
      <div role="columnheader" className={classes.wideOnly}>
        Event
      </div>
      <div role="columnheader" className={classes.wideOnly}>
        Order
      </div>
    </div>
  );
}

/**
 * The records, virtualised: only the rows in view (plus a few) are in the DOM, whatever the
 * list holds; the next older page is fetched through the cursor as the end comes into view.
 */
export function TimelineTable({ openId, onOpen, filtered }: TimelineTableProps) {
  const { list, status, loadingOlder, selection, shift } = useTimelineStore(
    useShallow((state) => ({
      list: state.list,
      status: state.status,
      loadingOlder: state.loadingOlder,
      selection: state.selection,
      shift: state.shift,
    })),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const items = list.items;
  const hasMore = list.nextCursor !== null;
  const virtualizer = useRowVirtualizer({
    count: items.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    getItemKey: (index) => items[index]?.id ?? 'more',
  });
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? -1;

  useEffect(() => {
    if (hasMore && !loadingOlder && status === 'ready' && lastIndex >= items.length - PREFETCH_ROWS) {
      void timelineController.loadOlder();
    }
  }, [hasMore, loadingOlder, status, lastIndex, items.length]);

  // Rows added or removed above what the person is reading keep it in place; at the very top
  // the list stays live and new records simply appear.
  const appliedShift = useRef(0);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (shift === null || element === null || shift.seq === appliedShift.current) return;
    appliedShift.current = shift.seq;
    const firstVisible = Math.floor(element.scrollTop / ROW_HEIGHT);
    if (element.scrollTop > 0 && shift.at <= firstVisible) element.scrollTop += shift.rows * ROW_HEIGHT;
  }, [shift]);

  const onToggle = useCallback((id: number, range: boolean) => {
    if (range) timelineActions.selectRangeTo(id);
    else timelineActions.toggle(id);
  }, []);
  const locked = selection.mode === 'all-matching';

  return (
    <div
      role="table"
      aria-label="Timeline records"
      aria-rowcount={hasMore ? -1 : items.length + 1}
      aria-busy={status === 'loading' || loadingOlder}
      style={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 }}
    >
      <HeaderRow />
      <div ref={scrollRef} className={classes.scroller} data-testid="timeline-scroller">
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {virtualRows.map((row) => {
            const summary = items[row.index];
            const style = {
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: ROW_HEIGHT,
              transform: `translateY(${row.start}px)`,
            } satisfies CSSProperties;
            if (summary === undefined) {
              return (
                <Group
                  key={row.key}
                  style={style}
                  justify="center"
                  gap="xs"
                  data-testid="timeline-loading-older"
                >
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    Loading older records…
                  </Text>
                </Group>
              );
            }
            return (
              <TimelineRow
                key={row.key}
                summary={summary}
                index={row.index}
                selected={isSelected(selection, summary.id)}
                selectionLocked={locked}
                open={summary.id === openId}
                start={row.start}
                height={ROW_HEIGHT}
                onOpen={onOpen}
                onToggle={onToggle}
              />
            );
          })}
        </div>
        {status === 'loading' && items.length === 0 && (
          <Center p="xl">
            <Loader size="sm" />
          </Center>
        )}
        {status === 'ready' && items.length === 0 && (
          <Center p="xl">
            <Text c="dimmed" data-testid="timeline-empty">
              {filtered
                ? 'No records match these filters.'
                : 'Nothing yet: webhooks, requests, deliveries, forwards and replays appear here as they happen.'}
            </Text>
          </Center>
        )}
      </div>
    </div>
  );
}
