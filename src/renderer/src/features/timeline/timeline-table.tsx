import { Anchor, Center, Checkbox, Group, Loader, Stack, Text } from '@mantine/core';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { TimelineSummary } from '@shared/events';
import { FiltersAlone } from './filters-alone';
import { ROW_HEIGHT, rowLayoutFor } from './row-layout';
import { useRowVirtualizer } from './row-virtualizer';
import { isSelected } from './timeline-selection';
import { TimelinePartRow, TimelineRow } from './timeline-row';
import { rowGroupsOf, type TimelineRowGroup } from './timeline-rows';
import { timelineActions, timelineController, useTimelineStore } from './timeline-store';
import { arrivedSinceEmptyWords } from './toolbar-counts';
import { useInnerWidth } from './use-inner-width';
import classes from './timeline.module.css';

/** Ask for the next older page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 40;

interface TimelineTableProps {
  openId: number | null;
  onOpen: (id: number) => void;
  /** True when a filter narrows the list (changes what "nothing here" says). */
  filtered: boolean;
  /** The search has no word the index can match: the filters say so, and "no records match" would not. */
  nothingToSearch?: boolean;
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
      <div role="columnheader" aria-label="Parts" />
      {['Time', 'Id', 'Kind', 'Event or operation', 'Status', 'Verdicts', 'Order'].map((label) => (
        // Cut rather than run into the next label, should a font be wider than the column allows.
        <div key={label} role="columnheader" className={classes.cell}>
          {label}
        </div>
      ))}
    </div>
  );
}

/** A row of the list as drawn: a happening, or (when it is expanded) one of its parts. */
interface DisplayRow {
  key: string;
  group: TimelineRowGroup;
  part: TimelineSummary | null;
}

function displayRows(groups: readonly TimelineRowGroup[], expanded: ReadonlySet<number>): DisplayRow[] {
  const rows: DisplayRow[] = [];
  for (const group of groups) {
    rows.push({ key: `r${group.primary.id}`, group, part: null });
    if (group.parts.length > 1 && expanded.has(group.primary.id))
      for (const part of group.parts) rows.push({ key: `p${part.id}`, group, part });
  }
  return rows;
}

/**
 * The records, virtualised: only the rows in view (plus a few) are in the DOM, whatever the
 * list holds; the next older page is fetched through the cursor as the end comes into view.
 */
export function TimelineTable({ openId, onOpen, filtered, nothingToSearch = false }: TimelineTableProps) {
  const { list, status, loadingOlder, loadingNewer, selection, shift, filter, unread } = useTimelineStore(
    useShallow((state) => ({
      filter: state.filter,
      unread: state.unread,
      list: state.list,
      status: state.status,
      loadingOlder: state.loadingOlder,
      loadingNewer: state.loadingNewer,
      selection: state.selection,
      shift: state.shift,
    })),
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const items = list.items;
  const hasMore = list.nextCursor !== null;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const groups = rowGroupsOf(items);
  const rows = useMemo(() => displayRows(groups, expanded), [groups, expanded]);
  // Opening a record narrows the list (the detail pane takes its place beside it).
  const layout = rowLayoutFor(useInnerWidth(scrollRef, openId !== null));
  const rowHeight = ROW_HEIGHT[layout];
  const virtualizer = useRowVirtualizer({
    count: rows.length + (hasMore ? 1 : 0),
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 10,
    getItemKey: (index) => rows[index]?.key ?? 'more',
  });
  // A change of layout (the list resized, a record opened or closed) changes every row's height.
  useLayoutEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);
  const virtualRows = virtualizer.getVirtualItems();
  const lastIndex = virtualRows.at(-1)?.index ?? -1;
  const firstIndex = virtualRows[0]?.index ?? 0;
  const trimmedNewer = list.trimmedNewer;

  useEffect(() => {
    if (hasMore && !loadingOlder && status === 'ready' && lastIndex >= rows.length - PREFETCH_ROWS) {
      void timelineController.loadOlder();
    }
  }, [hasMore, loadingOlder, status, lastIndex, rows.length]);
  // Scrolled deep, the newest rows were dropped; back near the top they are loaded again.
  useEffect(() => {
    if (trimmedNewer && !loadingNewer && status === 'ready' && firstIndex < PREFETCH_ROWS)
      void timelineController.loadNewer();
  }, [trimmedNewer, loadingNewer, status, firstIndex]);

  // Rows added, joined or removed above what the person is reading keep it in place: the row
  // that was first in view stays first. At the very top the list stays live, unless its top is
  // not the newest (trimmed): the newer page loaded above it then keeps the reader in place too.
  const shownKeys = useRef<readonly string[]>([]);
  const wasTrimmed = useRef(false);
  useLayoutEffect(() => {
    const element = scrollRef.current;
    const before = shownKeys.current;
    const trimmedBefore = wasTrimmed.current;
    shownKeys.current = rows.map((row) => row.key);
    wasTrimmed.current = trimmedNewer;
    if (element === null || (element.scrollTop === 0 && !trimmedBefore)) return;
    const firstVisible = Math.floor(element.scrollTop / rowHeight);
    const key = before[firstVisible];
    if (key === undefined) return;
    const now = shownKeys.current.indexOf(key);
    if (now !== -1 && now !== firstVisible) element.scrollTop += (now - firstVisible) * rowHeight;
    // Only a change of rows moves the scroll position, never a change of height alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows, shift]);

  // The open record's row is brought into view once each time a record is opened: by a link, it
  // may be far from where the list was (a click opens a row already in view, which stays put).
  const revealed = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (openId === null || revealed.current === openId) {
      revealed.current = openId;
      return;
    }
    const index = rows.findIndex(
      (row) => row.part === null && row.group.parts.some((part) => part.id === openId),
    );
    if (index === -1) return;
    revealed.current = openId;
    virtualizer.scrollToIndex(index, { align: 'auto' });
  }, [openId, rows, virtualizer]);

  const onToggle = useCallback((ids: readonly number[], range: boolean) => {
    if (range) timelineActions.selectRangeTo(ids);
    else timelineActions.toggle(ids);
  }, []);
  const onExpand = useCallback((id: number) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  const locked = selection.mode === 'all-matching';

  return (
    <div
      role="table"
      aria-label="Timeline records"
      aria-rowcount={hasMore ? -1 : rows.length + 1}
      aria-busy={status === 'loading' || loadingOlder}
      data-layout={layout}
      className={`${classes.table} ${layout === 'compact' ? classes.compact : ''}`}
    >
      <div ref={headerRef} className={classes.headerClip}>
        <HeaderRow />
      </div>
      <div
        ref={scrollRef}
        className={classes.scroller}
        data-testid="timeline-scroller"
        // A list narrower than the compact row scrolls sideways; the header is moved with it.
        onScroll={(event) => {
          if (headerRef.current !== null) headerRef.current.scrollLeft = event.currentTarget.scrollLeft;
        }}
      >
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {virtualRows.map((row) => {
            const shown = rows[row.index];
            const style = {
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              height: rowHeight,
              transform: `translateY(${row.start}px)`,
            } satisfies CSSProperties;
            if (shown === undefined) {
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
            if (shown.part !== null) {
              return (
                <TimelinePartRow
                  key={row.key}
                  part={shown.part}
                  index={row.index}
                  open={shown.part.id === openId}
                  start={row.start}
                  height={rowHeight}
                  onOpen={onOpen}
                />
              );
            }
            const { group } = shown;
            return (
              <TimelineRow
                key={row.key}
                group={group}
                index={row.index}
                selected={group.parts.every((part) => isSelected(selection, part.id))}
                selectionLocked={locked}
                open={group.primary.id === openId}
                expanded={expanded.has(group.primary.id)}
                start={row.start}
                height={rowHeight}
                onOpen={onOpen}
                onToggle={onToggle}
                onExpand={onExpand}
              />
            );
          })}
        </div>
        {status === 'loading' && items.length === 0 && (
          <Center p="xl">
            <Loader size="sm" />
          </Center>
        )}
        {status === 'ready' && rows.length === 0 && !nothingToSearch && (
          <Center p="xl">
            <Stack gap={4} align="center">
              <Text c="dimmed" data-testid="timeline-empty">
                {/* Paused, records arrive and are counted (the toolbar's "1 new"), not shown: the
                    list is empty of what was loaded, not of what is stored. */}
                {unread > 0 ? (
                  arrivedSinceEmptyWords(unread, filtered)
                ) : filtered ? (
                  'No records match these filters.'
                ) : (
                  // What to do for the first one, not only what will appear.
                  <>
                    Nothing yet: webhooks, requests, deliveries, forwards and replays appear here as they
                    happen. The first comes with a send from{' '}
                    <Anchor href="#/builder" inherit>
                      the Builder
                    </Anchor>
                    .
                  </>
                )}
              </Text>
              {filtered && unread === 0 && (
                <FiltersAlone filter={filter} count={timelineActions.countMatching} />
              )}
            </Stack>
          </Center>
        )}
      </div>
    </div>
  );
}
