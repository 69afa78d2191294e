import { Alert, Anchor, Button, Card, Grid, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useEffect, useMemo, useState, type ClipboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  TOKEN_MAX_CHARS,
  TOKEN_TOO_LONG,
  type EventTokens,
  type JwtVerification,
} from '@shared/contract/jwt';
import { formatCount } from '@shared/count-format';
import { readRecordIdParam } from '@shared/event-filter-params';
import { decodeJwt } from '@shared/jwt/decode-jwt';
import { tokenRecordName } from '@shared/jwt/token-record-words';
import { monoInput } from '@ui/mono-input';
import { useNavigation } from '@ui/navigation';
import { errorMessage } from '@bridge/bridge-error';
import { CraftPanel } from './craft-panel';
import { DecodedToken } from './decoded-token';
import { useInspectorClock } from './inspector-clock';
import { useJwtStore, type StoredSubject } from './jwt-store';
import { RecordTokens } from './record-tokens';
import { RecordVerdict } from './record-verdict';
import { useSecretChoice, VerdictNow, VerifyAgainst, type VerifySubject } from './verify-panel';

/**
 * A stored webhook's tokens (`#/jwt?event=<id>`), masked; the header token is inspected first.
 * What was inspected before (another record's token, a token the address held, an edited copy)
 * is cleared as the address names a record: a record that does not exist said so over webhook
 * #2's token and verdict, still labelled as #2's.
 */
function useEventTokens(eventId: number | null, onFirst: (stored: StoredSubject) => void) {
  const [opened, setOpened] = useState<EventTokens | null>(null);
  const [failure, setFailure] = useState<{ eventId: number; message: string } | null>(null);
  useEffect(() => {
    if (eventId === null) return;
    const { clearInspected, eventTokens } = useJwtStore.getState();
    clearInspected();
    let current = true;
    eventTokens(eventId).then(
      (found) => {
        if (!current) return;
        setOpened(found);
        const first = found.tokens.find((entry) => entry.masked !== null);
        if (first?.masked != null)
          onFirst({ eventId, source: first.source, masked: first.masked, decoded: first.decoded });
      },
      (error: unknown) => current && setFailure({ eventId, message: errorMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [eventId, onFirst]);
  const shown = opened !== null && opened.id === eventId ? opened : null;
  return {
    tokens: shown,
    judgement: shown?.judgement ?? null,
    // Said for the record the address names now, never for the one named before it.
    error: failure !== null && failure.eventId === eventId ? failure.message : null,
  };
}

/**
 * Paste a token, or open one a webhook carried, to decode and verify it; craft tokens for
 * negative tests. What came with the record (and how the listener judged it on arrival) is a
 * card of its own; the verdict on the token being inspected now is at the top, under the record's
 * own verdict while that token is the record's (record-verdict.tsx).
 */
export function JwtView() {
  const { token, stored, editedFrom, setToken, inspectStored, editStoredCopy } = useJwtStore(
    useShallow((state) => ({
      token: state.token,
      stored: state.stored,
      editedFrom: state.editedFrom,
      setToken: state.setToken,
      inspectStored: state.inspectStored,
      editStoredCopy: state.editStoredCopy,
    })),
  );
  const { params, replaceParams } = useNavigation(
    useShallow((state) => ({ params: state.params, replaceParams: state.replaceParams })),
  );
  const paramToken = params.get('token');
  const eventParam = params.get('event');
  // `event=abc` opened an empty inspector without a word: it is said, as a record that does not
  // exist is, and nothing inspected before it stays.
  const eventRead = eventParam === null ? null : readRecordIdParam('event', eventParam);
  const eventId = eventRead?.id ?? null;
  const addressProblem = eventRead?.problem ?? null;
  const [revealError, setRevealError] = useState<string | null>(null);
  // The verdict VerdictNow shows, for the record's verdict above it to say why they differ.
  const [checkedNow, setCheckedNow] = useState<JwtVerification | null>(null);
  useInspectorClock();

  useEffect(() => {
    if (paramToken !== null) setToken(paramToken);
  }, [paramToken, setToken]);
  useEffect(() => {
    if (addressProblem !== null) useJwtStore.getState().clearInspected();
  }, [addressProblem]);
  const { tokens, judgement, error } = useEventTokens(eventId, inspectStored);
  const secretChoice = useSecretChoice(tokens);
  // Over the limit main refuses the token (the verdict says so): it is not decoded here either,
  // or its claims would stand below that refusal as if they had been read.
  const decoded = useMemo(
    () =>
      stored !== null
        ? stored.decoded
        : token.trim() === '' || token.length > TOKEN_MAX_CHARS
          ? null
          : // Pasted: read without the whitespace a copy brings, which its warnings name.
            decodeJwt(token, { pasted: true }),
    [stored, token],
  );

  // An edit takes the token out of the address (#/jwt?token=…): kept there, a reload brought
  // back the old token in place of the edit. The edit itself is not written there (an edited
  // copy of a webhook's token must not reach the address bar or its history).
  const edit = (next: string) => {
    setToken(next);
    setPasteRefused(null);
    if (paramToken !== null && next !== paramToken) {
      const rest = new URLSearchParams(params);
      rest.delete('token');
      replaceParams(rest);
    }
  };
  // A paste that would put the token far over the limit is not taken: main would refuse it, and a
  // box holding megabytes lays them out again on every key (seconds a keystroke). The clipboard
  // keeps it; the note says why.
  const [pasteRefused, setPasteRefused] = useState<string | null>(null);
  const guardPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = event.clipboardData.getData('text/plain');
    const box = event.currentTarget;
    const after = box.value.length - (box.selectionEnd - box.selectionStart) + pasted.length;
    if (after <= TOKEN_MAX_CHARS) return;
    event.preventDefault();
    setPasteRefused(
      `Not pasted: that is ${formatCount(pasted.length)} characters. ${TOKEN_TOO_LONG}. The clipboard still holds it.`,
    );
  };
  const inspect = (next: string) => {
    setToken(next);
    replaceParams(new URLSearchParams({ token: next }));
  };
  const inspectRecordToken = (source: 'header' | 'query') => {
    const entry = tokens?.tokens.find((candidate) => candidate.source === source);
    if (tokens === null || entry?.masked == null) return;
    inspectStored({ eventId: tokens.id, source, masked: entry.masked, decoded: entry.decoded });
  };
  const editStored = async () => {
    if (stored === null) return;
    try {
      await editStoredCopy({ eventId: stored.eventId, source: stored.source });
      setRevealError(null);
    } catch (failure) {
      setRevealError(errorMessage(failure));
    }
  };
  // `webhook #171`, `delivery #170`: the record a token came from, by its kind once it is known.
  const recordName = (eventId: number) =>
    tokens !== null && tokens.id === eventId ? tokenRecordName(tokens) : `record #${eventId}`;
  const subject: VerifySubject =
    stored !== null ? { stored: { eventId: stored.eventId, source: stored.source } } : { token };
  const edited = editedFrom !== null && stored === null && token.trim() !== editedFrom.token;
  const inspectingNothing = stored === null && token.trim() === '';

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Stack gap="md">
          {addressProblem !== null && <Alert color="red">{addressProblem}</Alert>}
          {error !== null && <Alert color="red">{error}</Alert>}
          <Card withBorder padding="lg" data-testid="inspector">
            <Stack gap="md">
              <Title order={3}>JWT inspector</Title>
              {/* Over the record's own token, or over nothing yet (a record with none to inspect);
                  over an edited copy or another token, the record's verdicts are in its card. */}
              {tokens !== null &&
                judgement !== null &&
                (stored?.eventId === tokens.id || inspectingNothing) && (
                  <RecordVerdict
                    tokens={tokens}
                    judgement={judgement}
                    inspecting={stored?.eventId === tokens.id ? stored.source : null}
                    checkedNow={stored?.eventId === tokens.id ? checkedNow : null}
                  />
                )}
              <VerdictNow
                subject={subject}
                against={secretChoice.against}
                timed={decoded !== null && Object.values(decoded.times).some((time) => time !== null)}
                onChecked={setCheckedNow}
                idleText={
                  secretChoice.choice === 'secret' && secretChoice.secret === '' ? (
                    'Paste a secret to verify with.'
                  ) : tokens !== null ? (
                    // Opened from a record with no token to inspect: the way to a webhook's token
                    // was said over the very record it leads to. Its card below says why.
                    `Paste a token to verify it: ${tokenRecordName(tokens)} has none to inspect (below).`
                  ) : (
                    // Where a first-time user finds one: a webhook's, on the timeline.
                    <>
                      Paste a token to verify it, or open the one a webhook carried: pick one of the{' '}
                      <Anchor href="#/timeline?kind=webhook" inherit>
                        webhooks on the timeline
                      </Anchor>
                      , then Open in the JWT inspector.
                    </>
                  )
                }
              />
              <VerifyAgainst secretChoice={secretChoice} />
              {stored !== null ? (
                <Stack gap={4} data-testid="inspected-token">
                  <Text size="sm" fw={500}>
                    Token
                  </Text>
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="sm" ff="monospace">
                      {stored.masked}{' '}
                      <Text span size="xs" c="dimmed" ff="inherit">
                        (the {stored.source === 'header' ? 'Authorization header' : '?serviceToken='} token of{' '}
                        {recordName(stored.eventId)}, masked)
                      </Text>
                    </Text>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconEdit size={14} />}
                      onClick={() => void editStored()}
                      // The masked token's note wraps; the button's words never do.
                      style={{ flexShrink: 0 }}
                    >
                      Edit a copy
                    </Button>
                  </Group>
                  {revealError !== null && <Alert color="red">{revealError}</Alert>}
                </Stack>
              ) : (
                <Textarea
                  label="Token"
                  placeholder="eyJhbGciOiJIUzI1NiIs…"
                  // Fitting its height to a paste far over the limit took about 2 s a keystroke.
                  autosize={token.length <= TOKEN_MAX_CHARS}
                  minRows={3}
                  rows={token.length <= TOKEN_MAX_CHARS ? undefined : 8}
                  value={token}
                  onChange={(event) => edit(event.currentTarget.value)}
                  onPaste={guardPaste}
                  error={pasteRefused}
                  errorProps={{ 'data-testid': 'token-paste-refused' }}
                  styles={{ input: { ...monoInput.styles.input, wordBreak: 'break-all' } }}
                />
              )}
              {edited && (
                <Alert color="orange" p="xs" data-testid="inspecting-edited">
                  Edited: this is not the token of {recordName(editedFrom.eventId)}; that one is shown below,
                  as {tokens?.kind === 'webhook' ? 'it arrived' : 'it was sent'}.
                </Alert>
              )}
              {decoded !== null && <DecodedToken decoded={decoded} atInspectorNow />}
            </Stack>
          </Card>
          {tokens !== null && judgement !== null && (
            <RecordTokens
              tokens={tokens}
              judgement={judgement}
              inspecting={stored?.eventId === tokens.id ? stored.source : null}
              onInspect={inspectRecordToken}
            />
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Card withBorder padding="lg">
          <CraftPanel onInspect={inspect} />
        </Card>
      </Grid.Col>
    </Grid>
  );
}
