import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import {
  TOKEN_MAX_CHARS,
  TOKEN_TOO_LONG,
  type EventTokens,
  type JwtVerification,
  type SecretSource,
  type StoredToken,
} from '@shared/contract/jwt';
import { formatCount } from '@shared/count-format';
import { tokenRecordName } from '@shared/jwt/token-record-words';
import { verificationWarnings } from '@shared/jwt/token-warnings';
import { errorMessage } from '@bridge/bridge-error';
import { useProfilesStore } from '@features/profiles';
import { useJwtStore } from './jwt-store';
import { recordChoice, verifyChoiceFor, type PickedChoice } from './record-verify-choice';
import { SecretSourcePicker, toSecretSource, type SecretChoice } from './secret-source-picker';
import { VerdictBadge } from './verdict-badge';

/** A check's answer, for the subject and secret of `key`, judged at `atMs`. */
type Outcome = { key: string; atMs: number } & (
  { state: 'done'; result: JwtVerification } | { state: 'failed'; message: string }
);

/** The answer to show: a later moment's, for the same subject, never overtaken by an earlier one. */
const later = (shown: Outcome | null, next: Outcome): Outcome =>
  shown !== null && shown.key === next.key && shown.atMs > next.atMs ? shown : next;

/** What is checked: a token as typed, or one a stored record carried (verified in main by reference). */
export type VerifySubject = { token: string } | { stored: StoredToken } | null;

/**
 * The secret to verify with, chosen under the verdict. In a record's view it is what the record
 * was judged against until another is chosen there (record-verify-choice.ts).
 */
export function useSecretChoice(record: Pick<EventTokens, 'id' | 'kind' | 'judgedAgainst'> | null) {
  const [picked, setPicked] = useState<PickedChoice>({ choice: 'active', pickedIn: null });
  const [secret, setSecret] = useState('');
  const activeProfileId = useProfilesStore((state) => state.activeProfileId);
  const { choice, ownOverRecord } = verifyChoiceFor(picked, record, activeProfileId);
  const setChoice = (next: SecretChoice) => setPicked({ choice: next, pickedIn: record?.id ?? null });
  return {
    choice,
    setChoice,
    secret,
    setSecret,
    against: toSecretSource(choice, secret),
    ownOverRecord,
    record,
  };
}

/**
 * The verdict on the token being inspected, checked in main exactly as the listener would
 * check it: shown first, at the top of the inspector. It is judged at the inspector's clock, the
 * now its time claims are described at; a token with time claims (`timed`) is judged again at
 * each tick, so one that passes its exp and the tolerance turns expired while it is looked at.
 */
export function VerdictNow({
  subject,
  against,
  timed,
  idleText,
  onChecked,
}: {
  subject: VerifySubject;
  against: SecretSource | null;
  timed: boolean;
  idleText: ReactNode;
  /** Told the verdict shown (null while none is), for the record's verdict above to compare. */
  onChecked?: (result: JwtVerification | null) => void;
}) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Re-check when profiles change (a new notification token, another active profile).
  const profiles = useProfilesStore((state) => state.profiles);
  // Sent as typed: main reads it as pasted and names the whitespace it takes out (pasted-token.ts).
  const typed = subject !== null && 'token' in subject ? subject.token : null;
  const empty = subject === null || typed?.trim() === '';
  // Main would refuse it (its schema's limit): said here, without sending megabytes on every key.
  const tooLong = typed !== null && typed.length > TOKEN_MAX_CHARS;
  const requestKey =
    empty || tooLong || against === null
      ? null
      : JSON.stringify([typed === null ? subject : { token: typed }, against]);

  useEffect(() => {
    if (requestKey === null) return;
    const [input, source] = JSON.parse(requestKey) as [
      { token: string } | { stored: StoredToken },
      SecretSource,
    ];
    let current = true;
    const show = (next: Outcome) => current && setOutcome((shown) => later(shown, next));
    const check = (atMs: number) =>
      useJwtStore
        .getState()
        .verify({ ...input, against: source, atMs })
        .then(
          (result) => show({ key: requestKey, atMs, state: 'done', result }),
          (error: unknown) => show({ key: requestKey, atMs, state: 'failed', message: errorMessage(error) }),
        );
    let stopFollowing = () => {};
    // After a pause in typing; then, for a token whose verdict depends on the time, at each tick
    // (an answer still on its way is not dropped by the next tick, only by another subject).
    const timer = window.setTimeout(() => {
      void check(useJwtStore.getState().now);
      if (timed)
        stopFollowing = useJwtStore.subscribe((state, previous) => {
          if (state.now !== previous.now) void check(state.now);
        });
    }, 200);
    return () => {
      current = false;
      window.clearTimeout(timer);
      stopFollowing();
    };
  }, [requestKey, profiles, timed]);

  const shown = requestKey === null ? 'idle' : outcome?.key === requestKey ? outcome : 'checking';
  const checked = typeof shown === 'object' && shown.state === 'done' ? shown.result : null;
  useEffect(() => onChecked?.(checked), [checked, onChecked]);
  return (
    <Stack gap={4} data-testid="jwt-verdict" aria-live="polite">
      {tooLong ? (
        <Alert color="red">
          {TOKEN_TOO_LONG}; this one has {formatCount(typed.length)}. It was not sent to be verified.
        </Alert>
      ) : (
        shown === 'idle' && (
          <Text size="sm" c="dimmed">
            {idleText}
          </Text>
        )
      )}
      {shown === 'checking' && <Loader size="sm" aria-label="Verifying" />}
      {typeof shown === 'object' && shown.state === 'failed' && <Alert color="red">{shown.message}</Alert>}
      {typeof shown === 'object' && shown.state === 'done' && (
        <>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {/* With its findings, as the Timeline's chip of the same token: never a plain green valid. */}
            <VerdictBadge
              kind="token"
              verdict={shown.result.verdict}
              findings={verificationWarnings(shown.result)}
              size="md"
            />
            <Text size="sm" data-testid="jwt-verdict-reason">
              {shown.result.reason}
            </Text>
          </Group>
          {shown.result.crafted !== null && (
            <Alert color="orange" p="xs" title="Crafted by this console" data-testid="jwt-crafted">
              {shown.result.crafted.reason}
            </Alert>
          )}
          {/* What `jwt verify` prints as warning: lines: where the official client judges otherwise. */}
          {shown.result.warnings.map((warning) => (
            <Alert key={warning} color="orange" p="xs" data-testid="jwt-client-warning">
              {warning}
            </Alert>
          ))}
          <Text size="xs" c="dimmed">
            Checked now against {shown.result.against}, clock tolerance {shown.result.clockToleranceSeconds}{' '}
            s.
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * Which secret the verdict is checked against. Over a record, another choice than the one the
 * record was judged against is said to be the user's, with the way back to the record's.
 */
export function VerifyAgainst({ secretChoice }: { secretChoice: ReturnType<typeof useSecretChoice> }) {
  const { record, ownOverRecord, setChoice } = secretChoice;
  const judged = record?.judgedAgainst ?? null;
  return (
    <Stack gap={4}>
      <SecretSourcePicker
        label="Verify against"
        choice={secretChoice.choice}
        secret={secretChoice.secret}
        onChoice={setChoice}
        onSecret={secretChoice.setSecret}
      />
      {record !== null && judged !== null && ownOverRecord && (
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" c="orange" data-testid="verify-against-own">
            Your choice, not the record's: {tokenRecordName(record)} was judged on arrival against the
            notification token of profile "{judged.profileName}".
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            style={{ flexShrink: 0 }}
            onClick={() => setChoice(recordChoice(judged))}
          >
            Verify against profile {judged.profileName}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
