import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Divider,
  Group,
  Loader,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { describeRelative } from '@shared/relative-time';
import { filterToParams } from '@shared/event-filter-params';
import { escapeUnsafe } from '@shared/terminal-unsafe';
import {
  frontDoorWords,
  runProfileWords,
  INTERRUPTED_WORDS,
  runCountWords,
  runTimeWords,
  type RunSummary,
  type StoredRun,
  type StoredRunStatus,
} from '@shared/scenarios/stored-runs';
import { WHOLE_BADGE } from '@ui/order-format';
import { ChoiceControl } from '@ui/choice-control';
import { TableHeader } from '@ui/table-header';
import { RunAgainButton } from './run-again-button';
import { RUN_STATUS_COLOR } from './run-status-color';
import { ScenarioCard } from './scenario-card';
import { storedRow } from './scenario-rows';
import { refreshScenarioRuns } from './scenario-runs-store';
import { IsolatedNames } from './isolated-names';
import { RunUnderWayActions } from './runs-under-way';
import { useRunsNow, useShownScenarioRuns } from './use-shown-scenario-runs';
import { useConsoleCommand } from '@ui/use-console-command';
import { formatDateTime, instantTitle } from '@ui/instant-format';

const took = (run: RunSummary) => runTimeWords(run, '—');

function RunStatusBadge({ status }: { status: StoredRunStatus }) {
  return (
    <Badge color={RUN_STATUS_COLOR[status]} variant="light" styles={WHOLE_BADGE} data-testid="run-status">
      {status}
    </Badge>
  );
}

/** One stored run, whole: how it ended, and each scenario with its steps, diffs and records. */
function OpenedRun({ run, onBack }: { run: StoredRun; onBack: () => void }) {
  const now = useRunsNow();
  // What a failed run is opened for comes first: the scenarios that did not pass, alone.
  const notPassed = run.scenarios.filter((scenario) => scenario.status !== 'passed');
  const [shown, setShown] = useState<'not-passed' | 'all'>(notPassed.length > 0 ? 'not-passed' : 'all');
  return (
    <Stack gap="sm" data-testid="opened-run">
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={600}>Run #{run.id}</Text>
              <RunStatusBadge status={run.status} />
              {run.status === 'running' && <Loader size="xs" />}
            </Group>
            <Text size="sm">
              {runCountWords(run.totals)}
              {run.status === 'running' ? ' so far' : ''}
              {run.finishedAt === null ? '' : ` · took ${took(run)}`}
            </Text>
            <Text size="xs">
              {/* Only what its steps sent: what arrived meanwhile is the listener's (docs/scenarios.md). */}
              <Anchor href={`#/timeline?${filterToParams({ scenarioRun: run.id }).toString()}`}>
                Its records on the timeline
              </Anchor>{' '}
              <Text span size="xs" c="dimmed">
                (what its steps sent and got back)
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              Started {formatDateTime(run.startedAt)} ({describeRelative(Date.parse(run.startedAt), now)}) by{' '}
              {frontDoorWords(run.frontDoor)} on profile{' '}
              <IsolatedNames names={[runProfileWords(run.profileName)]} /> ·{' '}
              <Text span ff="monospace" size="xs">
                <IsolatedNames names={run.paths} />
              </Text>
            </Text>
          </Stack>
          <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
            All runs
          </Button>
        </Group>
        {run.status === 'running' && (
          <>
            <Divider my="sm" />
            <RunUnderWayActions run={run} />
          </>
        )}
        {notPassed.length > 0 && (
          <>
            <Divider my="sm" />
            <RunAgainButton key={run.id} run={run} />
          </>
        )}
      </Card>
      {run.status === 'interrupted' && (
        <Alert color="orange" data-testid="run-interrupted">
          This run is {INTERRUPTED_WORDS}.
        </Alert>
      )}
      {/* A stored row changed by something else (docs/data-safety.md): named, never read as empty. */}
      {[run.damaged, ...run.scenarios.map((scenario) => scenario.damaged)]
        .filter((words) => words !== undefined)
        .map((words) => (
          <Alert key={words} color="orange" data-testid="run-damaged">
            {words}
          </Alert>
        ))}
      {run.scenarios.length === 0 && (
        <Text size="sm" c="dimmed">
          No scenario of this run finished{run.status === 'running' ? ' yet' : ''}.
        </Text>
      )}
      {notPassed.length > 0 && notPassed.length < run.scenarios.length && (
        <Group>
          <ChoiceControl
            size="xs"
            aria-label="Scenarios shown"
            data={[
              { value: 'not-passed', label: `Not passed (${notPassed.length})` },
              { value: 'all', label: `All (${run.scenarios.length})` },
            ]}
            value={shown}
            onChange={setShown}
          />
        </Group>
      )}
      <Stack gap="xs" data-testid="opened-run-scenarios">
        {(shown === 'all' ? run.scenarios : notPassed).map((scenario, index) => (
          <ScenarioCard key={`${scenario.file}-${index}`} row={storedRow(scenario)} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Every stored run, newest first, whoever started it (any window, `test` in a terminal): how it
 * ended, its counts and time; one opens whole. What a person left running and came back to, or
 * lost with a closed tab, is here.
 */
export function EarlierRuns({
  openedId,
  onOpen,
  onBack,
}: {
  /** The run the URL names (`#/scenarios?run=12`), or null for the list. */
  openedId: number | null;
  onOpen: (id: number) => void;
  onBack: () => void;
}) {
  const state = useShownScenarioRuns();
  const now = useRunsNow();
  const consoleCommand = useConsoleCommand();
  const { opened, open, close } = state;
  useEffect(() => {
    if (openedId === null) close();
    else if (opened?.id !== openedId) void open(openedId);
  }, [openedId, opened?.id, open, close]);

  if (openedId !== null) {
    if (state.openedError !== null)
      return (
        <Stack gap="sm">
          <Alert color="red" title={`Run #${openedId} cannot be shown`} data-testid="opened-run-error">
            {state.openedError}
          </Alert>
          <Group>
            <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
              All runs
            </Button>
          </Group>
        </Stack>
      );
    if (opened === null || opened.id !== openedId)
      return (
        <Group>
          <Loader size="sm" />
          <Text size="sm">Reading run #{openedId}…</Text>
        </Group>
      );
    return <OpenedRun run={opened} onBack={onBack} />;
  }

  return (
    <Stack gap="sm" data-testid="earlier-runs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Every run is stored: from this view in any window, and from <Code>checkout-console test</Code>.
        </Text>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconRefresh size={14} />}
          loading={state.loading}
          onClick={refreshScenarioRuns}
        >
          Refresh
        </Button>
      </Group>
      {state.error !== null && (
        <Alert color="red" title="Could not read the stored runs">
          {state.error}
        </Alert>
      )}
      {state.runs.length === 0 && !state.loading && state.error === null ? (
        <Text size="sm" c="dimmed" data-testid="earlier-runs-empty">
          No runs yet. Run the folder&apos;s scenarios (Run all), or run <Code>{consoleCommand('test')}</Code>{' '}
          in a terminal: each run appears here with its results.
        </Text>
      ) : (
        <Table highlightOnHover verticalSpacing={6} fz="sm">
          <TableHeader
            columns={['Run', 'Result', 'Scenarios', 'Took', 'Started', 'Profile', 'From', 'Paths']}
          />
          <Table.Tbody>
            {state.runs.map((run) => (
              <Table.Tr key={run.id} data-testid="earlier-run" data-run-id={run.id}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => onOpen(run.id)}
                    aria-label={`Open run #${run.id}`}
                  >
                    #{run.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <RunStatusBadge status={run.status} />
                </Table.Td>
                <Table.Td>
                  {runCountWords(run.totals)}
                  {run.status === 'running' ? ' so far' : ''}
                </Table.Td>
                <Table.Td>{took(run)}</Table.Td>
                <Table.Td title={instantTitle(run.startedAt)}>
                  {describeRelative(Date.parse(run.startedAt), now)}
                </Table.Td>
                <Table.Td>{runProfileWords(run.profileName)}</Table.Td>
                <Table.Td>{frontDoorWords(run.frontDoor)}</Table.Td>
                <Table.Td ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }} data-testid="run-paths">
                  {escapeUnsafe(run.paths.join(' '))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {state.more && (
        <Group>
          <Button variant="default" size="xs" loading={state.loading} onClick={() => void state.loadMore()}>
            Load older runs
          </Button>
        </Group>
      )}
    </Stack>
  );
}
