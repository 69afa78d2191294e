import { Checkbox, Text } from '@mantine/core';
import { memo, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import type { TimelineSummary } from '../../../../shared/events';
import { VerdictBadge } from '../jwt/verdict-badge';
import { clockTime, KindBadge, StatusText } from './record-badges';
import classes from './timeline.module.css';

interface TimelineRowProps {
  summary: TimelineSummary;
  index: number;
  selected: boolean;
  selectionLocked: boolean;
  open: boolean;
  style: CSSProperties;
  onOpen: (id: number) => void;
  onToggle: (id: number, range: boolean) => void;
}

const dash = (
  <Text span c="dimmed">
    —
  </Text>
);

/** One record in the list: a fixed-height grid row (the virtualiser relies on the height). */
export const TimelineRow = memo(function TimelineRow({
  summary,
  index,
  selected,
  selectionLocked,
  open,
  style,
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
      style={style}
      data-testid="timeline-row"
      data-id={summary.id}
      data-open={open}
      onClick={() => onOpen(summary.id)}
      onKeyDown={onKeyDown}
    >
      <div role="cell">
        <Checkbox
          size="xs"
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
        <KindBadge kind={summary.kind} />
      </div>
      <div role="cell" className={`${classes.cell} ${classes.mono} ${classes.wideOnly}`}>
        {summary.method ?? dash}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.mono}`} title={summary.path ?? undefined}>
        {summary.path ?? dash}
      </div>
      <div role="cell" className={classes.cell} title={summary.error ?? undefined}>
        <StatusText summary={summary} />
      </div>
      <div role="cell" className={classes.cell}>
        {summary.tokenVerdict === null ? (
          dash
        ) : (
          <VerdictBadge kind="token" verdict={summary.tokenVerdict} size="xs" />
        )}
      </div>
      <div role="cell" className={`${classes.cell} ${classes.wideOnly}`}>
        {summary.bodyVerdict === null ? (
          dash
        ) : (
          <VerdictBadge kind="body" verdict={summary.bodyVerdict} size="xs" />
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
