import { Table } from '@mantine/core';
import { useRowVirtualizer } from '@features/timeline';
import { useEffect, useRef, type ReactNode } from 'react';
import classes from '../builder.module.css';

const ROW_HEIGHT = 44;

/**
 * A long items list: its own scroll box, rendering only the rows in view (each row a <tbody>,
 * measured, so a row opened to all its fields keeps its height).
 */
export function VirtualItemRows({
  count,
  focusedRow,
  header,
  row,
}: {
  count: number;
  focusedRow: number | null;
  header: ReactNode;
  row: (index: number) => ReactNode;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useRowVirtualizer({
    count,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows drawn ahead cost the render of a new document more than they save while scrolling.
    overscan: 2,
  });
  useEffect(() => {
    if (focusedRow !== null && Number.isInteger(focusedRow) && focusedRow < count)
      virtualizer.scrollToIndex(focusedRow, { align: 'center' });
  }, [focusedRow, count, virtualizer]);
  const rows = virtualizer.getVirtualItems();
  const before = rows[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (rows[rows.length - 1]?.end ?? 0);
  return (
    // A fixed height: the virtualiser reads what is in view from this box, which must not grow with its rows.
    <div ref={scroller} className={classes.itemsScroller} data-testid="items-scroller">
      <Table
        verticalSpacing={4}
        horizontalSpacing={4}
        aria-label="Items"
        layout="fixed"
        stickyHeader
        className={classes.itemsTable}
      >
        {header}
        <Spacer height={before} />
        {rows.map((virtual) => (
          <tbody key={virtual.index} data-index={virtual.index} ref={virtualizer.measureElement}>
            {row(virtual.index)}
          </tbody>
        ))}
        <Spacer height={after} />
      </Table>
    </div>
  );
}

function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <Table.Tbody aria-hidden>
      <Table.Tr style={{ height }} />
    </Table.Tbody>
  );
}
