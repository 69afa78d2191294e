import { memo, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { EventKind, TimelineSummary } from '@shared/events';
import { recordName } from './record-name';
import { statusWords } from './record-status-words';
import { namedOrdersWords } from '@shared/named-orders-words';
import { isUnreadRequest } from '@shared/raw-request';
import {
  provenanceMark,
  RowKind,
  RowNotJudged,
  RowProvenance,
  RowStatus,
  RowVerdict,
  type RowMark,
} from './row-chips';
import { firstPart, type TimelineRowGroup } from './timeline-rows';
import classes from './timeline.module.css';
import { dayUnlessToday, formatClock, instantTitle } from '@ui/instant-format';
import { useToday } from '@ui/use-today';
import { bodyFindingsAsRead, tokenFindingsAsRead } from '@shared/damaged-record-words';

interface RowFrameProps {
  testId: 'timeline-row' | 'timeline-part';
  id: number;
  index: number;
  open: boolean;
  selected?: boolean;
  start: number;
  height: number;
  className: string | undefined;
  onOpen: (id: number) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void;
  children: ReactNode;
}

/** A fixed-height grid row (the virtualiser relies on the height), drawn with plain elements. */
function RowFrame({
  testId,
  id,
  index,
  open,
  selected,
  start,
  height,
  className,
  onOpen,
  onKeyDown,
  children,
}: RowFrameProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      tabIndex={0}
      className={className}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        width: '100%',
        height,
        transform: `translateY(${start}px)`,
      }}
      data-testid={testId}
      data-id={id}
      data-open={open}
      onClick={() => onOpen(id)}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return;
        if (event.key === 'Enter') onOpen(id);
        onKeyDown?.(event);
      }}
    >
      {children}
    </div>
  );
}

/**
 * The clock alone for today; for another day (an import, a record kept overnight) the day above
 * it, small, as `short` writes it on one line elsewhere: a row that said "23:59:57.000" for a
 * record of Nov 28 read as later today. The cell keeps its width; the row keeps its height.
 */
function TimeCell({ at }: { at: string }) {
  // Its own subscription: rows are memoised and cached, so a new day must reach the cell itself.
  const day = dayUnlessToday(at, useToday());
  return (
    <div
      role="cell"
      className={`${classes.cell} ${classes.mono}`}
      title={instantTitle(at)}
      data-testid="row-time"
    >
      {day === null ? (
        formatClock(at)
      ) : (
        <span className={classes.dayAndClock}>
          <span className={classes.day} data-testid="row-day">
            {day}
          </span>
          <span>{formatClock(at)}</span>
        </span>
      )}
    </div>
  );
}

/** Time, id and kind(s): the cells before the name. `span`: each part's id and time, for a row of several. */
function LeadCells({
  at,
  id,
  kinds,
  span,
}: {
  at: string;
  id: number;
  kinds: readonly EventKind[];
  span?: string;
}) {
  return (
    <>
      <TimeCell at={at} />
      <div role="cell" className={`${classes.cell} ${classes.mono}`} title={span} data-testid="row-id">
        #{id}
      </div>
      <div role="cell" className={classes.kinds} data-testid="row-kinds">
        {kinds.map((kind) => (
          <RowKind key={kind} kind={kind} />
        ))}
      </div>
    </>
  );
}

interface TrailingCellsProps {
  /** The record that names the row (its operation or event type) and gives its order. */
  named: TimelineSummary;
  /** What is missing from the row, said after the name. */
  note: string | null;
  /** The record whose HTTP status is shown (what sent it, for a row of two). */
  status: TimelineSummary;
  /** The record whose token and body verdicts are shown (the listener's). */
  verdicts: TimelineSummary;
  /** Whose doing the row is, when its kinds do not say it (provenanceMark). */
  mark: RowMark | null;
}

/** The cells after the kind, shared by a row and its parts: name, status, verdicts, order. */
function TrailingCells({ named, note, status, verdicts, mark }: TrailingCellsProps) {
  const { name, known } = recordName(named);
  const orders = namedOrdersWords(named);
  return (
    <>
      <div
        role="cell"
        className={`${classes.cell} ${classes.nameCell}`}
        title={note === null ? name : `${name} · ${note}`}
        data-testid="record-name"
      >
        {mark !== null && <RowProvenance {...mark} />}
        <span className={known ? classes.name : `${classes.name} ${classes.unnamed}`}>{name}</span>
        {note !== null && (
          <span className={classes.note} data-testid="row-missing">
            {note}
          </span>
        )}
      </div>
      <div role="cell" className={classes.cell} title={statusWords(status).why ?? status.error ?? undefined}>
        <RowStatus summary={status} />
      </div>
      <div role="cell" className={classes.verdicts}>
        {isUnreadRequest(verdicts) && <RowNotJudged />}
        {verdicts.tokenVerdict !== null && (
          <RowVerdict
            kind="token"
            verdict={verdicts.tokenVerdict}
            findings={tokenFindingsAsRead(verdicts)}
            imported={verdicts.imported}
          />
        )}
        {verdicts.bodyVerdict !== null && (
          <RowVerdict kind="body" verdict={verdicts.bodyVerdict} findings={bodyFindingsAsRead(verdicts)} />
        )}
      </div>
      <div
        role="cell"
        className={`${classes.cell} ${classes.mono} ${classes.order}`}
        title={orders.title ?? named.orderId ?? undefined}
        data-testid="record-order"
      >
        {named.orderId === null ? (
          <span className={classes.dash}>no order</span>
        ) : (
          <span>{named.orderId.slice(0, 8)}</span>
        )}
        {orders.mark !== null && <span className={classes.note}>{orders.mark}</span>}
      </div>
    </>
  );
}

interface TimelineRowProps {
  group: TimelineRowGroup;
  index: number;
  selected: boolean;
  selectionLocked: boolean;
  open: boolean;
  expanded: boolean;
  start: number;
  height: number;
  onOpen: (id: number) => void;
  onToggle: (ids: readonly number[], range: boolean) => void;
  onExpand: (id: number) => void;
}

/**
 * One happening: a record on its own, or a delivery (or replay) and the listener's record of it,
 * named by its origin's kind with the arrival's verdicts; it expands to its parts.
 */
export const TimelineRow = memo(function TimelineRow({
  group,
  index,
  selected,
  selectionLocked,
  open,
  expanded,
  start,
  height,
  onOpen,
  onToggle,
  onExpand,
}: TimelineRowProps) {
  const { primary, origin, arrival, parts } = group;
  const ids = parts.map((part) => part.id);
  const lead = origin ?? primary;
  // The time and id shown are the first part's, one record's; the id's tooltip gives every part's.
  const first = firstPart(group);
  const span =
    parts.length > 1
      ? parts.map((part) => `${part.kind} #${part.id} at ${formatClock(part.at)}`).join(', then ')
      : undefined;
  const kinds = arrival !== null && origin !== null ? [origin.kind, arrival.kind] : [lead.kind];
  const onCheckbox = (event: MouseEvent<HTMLInputElement>) => {
    event.stopPropagation();
    if (!selectionLocked) onToggle(ids, event.shiftKey);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === ' ') {
      event.preventDefault();
      if (!selectionLocked) onToggle(ids, event.shiftKey);
    }
    if (parts.length > 1 && (event.key === 'ArrowRight' || event.key === 'ArrowLeft')) {
      if ((event.key === 'ArrowRight') !== expanded) onExpand(primary.id);
    }
  };
  return (
    <RowFrame
      testId="timeline-row"
      id={primary.id}
      index={index}
      open={open}
      selected={selected}
      start={start}
      height={height}
      className={classes.row}
      onOpen={onOpen}
      onKeyDown={onKeyDown}
    >
      <div role="cell">
        <input
          type="checkbox"
          className={classes.check}
          aria-label={`Select record ${primary.id}`}
          checked={selected}
          disabled={selectionLocked}
          onClick={onCheckbox}
          onChange={() => undefined}
        />
      </div>
      <div role="cell">
        {parts.length > 1 && (
          <button
            type="button"
            className={classes.expander}
            aria-expanded={expanded}
            aria-label={expanded ? 'Hide the parts' : `Show its ${parts.length} parts`}
            data-testid="row-expand"
            onClick={(event) => {
              event.stopPropagation();
              onExpand(primary.id);
            }}
          >
            {expanded ? '▾' : '▸'}
          </button>
        )}
      </div>
      <LeadCells at={first.at} id={first.id} kinds={kinds} span={span} />
      <TrailingCells
        named={lead.kind === 'request' || lead.eventType !== null ? lead : primary}
        note={group.missing}
        status={lead}
        verdicts={arrival ?? primary}
        mark={provenanceMark([lead, arrival, primary], kinds)}
      />
    </RowFrame>
  );
});

interface TimelinePartRowProps {
  part: TimelineSummary;
  index: number;
  open: boolean;
  start: number;
  height: number;
  onOpen: (id: number) => void;
}

/** One part of an expanded row, with its own status and verdicts; opens its own record. */
export const TimelinePartRow = memo(function TimelinePartRow({
  part,
  index,
  open,
  start,
  height,
  onOpen,
}: TimelinePartRowProps) {
  return (
    <RowFrame
      testId="timeline-part"
      id={part.id}
      index={index}
      open={open}
      start={start}
      height={height}
      className={`${classes.row} ${classes.part}`}
      onOpen={onOpen}
    >
      <div role="cell" />
      <div role="cell" className={classes.partMark} aria-hidden>
        └
      </div>
      <LeadCells at={part.at} id={part.id} kinds={[part.kind]} />
      <TrailingCells
        named={part}
        note={null}
        status={part}
        verdicts={part}
        mark={provenanceMark([part], [part.kind])}
      />
    </RowFrame>
  );
});
