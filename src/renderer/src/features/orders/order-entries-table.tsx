import { Anchor, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TimelineSummary } from '@shared/events';
import { VerdictBadge } from '@features/jwt';
import type { LifecycleEntry } from '@shared/orders/order-lifecycle';
import { otherProfileWord } from '@shared/orders/order-profile';
import { importOriginWords, whoseTitle } from '@shared/provenance';
import { recordStatusWord } from '@shared/record-status';
import { EFFECT_COLOR, EFFECT_LABEL, PROVENANCE_LABEL, WHOLE_BADGE } from '@ui/order-format';
import { formatShortInstant, instantTitle } from '@ui/instant-format';
import { useToday } from '@ui/use-today';
import { TableHeader } from '@ui/table-header';
import { StateBadge } from './state-badge';
import { bodyFindingsAsRead, tokenFindingsAsRead } from '@shared/damaged-record-words';

function Verdicts({ record }: { record: TimelineSummary | undefined }) {
  if (record === undefined) return null;
  return (
    <Group gap={4}>
      {record.tokenVerdict !== null && (
        <VerdictBadge
          kind="token"
          verdict={record.tokenVerdict}
          findings={tokenFindingsAsRead(record)}
          size="xs"
        />
      )}
      {record.bodyVerdict !== null && (
        <VerdictBadge
          kind="body"
          verdict={record.bodyVerdict}
          findings={bodyFindingsAsRead(record)}
          size="xs"
        />
      )}
    </Group>
  );
}

/** Every record of the order with what it did to the state, each linking to the timeline. */
export function OrderEntriesTable({
  entries,
  records,
}: {
  entries: readonly LifecycleEntry[];
  records: readonly TimelineSummary[];
}) {
  const today = useToday();
  const byId = new Map(records.map((record) => [record.id, record]));
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover fz="xs" data-testid="order-records">
        <TableHeader
          columns={[
            'Time, kind',
            'What, and why it had its effect',
            'Status, verdicts',
            'Effect, state after',
          ]}
        />
        <Table.Tbody>
          {entries.map((entry) => {
            const record = byId.get(entry.recordId);
            return (
              <Table.Tr
                key={entry.recordId}
                data-testid="order-record"
                data-effect={entry.effect}
                data-provenance={entry.provenance}
              >
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Anchor href={`#/timeline?id=${entry.recordId}`} size="xs" title={instantTitle(entry.at)}>
                    {formatShortInstant(entry.at, today)}
                  </Anchor>
                  <Group gap={4} wrap="nowrap">
                    <Text size="xs">{entry.kind}</Text>
                    {PROVENANCE_LABEL[entry.provenance] !== null && (
                      // Never the service's here (its label is null): the token verdict decides nothing.
                      <Tooltip label={`The console's doing: ${whoseTitle({ ...entry, tokenVerdict: null })}`}>
                        <Badge
                          styles={WHOLE_BADGE}
                          size="xs"
                          color="orange"
                          variant="outline"
                          data-testid="record-provenance"
                        >
                          {PROVENANCE_LABEL[entry.provenance]}
                          {/* An import says what it was where it came from, as every list does. */}
                          {importOriginWords(entry) === null ? '' : ` · ${importOriginWords(entry)}`}
                        </Badge>
                      </Tooltip>
                    )}
                    {entry.otherProfile !== null && (
                      <Tooltip label="Came under another profile than the order's: another merchant account or environment, so it is not counted">
                        <Badge
                          styles={WHOLE_BADGE}
                          size="xs"
                          color="orange"
                          variant="outline"
                          data-testid="record-other-profile"
                        >
                          {otherProfileWord(entry.otherProfile)}
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                  {entry.linkedRecordId !== null && (
                    <Anchor href={`#/timeline?id=${entry.linkedRecordId}`} size="xs">
                      arrived as #{entry.linkedRecordId}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td miw={160}>
                  <Text size="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {entry.what}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {entry.evidence}
                  </Text>
                </Table.Td>
                <Table.Td w={120}>
                  {/* The Timeline's word for it: a delivery the emulator dropped is not sent, a call with no answer failed. */}
                  <Text size="xs">{record === undefined ? '—' : recordStatusWord(record, '—')}</Text>
                  <Verdicts record={record} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap={4} wrap="nowrap" mb={4}>
                    <Badge styles={WHOLE_BADGE} size="xs" color={EFFECT_COLOR[entry.effect]} variant="light">
                      {EFFECT_LABEL[entry.effect]}
                    </Badge>
                    {entry.unverified && (
                      <Tooltip label="Its notification token was not judged valid, so it is not counted">
                        <IconAlertTriangle
                          size={14}
                          color="var(--mantine-color-orange-6)"
                          aria-label="unverified"
                        />
                      </Tooltip>
                    )}
                  </Group>
                  <StateBadge state={entry.stateAfter} size="xs" />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
