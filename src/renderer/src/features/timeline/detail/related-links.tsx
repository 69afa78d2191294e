import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { timelineRecords } from '../timeline-records-store';
import { useEffect, useState } from 'react';
import type { EventFilter } from '@shared/event-filter';
import type { TimelineDetail, TimelineSummary } from '@shared/events';
import { errorMessage } from '@bridge/bridge-error';
import { hashLink, timelineParams } from '../timeline-url';
import { relatedLabel } from './related-label';

/** How many linked records are looked at to count replays and find the forward. */
const RELATED_LOOKUP = 200;

const timelineLink = (filter: EventFilter, openId: number | null = null) =>
  hashLink('timeline', timelineParams(filter, openId));

/**
 * Ways on from one record: everything of the same order, its replays, its forward, the rest
 * linked to it, and the record it is related to (relatedLabel: a replay's original, the replay
 * an arrival came from). All are timeline links (filters in the URL), so they open, reload and
 * share like any other view; opening a single record keeps the filter shown.
 */
export function RelatedLinks({ detail, filter }: { detail: TimelineDetail; filter: EventFilter }) {
  const [linked, setLinked] = useState<{ id: number; items: TimelineSummary[]; more: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    timelineRecords.related(detail.id, RELATED_LOOKUP).then(
      (page) => current && setLinked({ id: detail.id, items: page.items, more: page.nextCursor !== null }),
      (error: unknown) => current && setFailure(errorMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [detail.id]);

  const shown = linked?.id === detail.id ? linked : null;
  const replays = shown?.items.filter((item) => item.kind === 'replay') ?? [];
  const forwards = shown?.items.filter((item) => item.kind === 'forward') ?? [];
  const count = (items: readonly unknown[]) => `${items.length}${shown?.more === true ? '+' : ''}`;

  return (
    <Stack gap={6} data-testid="related-links">
      <Title order={6}>Related</Title>
      <Group gap="md">
        {detail.relatedId !== null && (
          <Anchor href={timelineLink(filter, detail.relatedId)} size="sm" data-testid="link-original">
            {relatedLabel(detail.kind, detail.relatedId)}
          </Anchor>
        )}
        {detail.orderId !== null && (
          <Anchor href={timelineLink({ orderId: detail.orderId })} size="sm" data-testid="link-same-order">
            Same order
          </Anchor>
        )}
        {replays.length > 0 && (
          <Anchor
            href={timelineLink({ relatedId: detail.id, kinds: ['replay'] })}
            size="sm"
            data-testid="link-replays"
          >
            Replays of this ({count(replays)})
          </Anchor>
        )}
        {forwards.length === 1 && forwards[0] !== undefined && (
          <Anchor href={timelineLink(filter, forwards[0].id)} size="sm" data-testid="link-forward">
            Its forward #{forwards[0].id}
          </Anchor>
        )}
        {forwards.length > 1 && (
          <Anchor
            href={timelineLink({ relatedId: detail.id, kinds: ['forward'] })}
            size="sm"
            data-testid="link-forward"
          >
            Its forwards ({count(forwards)})
          </Anchor>
        )}
        {shown !== null && shown.items.length > 0 && (
          <Anchor href={timelineLink({ relatedId: detail.id })} size="sm" data-testid="link-related">
            Everything linked to it ({count(shown.items)})
          </Anchor>
        )}
      </Group>
      {shown !== null && shown.items.length === 0 && detail.relatedId === null && detail.orderId === null && (
        <Text size="xs" c="dimmed">
          Nothing links to this record yet.
        </Text>
      )}
      {failure !== null && (
        <Text size="xs" c="red">
          {failure}
        </Text>
      )}
    </Stack>
  );
}
