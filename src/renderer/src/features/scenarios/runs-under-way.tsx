import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { describeRelative } from '@shared/relative-time';
import type { RunUnderWayHere } from '@shared/scenarios/runs-under-way';
import { frontDoorWords, runCountWords, type RunSummary } from '@shared/scenarios/stored-runs';
import { errorMessage } from '@bridge/bridge-error';
import { useNavigation } from '@ui/navigation';
import { IsolatedNames } from './isolated-names';
import { cancelRunHere, useScenarioRunsStore } from './scenario-runs-store';
import { useScenariosStore } from './scenarios-store';
import { useRunsNow, useShownScenarioRuns } from './use-shown-scenario-runs';

/**
 * How far a run under way has come: of how many, and which is running now, where this console
 * runs it; elsewhere only what is stored (the scenarios finished so far) is known.
 */
function progressWords(run: RunSummary, here: RunUnderWayHere | undefined): ReactNode {
  const counts = run.totals.scenarios === 0 ? '' : ` (${runCountWords(run.totals)})`;
  if (here === undefined) return `${run.totals.scenarios} finished so far${counts}`;
  return (
    <>
      {here.finished} of {here.planned} finished{counts}
      {here.running.length > 0 && (
        <>
          {' · now: '}
          <IsolatedNames names={here.running} separator=", " />
        </>
      )}
    </>
  );
}

/** The run's progress as this console process knows it, when it runs it (see `here`). */
function useHereOf(id: number) {
  return useScenarioRunsStore((state) => state.here.find((run) => run.id === id));
}

/**
 * What can be done about a run under way, from this window: cancel it when this console process
 * runs it; otherwise where it can be stopped, and why not here.
 */
export function RunUnderWayActions({ run }: { run: RunSummary }) {
  const here = useHereOf(run.id);
  const [cancelling, setCancelling] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (here === undefined)
    return (
      <Text size="sm" c="dimmed" data-testid="run-under-way-elsewhere">
        {run.frontDoor === 'cli'
          ? 'It runs in checkout-console test, in a terminal: only Ctrl-C there stops it.'
          : 'It runs in another console process on this data directory: only a window of that console can cancel it.'}{' '}
        This view follows it until it ends.
      </Text>
    );
  return (
    <Group gap="sm">
      <Button
        color="red"
        variant="light"
        size="xs"
        leftSection={<IconPlayerStop size={14} />}
        loading={cancelling}
        onClick={() => {
          setCancelling(true);
          setError(null);
          cancelRunHere(here.runId)
            .catch((reason: unknown) => setError(errorMessage(reason)))
            .finally(() => setCancelling(false));
        }}
      >
        Cancel run #{run.id}
      </Button>
      <Text size="sm" c="dimmed">
        {progressWords(run, here)}
      </Text>
      {error !== null && (
        <Text size="sm" c="red">
          Could not cancel it: {error}
        </Text>
      )}
    </Group>
  );
}

/**
 * The Folder tab's word on runs under way that this tab did not start (another tab or window,
 * another console on the data directory, `test` in a terminal): running, how far, who started
 * it, and whether this tab can cancel it. Each ends in place; Earlier runs keeps how it ended.
 */
export function RunsUnderWay() {
  const { runs, here } = useShownScenarioRuns();
  const ownRunId = useScenariosStore((state) => state.runId);
  const { navigate } = useNavigation();
  const now = useRunsNow();
  const others = runs.filter(
    (run) =>
      run.status === 'running' &&
      (ownRunId === null || here.find((mine) => mine.id === run.id)?.runId !== ownRunId),
  );
  if (others.length === 0) return null;
  return (
    <Stack gap="xs">
      {others.map((run) => (
        <RunUnderWay
          key={run.id}
          run={run}
          now={now}
          onOpen={() => navigate('scenarios', { run: String(run.id) })}
        />
      ))}
    </Stack>
  );
}

function RunUnderWay({ run, now, onOpen }: { run: RunSummary; now: number; onOpen: () => void }) {
  const here = useHereOf(run.id);
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<Loader size="xs" />}
      data-testid="run-under-way"
      title={`Run #${run.id} is running`}
    >
      <Stack gap={6}>
        <Text size="sm">
          Started {describeRelative(Date.parse(run.startedAt), now)} by {frontDoorWords(run.frontDoor)} on
          profile <IsolatedNames names={[run.profileName]} /> ·{' '}
          <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
            <IsolatedNames names={run.paths} />
          </Text>
        </Text>
        {here === undefined && <Text size="sm">{progressWords(run, here)}</Text>}
        <RunUnderWayActions run={run} />
        <Group>
          <Anchor component="button" type="button" size="sm" onClick={onOpen}>
            Open run #{run.id}
          </Anchor>
        </Group>
      </Stack>
    </Alert>
  );
}
