import { ActionIcon, Alert, Badge, Group, Loader, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { damagedWords } from '@shared/damaged-record-words';
import { IMPORTED_NO_ANSWER_WORDS } from '@shared/record-status';
import { timelineRecords } from '../timeline-records-store';
import { IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { EventFilter } from '@shared/event-filter';
import type { EventKind, TimelineDetail } from '@shared/events';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '@bridge/bridge-error';
import { KindBadge, StatusText } from '../record-badges';
import { importedWithoutAnswer } from './answer-line';
import { CopyCurlButton } from './copy-curl';
import { RequestSection, ResponseSection } from './http-sections';
import { ProvenanceNote } from './provenance-note';
import { RelatedLinks } from './related-links';
import { RequestOutcome } from './request-outcome';
import { VerdictSections } from './verdict-sections';
import { formatZoned } from '@ui/instant-format';

const NOTIFICATION_KINDS: readonly EventKind[] = ['webhook', 'delivery', 'replay', 'forward'];

/** One record, fetched whole, and fetched again when main reports it changed (an answer arrived). */
function useEventDetail(id: number) {
  const [state, setState] = useState<{
    id: number;
    detail: TimelineDetail | null;
    error: string | null;
  } | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(
    () =>
      timelineRecords.onPush((event) => {
        if (event.name === 'timeline.updated' && event.payload.id === id) setVersion((value) => value + 1);
      }),
    [id],
  );
  useEffect(() => {
    let current = true;
    timelineRecords.detail(id).then(
      (detail) => current && setState({ id, detail, error: null }),
      (error: unknown) => current && setState({ id, detail: null, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [id, version]);
  return state?.id === id ? state : null;
}

const DETAIL_TABS = ['overview', 'request', 'response'] as const;
type DetailTab = (typeof DETAIL_TABS)[number];

/** The detail pane: everything stored about one record, and where to go from it. */
export function EventDetail({
  id,
  filter,
  onClose,
}: {
  id: number;
  filter: EventFilter;
  onClose: () => void;
}) {
  const loaded = useEventDetail(id);
  const [tab, setTab] = useState<DetailTab>('overview');
  // Reveal is explicit and lasts for this record only: another record opens masked.
  const [revealed, setRevealed] = useState<{ id: number; detail: TimelineDetail } | null>(null);
  const detail = loaded?.detail ?? null;
  const shown = revealed !== null && revealed.id === id ? revealed.detail : detail;
  const reveal = (on: boolean) => {
    if (!on) return setRevealed(null);
    timelineRecords.reveal(id).then(
      (full) => setRevealed({ id, detail: full }),
      (error: unknown) =>
        notifications.show({ color: 'red', title: 'Not revealed', message: errorMessage(error) }),
    );
  };

  return (
    <Stack gap="sm" data-testid="event-detail" data-id={id} aria-label={`Record ${id}`} role="region">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={4}>#{id}</Title>
            {detail !== null && <KindBadge kind={detail.kind} />}
            {detail !== null && <StatusText summary={detail} />}
            {detail?.imported === true && (
              <Badge size="sm" variant="outline" color="gray" tt="none">
                imported
              </Badge>
            )}
          </Group>
          {detail !== null && (
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
              {detail.method ?? ''} {detail.path ?? detail.url ?? ''}
            </Text>
          )}
          {detail !== null && (
            <Text size="xs" c="dimmed">
              {formatZoned(detail.at)}
              {detail.at === '' ? '' : ` (${detail.at})`}
              {detail.durationMs === null ? '' : ` · ${Math.round(detail.durationMs)} ms`}
              {detail.profileName === null ? '' : ` · profile ${detail.profileName}`}
              {detail.eventType === null ? '' : ` · ${detail.eventType}`}
            </Text>
          )}
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {detail !== null && <CopyCurlButton detail={detail} />}
          <Tooltip label="Close">
            <ActionIcon variant="subtle" color="gray" aria-label="Close the detail pane" onClick={onClose}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      {loaded === null && <Loader size="sm" />}
      {loaded?.error != null && (
        <Alert color="red" data-testid="detail-error">
          {loaded.error}
        </Alert>
      )}
      {detail?.damaged !== undefined && detail.damaged.length > 0 && (
        // Damaged parts read as empty in the tabs below; this says they are not.
        <Alert color="orange" data-testid="detail-damaged">
          {damagedWords(detail.id, detail.damaged)}: they are shown empty below, though what was stored is not
          known. An export keeps the stored text (details.damagedColumns).
        </Alert>
      )}
      {detail !== null && (
        <Tabs
          value={tab}
          onChange={(value) => setTab(DETAIL_TABS.find((candidate) => candidate === value) ?? 'overview')}
        >
          <Tabs.List>
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="request">Request</Tabs.Tab>
            <Tabs.Tab value="response">Response</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="sm">
            <Stack gap="md">
              <ProvenanceNote detail={detail} />
              {detail.kind === 'request' ? <RequestOutcome detail={detail} /> : null}
              {/* A request says it in its answer line; a notification had no line for it at all. */}
              {detail.kind !== 'request' && importedWithoutAnswer(detail) ? (
                <Text size="sm" c="dimmed" data-testid="imported-no-answer">
                  {IMPORTED_NO_ANSWER_WORDS}
                </Text>
              ) : null}
              {NOTIFICATION_KINDS.includes(detail.kind) ? <VerdictSections detail={detail} /> : null}
              <RelatedLinks detail={detail} filter={filter} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="request" pt="sm">
            <RequestSection detail={shown ?? detail} revealed={shown !== detail} onReveal={reveal} />
          </Tabs.Panel>
          <Tabs.Panel value="response" pt="sm">
            <ResponseSection detail={shown ?? detail} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
