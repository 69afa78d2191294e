import { Button, Group, Loader, Table, Text } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { toFtsQuery, type EventFilter } from '@shared/event-filter';
import type { TimelineSummary } from '@shared/events';
import { errorMessage } from '@bridge/bridge-error';
import { namedOrdersWords } from '@shared/named-orders-words';
import { isUnreadRequest, NOT_HTTP, NOT_JUDGED_WHY } from '@shared/raw-request';
import { importOriginWords, recordMark, whoseTitle } from '@shared/provenance';
import { TableHeader } from '@ui/table-header';
import {
  emptyWhenLoadedWords,
  FiltersAlone,
  RowKind,
  RowNotJudged,
  RowProvenance,
  RowStatus,
  RowVerdict,
} from '@features/timeline';
import { useHistoryStore } from './history-store';
import classes from './history-results.module.css';
import { formatDateTime, instantTitle } from '@ui/instant-format';
import { bodyFindingsAsRead, tokenFindingsAsRead } from '@shared/damaged-record-words';

const PAGE = 100;
/**
 * Rows drawn at once, more than a window shows; the rest of a page follow a frame later, this many
 * a frame, so the first rows are painted before the last are built.
 */
const FIRST_ROWS = 40;

/**
 * A free-text cell's value (a path, an event type, an order id) in at most two lines of its
 * column's width, the whole in its tooltip: one record with a path of 2,000 characters made
 * the table 15,000 px wide, every other column off screen for every row.
 */
function ClampedText({
  text,
  width,
  dimmed = false,
  anywhere = false,
  oneLine = false,
}: {
  text: string;
  width: string;
  dimmed?: boolean;
  /** One line, cut with an ellipsis (an order id and its reference: two lines a row, not four). */
  oneLine?: boolean;
  /** Broken anywhere (a path: the table may narrow it); else between words, unless a word is wider than `width`. */
  anywhere?: boolean;
}) {
  const names = [
    classes.clamp,
    dimmed ? classes.dimmed : '',
    anywhere ? classes.anywhere : '',
    oneLine ? classes.oneLine : '',
  ];
  return (
    <div className={names.join(' ')} title={text} style={{ maxWidth: width }}>
      {text}
    </div>
  );
}

/**
 * One result, drawn with plain elements (history-results.module.css): Mantine's Table.Td, Text,
 * Group, Badge and Anchor for each of 100 rows' nine cells made the History view's first rows
 * 4–8× the Timeline's on the same data (bench/history-browser.ts). Memoised: a new count, or
 * arrivals counted once a second, re-render the view, never its rows.
 */
const HistoryRow = memo(function HistoryRow({ record }: { record: TimelineSummary }) {
  const unread = isUnreadRequest(record);
  const orders = namedOrdersWords(record);
  const mark = recordMark(record);
  return (
    <tr className={classes.row} data-testid="history-row">
      <td>
        <a className={classes.link} href={`#/timeline?id=${record.id}`}>
          #{record.id}
        </a>
      </td>
      {/* The date too: search results span days, and a clock alone cannot tell them apart. */}
      <td className={classes.when} title={instantTitle(record.at)}>
        {formatDateTime(record.at)}
      </td>
      <td>
        <div className={classes.kinds} data-testid="history-kind">
          <RowKind kind={record.kind} />
          {/* As history's WHOSE column: the console's doing, or a webhook whose token did not verify;
              none where the kind says it (an exact replay showed "replay" twice). */}
          {mark !== null && (
            <RowProvenance provenance={mark} origin={importOriginWords(record)} title={whoseTitle(record)} />
          )}
        </div>
      </td>
      <td>
        {/* Bytes the listener could not read as HTTP: said so, never three empty cells. */}
        {unread ? (
          <span className={classes.dimmed} title={NOT_JUDGED_WHY}>
            {NOT_HTTP}
          </span>
        ) : (
          <ClampedText text={`${record.method ?? ''} ${record.path ?? ''}`} width="26rem" anywhere />
        )}
      </td>
      {/* Said as the timeline says it: a request that failed reads "failed", not "—". */}
      <td title={record.error ?? undefined}>
        <RowStatus summary={record} />
      </td>
      <td>
        <ClampedText text={record.eventType ?? ''} width="14rem" />
      </td>
      {/* The service's order id, as the timeline's Order column; the merchant's reference beside it. */}
      <td className={classes.mono} data-testid="history-order">
        {record.orderId === null ? (
          <span className={classes.dimmed}>no order</span>
        ) : (
          <ClampedText text={record.orderId} width="20rem" oneLine />
        )}
        {orders.mark !== null && (
          <div className={classes.otherOrder} title={orders.title ?? undefined}>
            {orders.mark} {record.firstNamedOrderId}
          </div>
        )}
        {record.orderReferenceId !== null && (
          <ClampedText text={`ref ${record.orderReferenceId}`} width="20rem" dimmed oneLine />
        )}
      </td>
      <td className={classes.verdict}>
        {unread ? (
          <RowNotJudged />
        ) : record.tokenVerdict === null ? (
          ''
        ) : (
          <RowVerdict
            kind="token"
            verdict={record.tokenVerdict}
            findings={tokenFindingsAsRead(record)}
            imported={record.imported}
          />
        )}
      </td>
      <td className={classes.verdict}>
        {unread ? (
          <RowNotJudged />
        ) : record.bodyVerdict === null ? (
          ''
        ) : (
          <RowVerdict kind="body" verdict={record.bodyVerdict} findings={bodyFindingsAsRead(record)} />
        )}
      </td>
    </tr>
  );
});

/**
 * What the search finds, the last stored first (docs/history.md: by time would sort every match),
 * a keyset page at a time; each row opens on the timeline.
 */
export const HistoryResults = memo(function HistoryResults({
  filter,
  arrivedSince,
  onAnswered,
}: {
  filter: EventFilter;
  /** Matching records stored since this list was loaded (the view's "… arrived since" and Show them). */
  arrivedSince: number;
  /** Called once an answer (rows, nothing, an error) is on the page: the view's panels follow it. */
  onAnswered?: () => void;
}) {
  const key = JSON.stringify(filter);
  const [state, setState] = useState<{
    key: string;
    items: TimelineSummary[];
    next: number | null;
    error: string | null;
  }>({
    key: '',
    items: [],
    next: null,
    error: null,
  });
  // How many of the rows are drawn: FIRST_ROWS with each answer, then more each frame.
  const [drawn, setDrawn] = useState({ key: '', rows: 0 });
  const drawnRows = drawn.key === state.key ? drawn.rows : FIRST_ROWS;
  useEffect(() => {
    if (drawnRows >= state.items.length) return;
    const frame = requestAnimationFrame(() => setDrawn({ key: state.key, rows: drawnRows + FIRST_ROWS }));
    return () => cancelAnimationFrame(frame);
  }, [drawnRows, state.items.length, state.key]);
  const answered = state.key === key;
  useEffect(() => {
    if (answered) onAnswered?.();
  }, [answered, onAnswered]);
  useEffect(() => {
    let current = true;
    useHistoryStore
      .getState()
      .page({ filter: JSON.parse(key) as EventFilter, limit: PAGE })
      .then((page) => current && setState({ key, items: page.items, next: page.nextCursor, error: null }))
      .catch(
        (error: unknown) => current && setState({ key, items: [], next: null, error: errorMessage(error) }),
      );
    return () => {
      current = false;
    };
  }, [key]);
  const more = () => {
    if (state.next === null) return;
    // Older results of the filter they were asked for: the filter may change before they come.
    const asked = key;
    useHistoryStore
      .getState()
      .page({ filter, limit: PAGE, beforeId: state.next })
      .then((page) =>
        setState((previous) =>
          previous.key !== asked
            ? previous
            : { ...previous, items: [...previous.items, ...page.items], next: page.nextCursor },
        ),
      )
      .catch((error: unknown) =>
        setState((previous) =>
          previous.key !== asked ? previous : { ...previous, error: errorMessage(error) },
        ),
      );
  };
  // A search of no word the index can match: the filters above say so; "nothing matches" would not.
  if (filter.text !== undefined && toFtsQuery(filter.text) === null) return null;
  // Another filter's answer is not this one's: its rows were shown under the new search until it came.
  if (state.key !== key)
    return (
      <Group gap="xs" data-testid="history-searching">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Searching…
        </Text>
      </Group>
    );
  if (state.error !== null) return <Text c="red">{state.error}</Text>;
  // Empty when loaded, not necessarily now: beside "1 matching record" it said "Nothing stored
  // matches.", and which filter leaves nothing is no longer the question. The view's notice above
  // says what arrived since, with Show them.
  if (state.items.length === 0 && arrivedSince > 0)
    return (
      <Text size="sm" c="dimmed" data-testid="history-empty">
        {emptyWhenLoadedWords(true)}.
      </Text>
    );
  if (state.items.length === 0)
    return (
      <>
        <Text size="sm" c="dimmed" data-testid="history-empty">
          Nothing stored matches.
        </Text>
        <FiltersAlone filter={filter} count={useHistoryStore.getState().count} />
      </>
    );
  return (
    <>
      {/* Wider than its box (a window under about 1230 px), the table scrolls sideways in it: it
          ran out of the box and moved the whole page sideways, header and navigation with it. */}
      <Table.ScrollContainer minWidth={0} type="native" data-testid="history-results-box">
        <Table striped fz="xs" aria-label="Search results" data-testid="history-results">
          <TableHeader
            columns={['#', 'When', 'Kind', 'Request', 'Status', 'Event', 'Order', 'Token', 'Body']}
          />
          <Table.Tbody>
            {state.items.slice(0, drawnRows).map((record) => (
              <HistoryRow key={record.id} record={record} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {state.next !== null && (
        <Button size="xs" variant="default" onClick={more}>
          Older results
        </Button>
      )}
    </>
  );
});
