import { Alert, Badge, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconFolderOpen,
  IconFolderPlus,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatProblem } from '@shared/scenarios/scenario-file-problems';
import { frontDoorHint } from '@bridge';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import { monoInput } from '@ui/mono-input';
import type { ScenarioRow } from './scenario-rows';
import { useScenariosStore } from './scenarios-store';
import { StepResultView } from './step-result-view';

const STATUS_COLOR: Record<ScenarioRow['status'], string> = {
  idle: 'gray',
  queued: 'gray',
  running: 'blue',
  passed: 'teal',
  failed: 'red',
  error: 'orange',
  skipped: 'gray',
};

function ScenarioCard({ row, busy, onRun }: { row: ScenarioRow; busy: boolean; onRun: () => void }) {
  const broken = row.status === 'failed' || row.status === 'error';
  const [open, setOpen] = useState(false);
  const expanded = open || broken || row.status === 'running';
  return (
    <Card withBorder padding="sm" data-testid="scenario-card" data-status={row.status}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setOpen(!expanded)}
            aria-label={
              expanded ? `Hide the steps of ${row.outline.name}` : `Show the steps of ${row.outline.name}`
            }
          >
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </Button>
          <Badge color={STATUS_COLOR[row.status]} variant="light" w={72} data-testid="scenario-status">
            {row.status === 'idle' ? 'not run' : row.status}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate="end">
              {row.outline.name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" truncate="end">
              {row.outline.file} · {row.outline.steps.length}{' '}
              {row.outline.steps.length === 1 ? 'step' : 'steps'}
              {row.durationMs === null ? '' : ` · ${(row.durationMs / 1000).toFixed(1)} s`}
            </Text>
          </Stack>
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlayerPlay size={14} />}
          disabled={busy}
          onClick={onRun}
          aria-label={`Run ${row.outline.name}`}
        >
          Run
        </Button>
      </Group>
      {expanded && (
        <Stack gap="xs" mt="sm">
          {row.outline.description !== null && (
            <Text size="xs" c="dimmed">
              {row.outline.description}
            </Text>
          )}
          {row.outline.steps.map((step, index) => (
            <StepResultView
              key={index}
              index={index}
              title={step.title}
              line={step.line}
              result={row.steps[index]}
              running={row.runningStep === index}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

/**
 * A folder that does not exist yet is where a suite starts, not a problem: say so calmly, and
 * how to make one (saving a scenario from an order creates the folder).
 */
function MissingFolder({ path, where }: { path: string; where: string }) {
  return (
    <Card withBorder padding="md" data-testid="scenarios-folder-missing">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconFolderPlus size={20} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            This folder does not exist yet:{' '}
            <Text span ff="monospace" size="sm" style={{ wordBreak: 'break-all' }}>
              {path}
            </Text>
          </Text>
          <Text size="sm" c="dimmed">
            Create it {where} and put scenario files (*.yaml) in it, then choose Open. Or save one from an
            order (Orders → Save as scenario), which creates the folder; or enter another folder above.
            docs/scenarios.md describes the format.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * Scenarios: open a folder of scenario files, run one or all on the active profile, and follow
 * each step live, with the diff of a failing step and links to the records on the timeline.
 */
export function ScenariosView() {
  const state = useScenariosStore(
    useShallow((s) => ({
      folder: s.folder,
      loadedFolder: s.loadedFolder,
      rows: s.rows,
      problems: s.problems,
      missingFolder: s.missingFolder,
      loading: s.loading,
      runId: s.runId,
      report: s.report,
      error: s.error,
      setFolder: s.setFolder,
      open: s.open,
      run: s.run,
      cancel: s.cancel,
    })),
  );
  const profile = useProfilesStore((s) => selectActiveProfile(s));
  const loadProfiles = useProfilesStore((s) => s.load);
  const { loadedFolder, open } = state;
  useEffect(() => {
    void loadProfiles();
    if (loadedFolder === null) void open();
  }, [loadProfiles, loadedFolder, open]);
  const running =
    state.runId !== null || state.rows.some((row) => row.status === 'running' || row.status === 'queued');
  const where = frontDoorHint === 'browser' ? 'on the machine that runs the console' : 'on this computer';

  return (
    <Stack maw={1100}>
      <Title order={3}>Scenarios</Title>
      <Card withBorder>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void state.open();
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Folder of scenario files"
              description={`A path ${where}; *.yaml files in it and below are listed.`}
              value={state.folder}
              onChange={(event) => state.setFolder(event.currentTarget.value)}
              style={{ flex: 1 }}
              {...monoInput}
            />
            <Button
              type="submit"
              variant="default"
              leftSection={<IconFolderOpen size={16} />}
              loading={state.loading}
            >
              Open
            </Button>
            {running ? (
              <Button
                color="red"
                variant="light"
                leftSection={<IconPlayerStop size={16} />}
                onClick={() => void state.cancel()}
              >
                Cancel run
              </Button>
            ) : (
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                disabled={state.rows.length === 0}
                onClick={() => void state.run()}
              >
                Run all
              </Button>
            )}
          </Group>
        </form>
        <Text size="xs" c="dimmed" mt="xs">
          Runs on the active profile{profile === null ? '' : `, ${profile.name} (${profile.environment})`},
          with this console&apos;s listener{profile?.environment === 'local' ? ' and emulator' : ''}. Every
          run is stored; its records are on the timeline.
        </Text>
      </Card>
      {state.error !== null && (
        <Alert
          color="red"
          title="Could not run"
          data-testid="scenarios-error"
          style={{ whiteSpace: 'pre-line' }}
        >
          {state.error}
        </Alert>
      )}
      {state.problems.length > 0 && (
        <Alert
          color="orange"
          title={`${state.problems.length} file problem${state.problems.length === 1 ? '' : 's'}: those files cannot run`}
        >
          <List size="sm">
            {state.problems.map((problem, index) => (
              <List.Item key={index} ff="monospace">
                {formatProblem(problem)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {state.report !== null && (
        <Alert
          color={state.report.status === 'passed' ? 'teal' : 'red'}
          data-testid="scenarios-summary"
          title={`${state.report.totals.passed} passed, ${state.report.totals.failed + state.report.totals.errors} failed${
            state.report.totals.skipped > 0 ? `, ${state.report.totals.skipped} skipped` : ''
          } in ${(state.report.durationMs / 1000).toFixed(1)} s`}
        >
          Stored as run #{state.report.storedId} on profile {state.report.profileName}.
        </Alert>
      )}
      {state.missingFolder !== null && <MissingFolder path={state.missingFolder} where={where} />}
      {loadedFolder !== null &&
        state.rows.length === 0 &&
        state.problems.length === 0 &&
        state.missingFolder === null && (
          <Text c="dimmed" size="sm">
            No scenario files (*.yaml, *.yml) in {loadedFolder}. Save one from an order (Orders → Save as
            scenario), or see docs/scenarios.md for the format.
          </Text>
        )}
      <Stack gap="xs" data-testid="scenario-list">
        {state.rows.map((row) => (
          <ScenarioCard
            key={row.outline.file}
            row={row}
            busy={running}
            onRun={() => void state.run([row.outline.file])}
          />
        ))}
      </Stack>
    </Stack>
  );
}
