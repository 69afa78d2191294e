import { Button, Group, Text } from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { StoredRun } from '@shared/scenarios/stored-runs';
import { escapeUnsafe } from '@shared/terminal-unsafe';
import { useNavigation } from '@ui/navigation';
import { runAgainFirstLook, type RunAgainCheck } from './run-again-check';
import { useConsoleCommand } from '@ui/use-console-command';
import { checkRunAgain } from './scenario-runs-store';
import { useScenariosStore } from './scenarios-store';

/**
 * "Run these again" on an opened stored run: its scenarios that did not pass, run from its folder
 * in the Folder tab (where their progress shows as any run's does). Disabled, with the reason
 * in words, when this view cannot: the run is not over, was not of a folder, or its files no
 * longer load. Give it `key={run.id}`: a check of one run never offers another's files.
 */
export function RunAgainButton({ run }: { run: StoredRun }) {
  const consoleCommand = useConsoleCommand();
  const [check, setCheck] = useState<RunAgainCheck>(() => runAgainFirstLook(run, consoleCommand));
  const [starting, setStarting] = useState(false);
  const folderRunId = useScenariosStore((s) => s.runId);
  const runAgain = useScenariosStore((s) => s.runAgain);
  const navigate = useNavigation((s) => s.navigate);
  // Read again whenever the run is (it may have ended, or its folder changed since).
  useEffect(() => {
    let current = true;
    void checkRunAgain(run, consoleCommand).then((next) => {
      if (current) setCheck(next);
    });
    return () => {
      current = false;
    };
  }, [run, consoleCommand]);

  if (check.kind === 'none') return null;
  const count = check.files.length;
  const reason =
    check.kind === 'unavailable'
      ? check.reason
      : folderRunId !== null
        ? 'A run is under way in the Folder tab: wait for it to end, or cancel it there.'
        : null;
  const start = async () => {
    if (check.kind !== 'ready') return;
    setStarting(true);
    try {
      await runAgain(check.folder, check.files, run.id);
    } finally {
      setStarting(false);
    }
    // The run (or why it could not start) is in the Folder tab, as any run of the folder is.
    navigate('scenarios');
  };
  return (
    <Group gap="sm" wrap="nowrap" align="center" data-testid="run-again">
      <Button
        size="xs"
        variant={reason === null ? 'filled' : 'default'}
        leftSection={<IconRepeat size={14} />}
        disabled={check.kind !== 'ready' || reason !== null}
        loading={check.kind === 'checking' || starting}
        style={{ flexShrink: 0 }}
        onClick={() => void start()}
      >
        Run these again
      </Button>
      <Text size="xs" c="dimmed" data-testid="run-again-words" style={{ wordBreak: 'break-word' }}>
        {escapeUnsafe(
          reason !== null
            ? `Cannot run these here. ${reason}`
            : check.kind === 'ready'
              ? `The ${count === 1 ? 'scenario' : `${count} scenarios`} that did not pass, run again from ${check.folder} on the active profile; the run shows in the Folder tab.`
              : `Reading ${check.kind === 'checking' ? check.folder : 'its folder'} to see that ${count === 1 ? 'its file still loads' : `its ${count} files still load`}…`,
        )}
      </Text>
    </Group>
  );
}
