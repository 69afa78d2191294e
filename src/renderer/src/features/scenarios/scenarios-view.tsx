import { Alert, Anchor, Button, Card, Group, List, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { IconFolderOpen, IconFolderPlus, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ScenarioFileProblemView } from '@shared/contract/scenarios';
import { formatProblem, problemCountWords, problemsHeading } from '@shared/scenarios/scenario-file-problems';
import { runOutcomeWords } from '@shared/scenarios/stored-runs';
import { escapeUnsafe } from '@shared/terminal-unsafe';
import { frontDoorHint } from '@bridge';
import { EmulatorNotice } from '@features/builder';
import { selectActiveProfile, useProfilesStore } from '@features/profiles';
import { ManualLink } from '@ui/manual-link';
import { monoInput } from '@ui/mono-input';
import { useNavigation } from '@ui/navigation';
import { EarlierRuns } from './earlier-runs';
import { IsolatedNames } from './isolated-names';
import { runSettingWords } from './run-setting-words';
import { RunsUnderWay } from './runs-under-way';
import { ScenarioCard } from './scenario-card';
import { useFolderInAddress } from './use-folder-address';
import { useScenariosStore } from './scenarios-store';

/** `#/scenarios?run=12` opens run #12; `?tab=runs` the list of runs. */
function runOfParams(params: URLSearchParams): number | null {
  const text = params.get('run');
  if (text === null || !/^[1-9]\d{0,15}$/.test(text)) return null;
  return Number(text);
}

/** `#/scenarios?folder=suite`: the folder the Folder tab opened, kept in the address for a reload. */
function folderOfParams(params: URLSearchParams): string | undefined {
  const folder = params.get('folder');
  return folder === null || folder.trim() === '' ? undefined : folder;
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
            order (Orders → Save as scenario), which creates the folder; or enter another folder above.{' '}
            <ManualLink page="docs/scenarios.md" /> describes the format.
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * Why Run all is off while a file of the folder does not load: it runs every file, as
 * `test FOLDER` does, so it would run nothing (a run without the file would say "passed").
 */
function RunAllBlocked({ problems }: { problems: readonly ScenarioFileProblemView[] }) {
  return (
    <Text size="xs" c="orange" mt={4} data-testid="run-all-blocked">
      Run all runs every file of the folder, so it runs nothing while there{' '}
      {problems.length === 1 ? 'is' : 'are'} {problemCountWords(problems)} (see below): fix{' '}
      {problems.length === 1 ? 'it' : 'them'} and choose Open again. A scenario listed still runs alone with
      its Run.
    </Text>
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
      runProfile: s.runProfile,
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
    // A reload starts on the folder the address names, not the default.
    if (loadedFolder === null) void open(folderOfParams(useNavigation.getState().params));
  }, [loadProfiles, loadedFolder, open]);
  const running =
    state.runId !== null || state.rows.some((row) => row.status === 'running' || row.status === 'queued');
  const where = frontDoorHint === 'browser' ? 'on the machine that runs the console' : 'on this computer';
  const { params, navigate } = useNavigation();
  const openedRun = runOfParams(params);
  const tab = openedRun !== null || params.get('tab') === 'runs' ? 'runs' : 'folder';
  const openRun = (id: number) => navigate('scenarios', { run: String(id) });
  const showRuns = () => navigate('scenarios', { tab: 'runs' });
  useFolderInAddress(tab === 'folder');

  return (
    <Stack maw={1100}>
      <Title order={3}>Scenarios</Title>
      <Tabs
        value={tab}
        onChange={(value) => (value === 'runs' ? showRuns() : navigate('scenarios'))}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="folder">Folder</Tabs.Tab>
          <Tabs.Tab value="runs">Earlier runs</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runs">
          <EarlierRuns openedId={openedRun} onOpen={openRun} onBack={showRuns} />
        </Tabs.Panel>
        <Tabs.Panel value="folder">
          <Stack>
            {/* A run on Local sends to the emulator: stopped, every checkout would find nothing. */}
            <EmulatorNotice profile={profile} />
            <RunsUnderWay />
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
                      disabled={state.rows.length === 0 || state.problems.length > 0}
                      onClick={() => void state.run()}
                    >
                      Run all
                    </Button>
                  )}
                </Group>
              </form>
              <Text size="xs" c="dimmed" mt="xs" data-testid="scenarios-run-setting">
                {runSettingWords(profile, state.runProfile)}
              </Text>
              {state.problems.length > 0 && !running && <RunAllBlocked problems={state.problems} />}
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
              <Alert color="orange" title={problemsHeading(state.problems)}>
                <List size="sm">
                  {state.problems.map((problem, index) => (
                    <List.Item key={index} ff="monospace" data-testid="scenario-file-problem">
                      {escapeUnsafe(formatProblem(problem))}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
            {state.report !== null && (
              <Alert
                color={state.report.status === 'passed' ? 'teal' : 'red'}
                data-testid="scenarios-summary"
                title={runOutcomeWords(state.report)}
              >
                Stored as{' '}
                <Anchor
                  component="button"
                  type="button"
                  inherit
                  onClick={() => state.report !== null && openRun(state.report.storedId)}
                >
                  run #{state.report.storedId}
                </Anchor>{' '}
                on profile <IsolatedNames names={[state.report.profileName]} /> (Earlier runs keeps it).
              </Alert>
            )}
            {state.missingFolder !== null && <MissingFolder path={state.missingFolder} where={where} />}
            {loadedFolder !== null &&
              state.rows.length === 0 &&
              state.problems.length === 0 &&
              state.missingFolder === null && (
                <Text c="dimmed" size="sm">
                  No scenario files (*.yaml, *.yml) in {loadedFolder}. Save one from an order (Orders → Save
                  as scenario), or see <ManualLink page="docs/scenarios.md" /> for the format.
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
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
