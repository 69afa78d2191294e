import { Alert, Anchor, Badge, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import type { TimelineDetail } from '../../../../../shared/events';
import { decodeJwt } from '../../../../../shared/jwt/decode-jwt';
import { findNotificationTokens } from '../../../../../shared/webhook/find-notification-tokens';
import { webhookDetailsSchema, type TokenCheck } from '../../../../../shared/webhook-details';
import { DecodedToken } from '../../jwt/decoded-token';
import { VerdictBadge } from '../../jwt/verdict-badge';

const SOURCE_LABEL: Record<TokenCheck['source'], string> = {
  header: 'Authorization: Bearer',
  query: '?serviceToken=',
};

/** The listener's verdict on each token it found, with its reason, as judged on arrival. */
function TokenChecks({ detail }: { detail: TimelineDetail }) {
  const parsed = webhookDetailsSchema.safeParse(detail.details);
  if (!parsed.success) {
    return detail.tokenVerdict === null ? null : (
      <Group gap="xs">
        <Text size="sm">Token</Text>
        <VerdictBadge kind="token" verdict={detail.tokenVerdict} />
      </Group>
    );
  }
  const { token } = parsed.data;
  return (
    <Stack gap={6} data-testid="token-checks">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <VerdictBadge kind="token" verdict={token.verdict} />
        <Text size="sm" data-testid="token-reason">
          {token.reason}
        </Text>
      </Group>
      {token.findings.map((finding) => (
        <Group key={finding.path} gap="xs" wrap="nowrap" align="flex-start" data-testid="token-finding">
          <Badge size="xs" color={finding.severity === 'error' ? 'red' : 'yellow'} tt="none">
            {finding.severity}
          </Badge>
          <Text size="xs">{finding.message}</Text>
        </Group>
      ))}
      <Table withTableBorder verticalSpacing={4} aria-label="Token checks">
        <Table.Tbody>
          {token.checks.map((check) => (
            <Table.Tr key={check.source} data-testid={`token-check-${check.source}`}>
              <Table.Th w={170}>{SOURCE_LABEL[check.source]}</Table.Th>
              <Table.Td w={130}>
                {check.present ? (
                  <VerdictBadge kind="token" verdict={check.verdict} size="xs" />
                ) : (
                  <Badge size="xs" color="gray" variant="outline" tt="none">
                    absent
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="xs">{check.reason}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The notification JWT decoded (header, claims, iat/exp/nbf as dates), and a way to the inspector. */
function DecodedNotificationToken({ detail }: { detail: TimelineDetail }) {
  const found = findNotificationTokens(detail.query, detail.requestHeaders);
  const choices = [
    { source: 'header', token: found.header.token },
    { source: 'query', token: found.query.token },
  ].filter((entry): entry is { source: string; token: string } => entry.token !== null);
  const distinct = choices.filter(
    (entry, index) => choices.findIndex((other) => other.token === entry.token) === index,
  );
  const [source, setSource] = useState<string | null>(null);
  const shown = distinct.find((entry) => entry.source === source) ?? distinct[0];
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
      {shown === undefined ? (
        <Text size="sm" c="dimmed">
          No token was sent.
        </Text>
      ) : (
        <>
          {distinct.length > 1 && (
            <SegmentedControl
              size="xs"
              aria-label="Token to decode"
              value={shown.source}
              onChange={setSource}
              data={distinct.map((entry) => ({ value: entry.source, label: `From the ${entry.source}` }))}
            />
          )}
          {distinct.length === 1 && choices.length === 2 && (
            <Text size="xs" c="dimmed">
              The same token came in the query and the header.
            </Text>
          )}
          <DecodedToken decoded={decodeJwt(shown.token)} />
        </>
      )}
    </Stack>
  );
}

/** The body's verdict and every finding (errors and warnings with their JSON paths). */
function BodyFindings({ detail }: { detail: TimelineDetail }) {
  const parsed = webhookDetailsSchema.safeParse(detail.details);
  const findings = parsed.success ? parsed.data.body.findings : [];
  if (detail.bodyVerdict === null) return null;
  return (
    <Stack gap={6} data-testid="body-findings">
      <Group gap="xs">
        <Title order={6}>Body</Title>
        <VerdictBadge kind="body" verdict={detail.bodyVerdict} />
      </Group>
      {findings.length === 0 ? (
        <Text size="sm" c="dimmed">
          No findings: the payload follows the spec.
        </Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} aria-label="Body findings">
          <Table.Tbody>
            {findings.map((finding, index) => (
              <Table.Tr key={`${finding.path}:${index}`}>
                <Table.Td w={80}>
                  <Badge size="xs" color={finding.severity === 'error' ? 'red' : 'yellow'} tt="none">
                    {finding.severity}
                  </Badge>
                </Table.Td>
                <Table.Td w="30%">
                  <Text size="xs" ff="monospace">
                    {finding.path === '' ? '(root)' : finding.path}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{finding.message}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Webhooks, deliveries, replays and forwards: what the listener concluded about them. */
export function VerdictSections({ detail }: { detail: TimelineDetail }) {
  return (
    <Stack gap="md">
      {detail.error !== null && (
        <Alert color="red" p="xs" title="Error">
          {detail.error}
        </Alert>
      )}
      <Stack gap={6}>
        <Title order={6}>Token verdicts</Title>
        <TokenChecks detail={detail} />
      </Stack>
      <DecodedNotificationToken detail={detail} />
      <BodyFindings detail={detail} />
    </Stack>
  );
}
