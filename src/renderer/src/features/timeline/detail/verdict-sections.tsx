import { Alert, Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { SEVERITY_COLOR } from '@ui/severity-color';
import type { TimelineDetail } from '@shared/events';
import { deliveryAttemptFacts, injectedFaultsSentence } from '@shared/emulator-fault-words';
import { IMPORTED_TOKEN_VERDICT } from '@shared/jwt/imported-verdict-words';
import { NOT_SENT_WORDS } from '@shared/record-status';
import { isUnreadRequest, NOT_JUDGED_WHY } from '@shared/raw-request';
import { webhookDetailsSchema, type TokenCheck } from '@shared/webhook-details';
import { VerdictBadge } from '@features/jwt';
import { CheckEndpointCase } from './check-endpoint-case';
import { DecodedNotificationToken } from './decoded-notification-token';
import { tokenVerdictsStored } from './token-verdicts-stored';
import { isWithheld } from './withheld-notice';

const SOURCE_LABEL: Record<TokenCheck['source'], string> = {
  header: 'Authorization: Bearer',
  query: '?serviceToken=',
};

/** Said under an imported record's token verdict: the file's word, not the listener's. */
function ImportedVerdictNote({ detail }: { detail: TimelineDetail }) {
  return detail.imported ? (
    <Text size="xs" c="dimmed" data-testid="token-verdict-imported">
      {IMPORTED_TOKEN_VERDICT}
    </Text>
  ) : null;
}

/**
 * The listener's verdict on each token it found, with its reason, as judged on arrival; an
 * imported record's, as its file gave it, said so.
 */
function TokenChecks({ detail }: { detail: TimelineDetail }) {
  const parsed = webhookDetailsSchema.safeParse(detail.details);
  if (!parsed.success) {
    return detail.tokenVerdict === null ? null : (
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm">Token</Text>
          <VerdictBadge kind="token" verdict={detail.tokenVerdict} imported={detail.imported} />
        </Group>
        <ImportedVerdictNote detail={detail} />
      </Stack>
    );
  }
  const { token } = parsed.data;
  return (
    <Stack gap={6} data-testid="token-checks">
      <ImportedVerdictNote detail={detail} />
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <VerdictBadge kind="token" verdict={token.verdict} imported={detail.imported} />
        <Text size="sm" data-testid="token-reason">
          {token.reason}
        </Text>
      </Group>
      {token.findings.map((finding) => (
        <Group key={finding.path} gap="xs" wrap="nowrap" align="flex-start" data-testid="token-finding">
          <Badge size="xs" color={SEVERITY_COLOR[finding.severity]} tt="none">
            {finding.severity}
          </Badge>
          <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
            {finding.message}
          </Text>
        </Group>
      ))}
      {/* Where each token was found and its verdict. A check's reason is said here only when it
          differs from the one above: the same token in both places has one sentence, said once. */}
      <Table withTableBorder verticalSpacing={4} aria-label="Token checks">
        <Table.Tbody>
          {token.checks.map((check) => (
            <Table.Tr key={check.source} data-testid={`token-check-${check.source}`}>
              <Table.Th w="1%" style={{ whiteSpace: 'nowrap' }}>
                <Text size="xs" ff="monospace" fw={700} span>
                  {SOURCE_LABEL[check.source]}
                </Text>
              </Table.Th>
              <Table.Td>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  {check.present ? (
                    <VerdictBadge kind="token" verdict={check.verdict} size="xs" />
                  ) : (
                    <Badge size="xs" color="gray" variant="outline" tt="none" style={{ flexShrink: 0 }}>
                      absent
                    </Badge>
                  )}
                  {check.reason !== token.reason && (
                    <Text size="xs" data-testid="token-check-reason">
                      {check.reason}
                    </Text>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * The body's verdict and every finding (errors and warnings with their JSON paths), from the
 * one judgement stored with the record: the same words wherever this body appears.
 */
function BodyFindings({ detail }: { detail: TimelineDetail }) {
  const parsed = webhookDetailsSchema.shape.body.safeParse(detail.details['body']);
  const findings = parsed.success ? parsed.data.findings : [];
  const bodyWithheld = isWithheld(detail, 'requestBody');
  if (detail.bodyVerdict === null) return null;
  return (
    <Stack gap={6} data-testid="body-findings">
      <Group gap="xs">
        <Title order={6}>Body</Title>
        <VerdictBadge
          kind="body"
          verdict={detail.bodyVerdict}
          findings={parsed.success ? findings.length : null}
        />
      </Group>
      {/* The judgement was stored as the body arrived: a withheld body keeps it, said as such. */}
      {bodyWithheld && parsed.success && (
        <Text size="xs" c="dimmed" data-testid="body-findings-withheld">
          As judged on arrival. The body itself is withheld here (see Request).
        </Text>
      )}
      {!parsed.success ? (
        <Text size="sm" c="dimmed">
          This record carries no judgement of its body (stored before the console kept one).
        </Text>
      ) : findings.length === 0 ? (
        <Text size="sm" c="dimmed">
          {bodyWithheld
            ? 'No findings when it arrived: the payload followed the spec.'
            : 'No findings: the payload follows the spec.'}
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} aria-label="Body findings">
          <Table.Tbody>
            {findings.map((finding, index) => (
              <Table.Tr key={`${finding.path}:${index}`}>
                <Table.Td w={80}>
                  <Badge size="xs" color={SEVERITY_COLOR[finding.severity]} tt="none">
                    {finding.severity}
                  </Badge>
                </Table.Td>
                <Table.Td w="30%">
                  <Text size="xs" ff="monospace">
                    {finding.path === '' ? '(root)' : finding.path}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* A quoted value is one unbroken word (40 characters of a capture_id): it wraps
                      rather than pushing the message out of the pane at 1280. */}
                  <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                    {finding.message}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/**
 * An emulator delivery's attempt (n/N) and the faults injected into it, said first: a 403 to a
 * token the emulator signed wrong on purpose read as the merchant's fault ("Error: The target
 * answered 403.", "Not decoded on arrival") with nothing saying the emulator caused it.
 */
function DeliveryAttempt({ detail, injected }: { detail: TimelineDetail; injected: string | null }) {
  const { attempt, last } = deliveryAttemptFacts(detail.details);
  const failed = detail.error !== null || detail.status === null;
  return (
    <Stack gap={6} data-testid="delivery-attempt">
      {attempt !== null && (
        <Text size="sm">
          The emulator&apos;s {attempt}
          {last && failed ? ', its last: it gave up.' : '.'}
        </Text>
      )}
      {injected !== null && (
        <Alert color="grape" p="xs" title="Faults injected by the emulator" data-testid="delivery-faults">
          {injected}
        </Alert>
      )}
    </Stack>
  );
}

/** Webhooks, deliveries, replays and forwards: what the listener concluded about them. */
export function VerdictSections({ detail }: { detail: TimelineDetail }) {
  const injected =
    detail.kind === 'delivery' ? injectedFaultsSentence(deliveryAttemptFacts(detail.details).faults) : null;
  // The stored error says the faults too (history, the Emulator view); here they have their own note.
  const errorWords = injected === null ? detail.error : (detail.error?.replace(` ${injected}`, '') ?? null);
  // A record never sent (a forward its guard refused, a dropped delivery) failed nowhere: its
  // words are why nothing went, titled as its status reads, not as an error.
  const error =
    errorWords === null ? null : (
      <Alert
        color={detail.notSent === null ? 'red' : 'gray'}
        p="xs"
        title={detail.notSent === null ? 'Error' : NOT_SENT_WORDS[detail.notSent]}
      >
        {errorWords}
      </Alert>
    );
  const attempt = detail.kind === 'delivery' ? <DeliveryAttempt detail={detail} injected={injected} /> : null;
  // Not "Token verdicts" over nothing, "Not decoded", and of the body not a word.
  if (isUnreadRequest(detail))
    return (
      <Stack gap="md">
        {attempt}
        {error}
        <Text size="sm" data-testid="not-judged">
          {NOT_JUDGED_WHY} The bytes that arrived are under Request.
        </Text>
      </Stack>
    );
  return (
    <Stack gap="md">
      {attempt}
      {error}
      <CheckEndpointCase detail={detail} />
      {/* A request the console sent holds no verdict: no heading over nothing. */}
      {tokenVerdictsStored(detail) && (
        <Stack gap={6}>
          <Title order={6}>Token verdicts</Title>
          <TokenChecks detail={detail} />
        </Stack>
      )}
      <DecodedNotificationToken detail={detail} />
      <BodyFindings detail={detail} />
    </Stack>
  );
}
