import { Alert, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCopy, IconSearch } from '@tabler/icons-react';
import type { EventTokens } from '@shared/contract/jwt';
import { copyRecordToken } from '@features/timeline';
import { VerdictBadge } from './verdict-badge';

const PLACE: Record<'header' | 'query', string> = {
  header: 'Authorization header',
  query: '?serviceToken=',
};

/**
 * What came with the record, as the listener judged it on arrival: kept apart from the token
 * being inspected now, so an edit in the editor never seems to change what arrived.
 */
export function RecordTokens({
  tokens,
  inspecting,
  onInspect,
}: {
  tokens: EventTokens;
  /** Which of the record's tokens the editor holds by reference, if any. */
  inspecting: 'header' | 'query' | null;
  onInspect: (source: 'header' | 'query') => void;
}) {
  const present = tokens.tokens.filter((entry) => entry.masked !== null);
  const sameInBoth = present.length === 2 && present[0]?.masked === present[1]?.masked;
  return (
    <Card withBorder padding="md" data-testid="record-tokens" bg="var(--mantine-color-default-hover)">
      <Stack gap="xs">
        <Title order={5}>Arrived with webhook #{tokens.id}</Title>
        <Text size="xs" c="dimmed">
          As the listener judged it on arrival; editing the token above never changes this.
        </Text>
        <Table withTableBorder verticalSpacing={4} aria-label="Tokens as they arrived">
          <Table.Tbody>
            {tokens.tokens.map((entry) => {
              const check = tokens.checks.find((candidate) => candidate.source === entry.source);
              return (
                <Table.Tr key={entry.source}>
                  <Table.Th w={170}>{PLACE[entry.source]}</Table.Th>
                  <Table.Td w={130}>
                    {check === undefined ? null : (
                      <VerdictBadge kind="token" verdict={check.verdict} size="xs" />
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {entry.masked ?? entry.problem ?? 'absent'}
                    </Text>
                    {check !== undefined && (
                      <Text size="xs" c="dimmed">
                        {check.reason}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td w={190}>
                    {entry.masked !== null && (
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          variant={inspecting === entry.source ? 'filled' : 'light'}
                          leftSection={<IconSearch size={12} />}
                          onClick={() => onInspect(entry.source)}
                          aria-label={`Inspect the ${PLACE[entry.source]} token`}
                        >
                          Inspect
                        </Button>
                        <Button
                          size="compact-xs"
                          variant="default"
                          leftSection={<IconCopy size={12} />}
                          onClick={() => void copyRecordToken(tokens.id, entry.source)}
                          aria-label={`Copy the ${PLACE[entry.source]} token`}
                        >
                          Copy
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
        {sameInBoth && (
          <Text size="xs" c="dimmed">
            The same token came in the query and the header.
          </Text>
        )}
        {present.length === 0 && (
          <Alert color="gray" p="xs">
            This record carried no token.
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
