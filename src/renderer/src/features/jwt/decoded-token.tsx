import { Alert, Code, Stack, Table, Text, Title } from '@mantine/core';
import type { DecodedJwt } from '@shared/jwt/decode-jwt';
import { NO_TIME_CLAIMS, timeClaimLines } from '@shared/jwt/time-claim-lines';
import { shownTokenPart } from '@shared/jwt/visible-json';
import { useNow } from '@ui/use-now';
import { TableHeader } from '@ui/table-header';
import { useJwtStore } from './jwt-store';
import { formatZoned } from '@ui/instant-format';

const TIME_LABEL: Record<'iat' | 'nbf' | 'exp', string> = {
  iat: 'Issued at (iat)',
  nbf: 'Not before (nbf)',
  exp: 'Expires (exp)',
};

/** This machine's time zone by name (`Asia/Riyadh`), so the Local column says whose local it is. */
const LOCAL_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Where the local clock reads as UTC at that instant, a second copy of the UTC column says nothing. */
const sameAsUtc = (iso: string) => new Date(iso).getTimezoneOffset() === 0;

/**
 * Each time claim in UTC, in local time and relative to now. Now is read afresh for each new set
 * of times (DecodedToken keys this by them) and then every second: read every 15 seconds, a token
 * signed a moment before it was pasted was "issued in 11 seconds" under a verdict checked that
 * instant. In the inspector it is the inspector's own clock, the one its verdict is judged at.
 * Its own component, so the tick lays out only this table again, not the whole token.
 */
function TimeClaims({ decoded, atInspectorNow }: { decoded: DecodedJwt; atInspectorNow: boolean }) {
  const ownNow = useNow(atInspectorNow ? null : 1000);
  const inspectorNow = useJwtStore((state) => state.now);
  const now = atInspectorNow ? inspectorNow : ownNow;
  const times = timeClaimLines(decoded, now);
  return (
    <>
      {times.length > 0 && (
        <Table withTableBorder aria-label="Time claims">
          {/* Three columns, the relative time under its UTC one: with four, the times wrapped mid-value
            in the inspector's card at 1280 wide. */}
          <TableHeader columns={['Claim', 'UTC', `Local (${LOCAL_ZONE})`]} />
          <Table.Tbody>
            {times.map((line) => (
              <Table.Tr key={line.name} data-testid={`time-${line.name}`}>
                <Table.Th style={{ whiteSpace: 'nowrap' }}>{TIME_LABEL[line.name]}</Table.Th>
                {line.time === null ? (
                  // Present, but no date: the verdict above is malformed, never "accepted without it".
                  <Table.Td colSpan={2}>
                    <Text size="sm" c="orange" data-testid={`relative-${line.name}`}>
                      {line.fault}
                    </Text>
                  </Table.Td>
                ) : (
                  <>
                    <Table.Td>
                      {/* ISO 8601, as the verdict's reason and `jwt decode` write the same claim
                          (`2026-03-01 10:15:00 UTC` here beside `…T10:15:00.000Z` there read as two dates). */}
                      <Code style={{ whiteSpace: 'nowrap' }} data-testid={`utc-${line.name}`}>
                        {line.time.iso}
                      </Code>
                      <Text size="sm" data-testid={`relative-${line.name}`}>
                        {line.relative}
                      </Text>
                    </Table.Td>
                    <Table.Td data-testid={`local-${line.name}`}>
                      {sameAsUtc(line.time.iso) ? (
                        <Text size="sm" c="dimmed" span>
                          same as UTC
                        </Text>
                      ) : (
                        <Text size="sm" span>
                          {formatZoned(line.time.iso)}
                        </Text>
                      )}
                    </Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {times.length === 0 && (
        <Text size="sm" c="dimmed">
          {NO_TIME_CLAIMS}
        </Text>
      )}
    </>
  );
}

/**
 * Header, claims, and each time claim in UTC, in local time and relative to now
 * (`atInspectorNow`: the JWT inspector's clock, which its verdict is judged at).
 */
export function DecodedToken({
  decoded,
  atInspectorNow = false,
}: {
  decoded: DecodedJwt;
  atInspectorNow?: boolean;
}) {
  if (!decoded.ok) {
    return (
      <Alert color="red" title="Cannot decode this token" data-testid="decode-problem">
        {decoded.problem}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <TimeClaims key={JSON.stringify(decoded.times)} decoded={decoded} atInspectorNow={atInspectorNow} />
      {decoded.claimProblems.map((problem) => (
        <Alert key={problem} color="orange">
          {problem}
        </Alert>
      ))}
      {(
        [
          ['paste-warning', decoded.pasteWarnings],
          ['name-warning', decoded.nameWarnings],
          ['time-warning', decoded.timeWarnings],
          ['text-warning', decoded.textWarnings],
        ] as const
      ).flatMap(([testId, warnings]) =>
        warnings.map((warning) => (
          <Alert key={warning} color="yellow" data-testid={testId}>
            {warning}
          </Alert>
        )),
      )}
      <Title order={5}>Header</Title>
      <Code block data-testid="jwt-header">
        {shownTokenPart(decoded, 'header', 2)}
      </Code>
      <Title order={5}>Claims</Title>
      <Code block data-testid="jwt-claims">
        {shownTokenPart(decoded, 'claims', 2)}
      </Code>
    </Stack>
  );
}
