import { Anchor, Badge, Button, Group, Loader, Table, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { toFtsQuery, type EventFilter } from '@shared/event-filter';
import type { TimelineSummary } from '@shared/events';
import { errorMessage } from '@bridge/bridge-error';
import { PROVENANCE_WORDS } from '@shared/provenance';
import { isUnreadRequest, NOT_HTTP, NOT_JUDGED_WHY } from '@shared/raw-request';
import { formatTime, PROVENANCE_LABEL, WHOLE_BADGE } from '@ui/order-format';
import { TableHeader } from '@ui/table-header';
import { FiltersAlone, RowNotJudged, RowStatus, RowVerdict } from '@features/timeline';
import { useHistoryStore } from './history-store';

const PAGE = 100;

/** What the search finds, newest first, a keyset page at a time; each row opens on the timeline. */
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
}: {
  text: string;
  width: string;
  dimmed?: boolean;
  /** Broken anywhere (a path: the table may narrow it); else between words, unless a word is wider than `width`. */
  anywhere?: boolean;
}) {
  return (
    <Text
      size="xs"
      ff="monospace"
      lineClamp={2}
      title={text}
      {...(dimmed ? { c: 'dimmed' } : {})}
      style={{ maxWidth: width, overflowWrap: anywhere ? 'anywhere' : 'break-word' }}
    >
      {text}
    </Text>
  );
}

export function HistoryResults({ filter }: { filter: EventFilter }) {
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
            {state.items.map((record) => (
              <Table.Tr key={record.id} data-testid="history-row">
                <Table.Td>
                  <Anchor size="xs" href={`#/timeline?id=${record.id}`}>
                    #{record.id}
                  </Anchor>
                </Table.Td>
                {/* The date too: search results span days, and a clock alone cannot tell them apart. */}
                <Table.Td style={{ whiteSpace: 'nowrap' }} title={record.at}>
                  {formatTime(record.at)}
                </Table.Td>
                <Table.Td>
                  {/* A kind and its provenance may take two lines: side by side they held the
                      table wider than its box below about 1280 px. */}
                  <Group gap={4}>
                    <Badge size="xs" variant="light" styles={WHOLE_BADGE} data-testid="history-kind">
                      {record.kind}
                    </Badge>
                    {PROVENANCE_LABEL[record.provenance] !== null && (
                      <Badge
                        size="xs"
                        variant="outline"
                        color="gray"
                        styles={WHOLE_BADGE}
                        title={PROVENANCE_WORDS[record.provenance]}
                      >
                        {PROVENANCE_LABEL[record.provenance]}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  {/* Bytes the listener could not read as HTTP: said so, never three empty cells. */}
                  {isUnreadRequest(record) ? (
                    <Text span size="xs" c="dimmed" title={NOT_JUDGED_WHY}>
                      {NOT_HTTP}
                    </Text>
                  ) : (
                    <ClampedText
                      text={`${record.method ?? ''} ${record.path ?? ''}`}
                      width="26rem"
                      anywhere
                    />
                  )}
                </Table.Td>
                {/* Said as the timeline says it: a request that failed reads "failed", not "—". */}
                <Table.Td title={record.error ?? undefined}>
                  <RowStatus summary={record} />
                </Table.Td>
                <Table.Td>
                  <ClampedText text={record.eventType ?? ''} width="14rem" />
                </Table.Td>
                {/* The service's order id, as the timeline's Order column; the merchant's reference beside it. */}
                <Table.Td ff="monospace" data-testid="history-order">
                  {record.orderId === null ? (
                    <Text span size="xs" c="dimmed">
                      no order
                    </Text>
                  ) : (
                    <ClampedText text={record.orderId} width="20rem" />
                  )}
                  {record.orderReferenceId !== null && (
                    <ClampedText text={`ref ${record.orderReferenceId}`} width="20rem" dimmed />
                  )}
                </Table.Td>
                <Table.Td>
                  {isUnreadRequest(record) ? (
                    <RowNotJudged />
                  ) : record.tokenVerdict === null ? (
                    ''
                  ) : (
                    <RowVerdict kind="token" verdict={record.tokenVerdict} />
                  )}
                </Table.Td>
                <Table.Td>
                  {isUnreadRequest(record) ? (
                    <RowNotJudged />
                  ) : record.bodyVerdict === null ? (
                    ''
                  ) : (
                    <RowVerdict kind="body" verdict={record.bodyVerdict} findings={record.bodyFindings} />
                  )}
                </Table.Td>
              </Table.Tr>
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
}
