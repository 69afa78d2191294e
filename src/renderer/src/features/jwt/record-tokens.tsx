import { Alert, Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconCopy, IconSearch } from '@tabler/icons-react';
import { Fragment } from 'react';
import type { EventTokens } from '@shared/contract/jwt';
import { judgedOnArrival, tokenRecordWords } from '@shared/jwt/token-record-words';
import { tokenWarnings } from '@shared/jwt/token-warnings';
import { copyRecordToken } from '@features/timeline';
import type { RecordJudgement } from '@shared/jwt/record-judgement';
import { noTokenWords, TOKEN_PLACE as PLACE, whyOwnVerdictDiffers } from './record-judgement';
import { VerdictBadge } from './verdict-badge';

/**
 * What came with the record, kept apart from the token being inspected now, so an edit in the
 * editor never seems to change what arrived. A webhook's, as the listener judged it on arrival;
 * an emulator delivery's as it was sent, with the way to the listener's record of it (which holds
 * the verdicts); one never sent says so (token-record-words.ts). Each token's verdict is its own;
 * where it is not the record's (above the editor), the row says why. A raw request's places were
 * never read, so they are not listed as "absent": what its bytes carry is said instead.
 */
export function RecordTokens({
  tokens,
  judgement,
  inspecting,
  onInspect,
}: {
  tokens: EventTokens;
  judgement: RecordJudgement;
  /** Which of the record's tokens the editor holds by reference, if any. */
  inspecting: 'header' | 'query' | null;
  onInspect: (source: 'header' | 'query') => void;
}) {
  const present = tokens.tokens.filter((entry) => entry.masked !== null);
  const words = tokenRecordWords(tokens, judgement.state === 'judged' && judgement.imported);
  return (
    <Card
      withBorder
      padding="md"
      data-testid="record-tokens"
      data-kind={tokens.kind}
      bg="var(--mantine-color-default-hover)"
    >
      <Stack gap="xs">
        <Title order={5}>{words.heading}</Title>
        <Text size="xs" c="dimmed">
          {words.caption}
        </Text>
        {words.judgedIn !== null && (
          <Anchor href={`#/jwt?event=${words.judgedIn}`} size="xs" data-testid="judged-in">
            Open the listener's record, webhook #{words.judgedIn}, with its verdicts
          </Anchor>
        )}
        {tokens.notSent === null && judgement.state !== 'unread' && (
          <Table
            withTableBorder
            verticalSpacing={4}
            aria-label={judgedOnArrival(tokens) ? 'Tokens as they arrived' : 'Tokens as they were sent'}
          >
            <Table.Tbody>
              {tokens.tokens.map((entry) => {
                const check = tokens.checks.find((candidate) => candidate.source === entry.source);
                const differs =
                  check === undefined ? null : whyOwnVerdictDiffers(judgement, check, tokens.checks);
                // Two rows a token: where, verdict, token and buttons; then the listener's reason
                // across the whole card (beside three fixed columns it had about 70 px at 1280).
                return (
                  <Fragment key={entry.source}>
                    <Table.Tr style={{ borderBottom: 'none' }}>
                      <Table.Th style={{ whiteSpace: 'nowrap' }}>{PLACE[entry.source]}</Table.Th>
                      <Table.Td>
                        {check === undefined ? null : check.present ? (
                          // With the findings stored of this token, as the record's chip carries them.
                          <VerdictBadge
                            kind="token"
                            verdict={check.verdict}
                            findings={tokenWarnings(check)}
                            size="xs"
                          />
                        ) : (
                          // As the Timeline's token checks: an absent place has no verdict of its own.
                          <Badge size="xs" color="gray" variant="outline" tt="none">
                            absent
                          </Badge>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {/* The place's problem is its reason, said on the next row: not twice. */}
                        {entry.masked !== null && (
                          <Text size="xs" ff="monospace">
                            {entry.masked}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {entry.masked !== null && (
                          <Group gap={4} wrap="nowrap" justify="flex-end">
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
                    {check !== undefined && (
                      <Table.Tr>
                        <Table.Td colSpan={4} pt={0}>
                          <Text size="xs" c="dimmed">
                            {check.reason}
                          </Text>
                          {differs !== null && (
                            <Text size="xs" data-testid="token-verdict-differs">
                              {differs}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Fragment>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        {tokens.sameInBoth && (
          <Text size="xs" c="dimmed">
            The same token came in the query and the header.
          </Text>
        )}
        {present.length === 0 && tokens.notSent === null && (
          <Alert color="gray" p="xs" data-testid="record-no-token">
            {noTokenWords(tokens, judgement)}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
