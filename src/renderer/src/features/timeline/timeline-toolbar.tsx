import { Alert, Badge, Button, Group, Text, Title } from '@mantine/core';
import { IconArrowBarToUp, IconPlayerPause, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '@ui/app-store';
import { selectedRecordsWords } from '@ui/selected-records-words';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';
import { rowGroupsOf } from './timeline-rows';
import { hashLink } from './timeline-url';
import { countedWords, matchingSelectedWords, unreadWords } from './toolbar-counts';
import { replaySelectionParams, selectedWebhooks, selectionParams } from './timeline-selection';
import { timelineActions, timelineController, useTimelineStore } from './timeline-store';

/**
 * What the badge says of the list: Live only while records can arrive and would show on top.
 * Disconnected or signed out nothing arrives; scrolled deep, the top is not the newest record.
 */
function liveWords(state: { paused: boolean; trimmedNewer: boolean; offline: boolean }) {
  if (state.offline)
    return {
      label: 'Not live',
      live: false,
      title: 'Disconnected: nothing arrives until the console answers again',
    };
  if (state.paused) return { label: 'Paused', live: false, title: 'New records are counted, not shown' };
  if (state.trimmedNewer)
    return {
      label: 'Newer above',
      live: false,
      title: 'Scrolled deep: newer records load as you scroll up; new ones are counted',
    };
  return { label: 'Live', live: true, title: 'New records appear on top as they arrive' };
}

/** Title, live state (pause, unread count, back to newest) and the list's errors. */
export function TimelineToolbar() {
  const { paused, unread, trimmedNewer, error, status, loaded, rows, more } = useTimelineStore(
    useShallow((state) => ({
      paused: state.paused,
      unread: state.unread,
      trimmedNewer: state.list.trimmedNewer,
      error: state.error,
      status: state.status,
      loaded: state.list.items.length,
      rows: rowGroupsOf(state.list.items).length,
      more: state.list.nextCursor !== null || state.list.trimmedNewer,
    })),
  );
  const offline = useAppStore(
    (state) => state.connection.status === 'closed' || state.connection.status === 'refused',
  );
  const badge = liveWords({ paused, trimmedNewer, offline });
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Title order={3}>Timeline</Title>
          <Badge
            color={badge.live ? 'green' : 'gray'}
            variant={badge.live ? 'dot' : 'outline'}
            title={badge.title}
            data-testid="live-state"
            data-live={badge.live}
          >
            {badge.label}
          </Badge>
          {unread > 0 && (
            <Button
              size="compact-sm"
              variant="light"
              color="orange"
              onClick={() => void timelineController.showUnread()}
              data-testid="unread-count"
              data-count={unread}
              aria-label={unreadWords(unread).name}
            >
              {unreadWords(unread).label}
            </Button>
          )}
          <Text size="sm" c="dimmed" data-testid="loaded-count" data-rows={rows} data-records={loaded}>
            {/* Both: a delivery and its webhook are two records in one row, so either alone misleads. */}
            {status === 'ready'
              ? `${countedWords(rows, more, 'row')} · ${countedWords(loaded, more, 'record')}`
              : ''}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {trimmedNewer && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconArrowBarToUp size={14} />}
              onClick={() => void timelineController.reload()}
            >
              Back to newest
            </Button>
          )}
          <Button
            size="xs"
            variant={paused ? 'filled' : 'default'}
            leftSection={paused ? <IconPlayerPlay size={14} /> : <IconPlayerPause size={14} />}
            onClick={() => (paused ? void timelineController.resume() : timelineController.pause())}
          >
            {paused ? 'Resume live' : 'Pause live'}
          </Button>
        </Group>
      </Group>
      {error !== null && (
        <Alert color="red" title="The timeline could not be loaded" data-testid="timeline-error">
          <Group justify="space-between">
            <Text size="sm">{error}</Text>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconRefresh size={14} />}
              onClick={() => void timelineController.reload()}
            >
              Try again
            </Button>
          </Group>
        </Alert>
      )}
    </>
  );
}

/** What is selected, and what can be done with it: replay or export (views of their own). */
export function SelectionBar() {
  const { selection, matchingCount, filter, items } = useTimelineStore(
    useShallow((state) => ({
      selection: state.selection,
      matchingCount: state.matchingCount,
      filter: state.filter,
      items: state.list.items,
    })),
  );
  // Replay takes the webhooks of what is ticked; Export, every record. The bar counts both, as
  // Replay says the webhooks it was handed.
  const { replayParams, webhooks } = useMemo(() => {
    const kinds = new Map(items.map((item) => [item.id, item.kind]));
    const kindOf = (id: number) => kinds.get(id);
    return {
      replayParams: replaySelectionParams(selection, filter, kindOf),
      webhooks: selection.mode === 'ids' ? selectedWebhooks(selection.ids, kindOf) : null,
    };
  }, [selection, filter, items]);
  const count = selection.mode === 'all-matching' ? matchingCount : selection.ids.size;
  if (selection.mode === 'ids' && selection.ids.size === 0) return null;
  const go = (view: 'replay' | 'history', params: URLSearchParams) => {
    window.location.hash = hashLink(view, params);
  };
  const noWebhook =
    replayParams === null
      ? 'No webhook is selected: only webhooks the listener received are replayed (a delivery or a request is not one).'
      : null;
  return (
    <Group
      gap="sm"
      px="sm"
      py={6}
      bg="var(--mantine-primary-color-light)"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      data-testid="selection-bar"
    >
      <Text size="sm" fw={600} data-testid="selection-count">
        {selection.mode === 'all-matching'
          ? matchingSelectedWords(count)
          : selectedRecordsWords(count ?? 0, webhooks)}
      </Text>
      <UnavailableWithReason reason={noWebhook}>
        <Button
          size="xs"
          onClick={() => replayParams !== null && go('replay', replayParams)}
          {...blockedButton(noWebhook)}
        >
          Replay…
        </Button>
      </UnavailableWithReason>
      <Button size="xs" variant="default" onClick={() => go('history', selectionParams(selection, filter))}>
        Export…
      </Button>
      {selection.mode === 'ids' && (
        <Button size="xs" variant="subtle" onClick={() => void timelineActions.selectAllMatching()}>
          Select all matching
        </Button>
      )}
      <Button size="xs" variant="subtle" color="gray" onClick={() => timelineActions.clearSelection()}>
        Clear selection
      </Button>
    </Group>
  );
}
