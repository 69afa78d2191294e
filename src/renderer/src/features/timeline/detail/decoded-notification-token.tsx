import { Anchor, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { EventTokens } from '@shared/contract/jwt';
import type { TimelineDetail } from '@shared/events';
import { errorMessage } from '@bridge/bridge-error';
import { DecodedToken } from '@features/jwt';
import { timelineRecords } from '../timeline-records-store';
import { tokenChoices } from './token-choices';
import { undecodedTokenWords } from './undecoded-token-words';

/**
 * The record's tokens from main, as the inspector reads them (getEventTokens): decoded from the
 * stored request with the JSON text they carry, masked. Stored tokens do not change: once a record.
 */
function useEventTokens(id: number) {
  const [state, setState] = useState<{ id: number; tokens: EventTokens | null; error: string | null } | null>(
    null,
  );
  useEffect(() => {
    let current = true;
    timelineRecords.tokens(id).then(
      (tokens) => current && setState({ id, tokens, error: null }),
      (error: unknown) => current && setState({ id, tokens: null, error: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [id]);
  return state?.id === id ? state : null;
}

/**
 * The notification JWT decoded (header, claims, iat/exp/nbf as dates) as the inspector decodes
 * it: the header and claims the token carries, laid out, never written again from parsed values
 * (`1e999`, a 20-digit number, a name given twice). The token itself stays masked on screen;
 * whether the query and the header held the same one is main's answer (token-choices.ts).
 */
export function DecodedNotificationToken({ detail }: { detail: TimelineDetail }) {
  const loaded = useEventTokens(detail.id);
  const [source, setSource] = useState<string | null>(null);
  const { choices, sameInBoth } =
    loaded?.tokens == null ? { choices: [], sameInBoth: false } : tokenChoices(loaded.tokens);
  const shown = choices.find((entry) => entry.source === source) ?? choices[0];
  return (
    <Stack gap="xs" data-testid="decoded-jwt">
      <Group justify="space-between">
        <Title order={6}>Notification token</Title>
        <Anchor href={`#/jwt?event=${detail.id}`} size="sm" data-testid="open-in-inspector">
          <Group gap={4} wrap="nowrap">
            <IconKey size={14} />
            Open in the JWT inspector
          </Group>
        </Anchor>
      </Group>
      {loaded === null ? (
        <Loader size="xs" />
      ) : loaded.error !== null ? (
        <Text size="sm" c="red">
          {loaded.error}
        </Text>
      ) : shown === undefined ? (
        <Text size="sm" c="dimmed">
          {undecodedTokenWords(detail)}
        </Text>
      ) : (
        <>
          {choices.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label="Token to decode"
              value={shown.source}
              onChange={setSource}
              data={choices.map((entry) => ({ value: entry.source, label: `From the ${entry.source}` }))}
            />
          )}
          {sameInBoth && (
            <Text size="xs" c="dimmed">
              The same token came in the query and the header.
            </Text>
          )}
          <DecodedToken decoded={shown.decoded} />
        </>
      )}
    </Stack>
  );
}
