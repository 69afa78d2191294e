import { Alert, Card, Grid, Group, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { EventTokens } from '../../../../shared/contract/jwt';
import { decodeJwt } from '../../../../shared/jwt/decode-jwt';
import { monoInput } from '../../app/mono-input';
import { useNavigation } from '../../app/navigation';
import { bridge } from '../../bridge';
import { errorMessage } from '../../bridge/bridge-error';
import { CraftPanel } from './craft-panel';
import { DecodedToken } from './decoded-token';
import { useJwtStore } from './jwt-store';
import { VerdictBadge } from './verdict-badge';
import { VerifyPanel } from './verify-panel';

/** Opens a stored webhook's tokens (`#/jwt?event=<id>`): the header token first, as the service sends both. */
function useEventTokens(eventId: number | null, onToken: (token: string) => void) {
  const [tokens, setTokens] = useState<EventTokens | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (eventId === null) return;
    let current = true;
    bridge.getEventTokens({ id: eventId }).then(
      (found) => {
        if (!current) return;
        setTokens(found);
        setError(null);
        const first = found.tokens.find((entry) => entry.token !== null);
        if (first?.token != null) onToken(first.token);
      },
      (failure: unknown) => current && setError(errorMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [eventId, onToken]);
  return { tokens, error };
}

/** Paste a token (or open one from a webhook) to decode and verify it; craft tokens for negative tests. */
export function JwtView() {
  const { token, setToken } = useJwtStore(
    useShallow((state) => ({ token: state.token, setToken: state.setToken })),
  );
  const { params, replaceParams } = useNavigation(
    useShallow((state) => ({ params: state.params, replaceParams: state.replaceParams })),
  );
  const paramToken = params.get('token');
  const eventParam = params.get('event');
  const eventId = eventParam !== null && /^\d+$/.test(eventParam) ? Number(eventParam) : null;

  useEffect(() => {
    if (paramToken !== null) setToken(paramToken);
  }, [paramToken, setToken]);
  const { tokens, error } = useEventTokens(eventId, setToken);
  const decoded = useMemo(() => (token.trim() === '' ? null : decodeJwt(token)), [token]);

  const inspect = (next: string) => {
    setToken(next);
    replaceParams(new URLSearchParams({ token: next }));
  };
  // Only the tokens of the webhook in the URL (not those of one opened before).
  const shownTokens = tokens !== null && tokens.id === eventId ? tokens : null;
  const eventChoices = (shownTokens?.tokens ?? []).filter((entry) => entry.token !== null);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Title order={3}>JWT inspector</Title>
            {eventId !== null && error !== null && <Alert color="red">{error}</Alert>}
            {shownTokens !== null && (
              <Stack gap={4}>
                <Text size="sm">Tokens of webhook #{shownTokens.id}:</Text>
                {shownTokens.checks.map((check) => (
                  <Group key={check.source} gap="xs">
                    <Text size="sm" w={70}>
                      {check.source}
                    </Text>
                    <VerdictBadge kind="token" verdict={check.verdict} size="xs" />
                    <Text size="xs" c="dimmed">
                      {check.reason} (as judged on arrival)
                    </Text>
                  </Group>
                ))}
                {eventChoices.length > 1 && eventChoices[0]?.token !== eventChoices[1]?.token && (
                  <SegmentedControl
                    aria-label="Token to inspect"
                    data={eventChoices.map((entry) => ({
                      value: entry.token ?? '',
                      label: `From the ${entry.source}`,
                    }))}
                    value={token}
                    onChange={setToken}
                  />
                )}
              </Stack>
            )}
            <Textarea
              label="Token"
              placeholder="eyJhbGciOiJIUzI1NiIs…"
              autosize
              minRows={3}
              value={token}
              onChange={(event) => setToken(event.currentTarget.value)}
              styles={{ input: { ...monoInput.styles.input, wordBreak: 'break-all' } }}
            />
            {decoded !== null && <DecodedToken decoded={decoded} />}
            <VerifyPanel token={token} />
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder padding="lg">
          <CraftPanel onInspect={inspect} />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
