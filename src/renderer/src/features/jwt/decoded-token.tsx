import { Alert, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { DecodedJwt, TimeClaim } from '../../../../shared/jwt/decode-jwt';
import { describeRelative } from '../../../../shared/relative-time';
import { useNow } from './use-now';

const TIME_LABEL: Record<'iat' | 'nbf' | 'exp', string> = {
  iat: 'Issued at (iat)',
  nbf: 'Not before (nbf)',
  exp: 'Expires (exp)',
};

function describeTime(name: 'iat' | 'nbf' | 'exp', time: TimeClaim, now: number): string {
  const relative = describeRelative(time.seconds * 1000, now);
  const past = time.seconds * 1000 <= now;
  if (name === 'exp') return past ? `expired ${relative}` : `expires ${relative}`;
  if (name === 'nbf') return past ? `valid since ${relative}` : `not valid until ${relative}`;
  return `issued ${relative}`;
}

/** Header, claims and the time claims as dates and relative times. */
export function DecodedToken({ decoded }: { decoded: DecodedJwt }) {
  const now = useNow();
  if (!decoded.ok) {
    return (
      <Alert color="red" title="Cannot decode this token" data-testid="decode-problem">
        {decoded.problem}
      </Alert>
    );
  }
  const times = (['iat', 'nbf', 'exp'] as const).flatMap((name) => {
    const time = decoded.times[name];
    return time === null ? [] : [{ name, time }];
  });
  return (
    <Stack gap="sm">
      <Title order={5}>Header</Title>
      <Code block data-testid="jwt-header">
        {JSON.stringify(decoded.header, null, 2)}
      </Code>
      <Title order={5}>Claims</Title>
      <Code block data-testid="jwt-claims">
        {JSON.stringify(decoded.claims, null, 2)}
      </Code>
      {times.length > 0 && (
        <Table withTableBorder aria-label="Time claims">
          <Table.Tbody>
            {times.map(({ name, time }) => (
              <Table.Tr key={name}>
                <Table.Th w={160}>{TIME_LABEL[name]}</Table.Th>
                <Table.Td>
                  <Code>{time.iso}</Code>
                </Table.Td>
                <Table.Td data-testid={`relative-${name}`}>{describeTime(name, time, now)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {times.length === 0 && (
        <Text size="sm" c="dimmed">
          No iat, nbf or exp claim. The spec requires none, so the listener accepts a token without them.
        </Text>
      )}
      {decoded.claimProblems.map((problem) => (
        <Alert key={problem} color="orange">
          {problem}
        </Alert>
      ))}
    </Stack>
  );
}
