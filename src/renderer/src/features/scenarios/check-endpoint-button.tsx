import { Alert, Badge, Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import {
  endpointSummaryWords,
  type EndpointCaseResult,
  type EndpointCheckReport,
} from '@shared/scenarios/endpoint-check';
import { liveAddressReachedBy } from '@shared/live-address';
import { confirmLiveEndpointCheck } from '@ui/confirm-live';
import { TableHeader } from '@ui/table-header';
import { useProfilesStore } from '@features/profiles';
import { errorMessage } from '@bridge/bridge-error';
import { checkEndpoint } from './scenarios-store';

const VERDICT_COLOR = {
  pass: 'teal',
  fail: 'red',
  info: 'blue',
  skipped: 'gray',
  unreachable: 'orange',
  no_answer: 'yellow',
  not_sent: 'gray',
} as const satisfies Record<EndpointCaseResult['verdict'], string>;

/**
 * Checks the listener's forward-to URL (the merchant's endpoint) with the conformance battery,
 * signed with the active profile's notification token; each case is a record on the timeline.
 */
export function CheckEndpointButton({ url }: { url: string | null }) {
  const [report, setReport] = useState<EndpointCheckReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [opened, setOpened] = useState(false);
  const profiles = useProfilesStore((state) => state.profiles);
  const run = async () => {
    if (url === null) return;
    // A live profile's address is asked for first, as main's live guard will refuse it unasked.
    const live = liveAddressReachedBy(url, profiles) !== null;
    if (live && !(await confirmLiveEndpointCheck(url))) return;
    setOpened(true);
    setBusy(true);
    setError(null);
    setReport(null);
    try {
      setReport(await checkEndpoint(url, live));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="xs">
      {url === null && (
        <Text size="xs" c="dimmed">
          Set Forward to, then check that endpoint
        </Text>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconShieldCheck size={14} />}
        disabled={url === null}
        title={url === null ? 'Set a forward-to URL first: the battery checks that endpoint.' : undefined}
        onClick={() => void run()}
        loading={busy}
      >
        Check endpoint
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Check the merchant endpoint" size="90%">
        <Stack gap="sm">
          <Text size="sm">
            The spec&apos;s battery against <Code>{url}</Code>, signed with the active profile&apos;s
            notification token.
          </Text>
          {busy && <Text size="sm">Sending the cases…</Text>}
          {error !== null && <Alert color="red">{error}</Alert>}
          {report !== null && (
            <>
              <Alert
                color={report.failed + report.noAnswer === 0 && report.stopped === null ? 'teal' : 'red'}
                data-testid="check-summary"
              >
                {/* The CLI's summary, word for word. */}
                {endpointSummaryWords(report)}
              </Alert>
              <Table fz="xs" striped data-testid="check-cases">
                <TableHeader
                  columns={['Case', 'Why', 'Expected', 'Received', { label: 'Verdict', w: 96 }, 'Records']}
                />
                <Table.Tbody>
                  {report.cases.map((result) => (
                    <Table.Tr key={result.id}>
                      <Table.Td ff="monospace">{result.id}</Table.Td>
                      <Table.Td>{result.why}</Table.Td>
                      <Table.Td>{result.expected}</Table.Td>
                      <Table.Td>
                        {result.statuses.map((status) => status ?? 'no answer').join(', ') || '—'}
                        {/* What the CLI prints beside it: the mismatch, a send's failure (an answer
                            cut short after its status, a timeout), why a case was not sent. */}
                        {result.detail !== null && (
                          <Text size="xs" c="dimmed" data-testid="check-case-detail">
                            {result.detail}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={VERDICT_COLOR[result.verdict]} variant="light" miw={72}>
                          {result.verdict.replace('_', ' ')}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {result.recordIds.map((id) => (
                            <a key={id} href={`#/timeline?id=${id}`} onClick={() => setOpened(false)}>
                              #{id}
                            </a>
                          ))}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Stack>
      </Modal>
    </Group>
  );
}
