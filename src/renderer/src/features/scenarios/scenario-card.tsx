import { Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { formatCount } from '@shared/count-format';
import { describeRelative } from '@shared/relative-time';
import { formatRunTime, madeNoChecks, NO_CHECKS_WORDS } from '@shared/scenarios/scenario-results';
import { escapeUnsafe } from '@shared/terminal-unsafe';
import { instantTitle } from '@ui/instant-format';
import type { RowStoredRun, ScenarioRow } from './scenario-rows';
import { ScenarioSteps } from './scenario-steps';
import { useRunsNow } from './use-shown-scenario-runs';

const STATUS_COLOR: Record<ScenarioRow['status'], string> = {
  idle: 'gray',
  queued: 'gray',
  running: 'blue',
  passed: 'teal',
  failed: 'red',
  error: 'orange',
  skipped: 'gray',
};

/**
 * `run #12, 3 minutes ago` (`run #23 by checkout-console test, …` for a run not started in a
 * Scenarios view, so a result the cards took from a terminal is not read as the view's): which stored run a card's result was read back from, and when. Told
 * against the clock the notice of runs above uses (the runs' last read, every few seconds), not
 * one ticking every 15 s: "3 seconds ago" stayed under a notice saying the run ended since.
 */
function StoredRunWords({ run }: { run: RowStoredRun }) {
  const now = useRunsNow();
  return (
    <Text span inherit data-testid="scenario-stored-run" title={`Started ${instantTitle(run.startedAt)}`}>
      {` · run #${run.runId}${run.startedBy === null ? '' : ` by ${run.startedBy}`}, ${describeRelative(Date.parse(run.startedAt), now)}`}
    </Text>
  );
}

/**
 * One scenario: its status, name, file and time, and its steps as they ran (opened by itself
 * when it failed or runs). `onRun` adds a Run button; a stored run's card has none.
 */
export function ScenarioCard({
  row,
  busy = false,
  onRun,
}: {
  row: ScenarioRow;
  busy?: boolean;
  onRun?: () => void;
}) {
  const broken = row.status === 'failed' || row.status === 'error';
  const [open, setOpen] = useState(false);
  const expanded = open || broken || row.status === 'running';
  // Passed, but verified nothing: said as `test` says it, not a plain green PASSED alone.
  const unchecked =
    row.status === 'passed' &&
    madeNoChecks({ status: 'passed', steps: row.steps.flatMap((step) => step ?? []) });
  // As `test` and `runs` print it: an override in a name from a file turned the card around.
  const name = escapeUnsafe(row.outline.name);
  return (
    <Card withBorder padding="sm" data-testid="scenario-card" data-status={row.status}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => setOpen(!expanded)}
            aria-label={expanded ? `Hide the steps of ${name}` : `Show the steps of ${name}`}
            style={{ flexShrink: 0 }}
          >
            {expanded ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          </Button>
          <Badge
            color={STATUS_COLOR[row.status]}
            variant="light"
            w={72}
            style={{ flexShrink: 0 }}
            data-testid="scenario-status"
          >
            {row.status === 'idle' ? 'not run' : row.status}
          </Badge>
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate="end" title={name} data-testid="scenario-name">
              {name}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace" truncate="end">
              {escapeUnsafe(row.outline.file)} · {formatCount(row.outline.steps.length)}{' '}
              {row.outline.steps.length === 1 ? 'step' : 'steps'}
              {row.durationMs === null ? '' : ` · ${formatRunTime(row.durationMs)}`}
              {row.storedRun !== null && <StoredRunWords run={row.storedRun} />}
              {unchecked && (
                <Text span inherit c="orange" data-testid="scenario-no-checks">
                  {` · ${NO_CHECKS_WORDS}`}
                </Text>
              )}
            </Text>
          </Stack>
        </Group>
        {onRun !== undefined && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={14} />}
            disabled={busy}
            onClick={onRun}
            aria-label={`Run ${name}`}
            style={{ flexShrink: 0 }}
          >
            Run
          </Button>
        )}
      </Group>
      {expanded && (
        <Stack gap="xs" mt="sm">
          {row.outline.description !== null && (
            <Text size="xs" c="dimmed">
              {escapeUnsafe(row.outline.description)}
            </Text>
          )}
          <ScenarioSteps row={row} />
        </Stack>
      )}
    </Card>
  );
}
