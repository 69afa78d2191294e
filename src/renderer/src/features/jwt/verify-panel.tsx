import { Alert, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { JwtVerification, SecretSource } from '../../../../shared/contract/jwt';
import { bridge } from '../../bridge';
import { errorMessage } from '../../bridge/bridge-error';
import { useProfilesStore } from '../profiles/profiles-store';
import { SecretSourcePicker, toSecretSource, type SecretChoice } from './secret-source-picker';
import { VerdictBadge } from './verdict-badge';

type Outcome =
  { key: string; state: 'done'; result: JwtVerification } | { key: string; state: 'failed'; message: string };

/** The verdict on the token, checked in main exactly as the listener would check it. */
export function VerifyPanel({ token }: { token: string }) {
  const [choice, setChoice] = useState<SecretChoice>('active');
  const [secret, setSecret] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // Re-check when profiles change (a new notification token, another active profile).
  const profiles = useProfilesStore((state) => state.profiles);
  const trimmed = token.trim();
  const against = toSecretSource(choice, secret);
  const requestKey = trimmed === '' || against === null ? null : JSON.stringify([trimmed, against]);

  useEffect(() => {
    if (requestKey === null) return;
    const [input, source] = JSON.parse(requestKey) as [string, SecretSource];
    let current = true;
    const timer = window.setTimeout(() => {
      bridge.verifyJwt({ token: input, against: source }).then(
        (result) => current && setOutcome({ key: requestKey, state: 'done', result }),
        (error: unknown) =>
          current && setOutcome({ key: requestKey, state: 'failed', message: errorMessage(error) }),
      );
    }, 200);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [requestKey, profiles]);

  const shown = requestKey === null ? 'idle' : outcome?.key === requestKey ? outcome : 'checking';

  return (
    <Stack gap="sm">
      <Title order={5}>Verdict</Title>
      <SecretSourcePicker
        label="Verify against"
        choice={choice}
        secret={secret}
        onChoice={setChoice}
        onSecret={setSecret}
      />
      {shown === 'idle' && (
        <Text size="sm" c="dimmed">
          {choice === 'secret' && secret === ''
            ? 'Paste a secret to verify with.'
            : 'Paste a token to verify it.'}
        </Text>
      )}
      {shown === 'checking' && <Loader size="sm" aria-label="Verifying" />}
      {typeof shown === 'object' && shown.state === 'failed' && <Alert color="red">{shown.message}</Alert>}
      {typeof shown === 'object' && shown.state === 'done' && (
        <Stack gap={4} data-testid="jwt-verdict">
          <Group gap="xs">
            <VerdictBadge kind="token" verdict={shown.result.verdict} size="md" />
            <Text size="sm" data-testid="jwt-verdict-reason">
              {shown.result.reason}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            Checked against {shown.result.against}, clock tolerance {shown.result.clockToleranceSeconds} s.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
