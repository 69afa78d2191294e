import { memo, type KeyboardEvent, type MouseEvent } from 'react';
import type { TimelineSummary } from '../../../../shared/events';
import { clockTime } from './record-badges';
import { RowKind, RowStatus, RowVerdict } from './row-chips';
import classes from './timeline.module.css';

interface TimelineRowProps {
  summary: TimelineSummary;
  index: number;
  selected: boolean;
  selectionLocked: boolean;
  open: boolean;
  /** Top of the row in the list, px (a number, so unchanged rows skip rendering while scrolling). */
  start: number;
  height: number;
  onOpen: (id: number) => void;
  onToggle: (id: number, range: boolean) => void;
}

const dash = <span className={classes.dash}>—</span>;

/**
 * One record in the list: a fixed-height grid row (the virtualiser relies on the height), drawn
 * with plain elements so that mounting one costs little (see row-chips.tsx).
 */
export const TimelineRow = memo(function TimelineRow({
  summary,
  index,
  selected,
  selectionLocked,
  open,
  start,
  height,
  onOpen,
  onToggle,
}: TimelineRowProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') onOpen(summary.id);
    if (event.key === ' ') {
      event.preventDefault();
      if (!selectionLocked) onToggle(summary.id, event.shiftKey);
    }
  };
  const onCheckbox = (event: MouseEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (!selectionLocked) onToggle(summary.id, event.shiftKey);
  };
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      className={classes.row}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height,
        transform: `translateY(${start}px)`,
      }}
      data-testid="timeline-row"
      data-id={summary.id}
      data-open={open}
      onClick={() => onOpen(summary.id)}
      onKeyDown={onKeyDown}
    >
      <div role="cell">
        <input
          type="checkbox"
          className={classes.check}
          aria-label={`Select record ${summary.id}`}
          checked={selected}
          disabled={selectionLocked}
          onClick={onCheckbox}
          onChange={() => undefined}
        />
      </div>
      <div role="cell" className={`${classes.cell} ${classes.mono}`} title={summary.at}>
        {clockTime(summary.at)}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.mono}`}>
        #{summary.id}
      </div>
      <div role="cell" className={classes.cell}>
        <RowKind kind={summary.kind} />
      </div>
      <div role="cell" className={`${classes.cell} ${classes.mono} ${classes.wideOnly}`}>
        {summary.method ?? dash}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.mono}`} title={summary.path ?? undefined}>
        {summary.path ?? dash}
      </div>
      <div role="cell" className={classes.cell} title={summary.error ?? undefined}>
        <RowStatus summary={summary} />
      </div>
      <div role="cell" className={classes.cell}>
        {summary.tokenVerdict === null ? dash : <RowVerdict kind="token" verdict={summary.tokenVerdict} />}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.wideOnly}`}>
        {summary.bodyVerdict === null ? (
          dash
        ) : (
          <RowVerdict kind="body" verdict={summary.bodyVerdict} findings={summary.bodyFindings} />
        )}
      </div>
      <div
        role="cell"
        className={`${classes.cell} ${classes.wideOnly}`}
        title={summary.eventType ?? undefined}
      >
        {summary.eventType ?? dash}
      </div>
      <div
        role="cell"
        className={`${classes.cell} ${classes.mono} ${classes.wideOnly}`}
        title={summary.orderId ?? undefined}
      >
        {summary.orderId === null ? dash : summary.orderId.slice(0, 8)}
      </div>
    </div>
  );
});
