import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconPlayerStop } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { describeRelative } from '@shared/relative-time';
import type { RunUnderWayHere } from '@shared/scenarios/runs-under-way';
import {
  frontDoorWords,
  runProfileWords,
  runCountWords,
  runDurationMs,
  runOutcomeWords,
  unfinishedRunWords,
  type RunSummary,
  type StoredRunStatus,
} from '@shared/scenarios/stored-runs';
import { errorMessage } from '@bridge/bridge-error';
import { useNavigation } from '@ui/navigation';
import { IsolatedNames } from './isolated-names';
import { isFolderTabRun } from './run-notices';
import { RUN_STATUS_COLOR } from './run-status-color';
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
 * The Folder tab's word on runs that this tab did not start (another tab or window, another
 * console on the data directory, `test` in a terminal): while one runs, how far, who started it,
 * and whether this tab can cancel it. Each ends in place, saying how it ended, until dismissed or
 * another run starts (run-notices.ts); Earlier runs keeps it for good.
 */
export function RunsUnderWay() {
  const { runs, here, notices, dismiss } = useShownScenarioRuns();
  const ownRunId = useScenariosStore((state) => state.runId);
  const ownStoredId = useScenariosStore((state) => state.report?.storedId ?? null);
  const { navigate } = useNavigation();
  const now = useRunsNow();
  const own = { runId: ownRunId, storedId: ownStoredId };
  const shown = notices.ids.flatMap((id) => {
    const run = runs.find((listed) => listed.id === id);
    return run === undefined || isFolderTabRun(run, here, own) ? [] : [run];
  });
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs">
      {shown.map((run) => {
        const onOpen = () => navigate('scenarios', { run: String(run.id) });
        return run.status === 'running' ? (
          <RunUnderWay key={run.id} run={run} now={now} onOpen={onOpen} />
        ) : (
          <RunEnded key={run.id} run={run} now={now} onOpen={onOpen} onDismiss={() => dismiss(run.id)} />
        );
      })}
    </Stack>
  );
}

/** When a run started, by what, on which profile and paths. */
function RunOrigin({ run, now }: { run: RunSummary; now: number }) {
  return (
    <Text size="sm">
      Started {describeRelative(Date.parse(run.startedAt), now)} by {frontDoorWords(run.frontDoor)} on profile{' '}
      <IsolatedNames names={[runProfileWords(run.profileName)]} /> ·{' '}
      <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
        <IsolatedNames names={run.paths} />
      </Text>
    </Text>
  );
}

function OpenRunLink({ id, onOpen }: { id: number; onOpen: () => void }) {
  return (
    <Group>
      <Anchor component="button" type="button" size="sm" onClick={onOpen}>
        Open run #{id}
      </Anchor>
    </Group>
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
      data-status={run.status}
      title={`Run #${run.id} is running`}
    >
      <Stack gap={6}>
        <RunOrigin run={run} now={now} />
        {here === undefined && <Text size="sm">{progressWords(run, here)}</Text>}
        <RunUnderWayActions run={run} />
        <OpenRunLink id={run.id} onOpen={onOpen} />
      </Stack>
    </Alert>
  );
}

/** How a run's notice is headed once it has ended: "Run #26 was interrupted". */
const ENDED_WORDS: Record<StoredRunStatus, string> = {
  running: 'is running',
  passed: 'passed',
  failed: 'failed',
  cancelled: 'was cancelled',
  interrupted: 'was interrupted',
};

/** A run's notice once it has ended: how, in `test`'s words, with the run to open. */
function RunEnded({
  run,
  now,
  onOpen,
  onDismiss,
}: {
  run: RunSummary;
  now: number;
  onOpen: () => void;
  onDismiss: () => void;
}) {
  const unfinished = unfinishedRunWords(run.status);
  return (
    <Alert
      color={RUN_STATUS_COLOR[run.status]}
      variant="light"
      data-testid="run-under-way"
      data-status={run.status}
      title={`Run #${run.id} ${ENDED_WORDS[run.status]}`}
      withCloseButton
      closeButtonLabel={`Dismiss the notice of run #${run.id}`}
      onClose={onDismiss}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600} data-testid="run-ended-outcome">
          {runOutcomeWords({ totals: run.totals, durationMs: runDurationMs(run), status: run.status })}
        </Text>
        {unfinished !== null && <Text size="sm">This run is {unfinished}.</Text>}
        <RunOrigin run={run} now={now} />
        <OpenRunLink id={run.id} onOpen={onOpen} />
      </Stack>
    </Alert>
  );
}
