import { Anchor, Badge, Center, Code, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { formatRunTime, type CheckResult, type StepResult } from '@shared/scenarios/scenario-results';
import { checkSideText } from '@shared/scenarios/expectations';
import { escapeUnsafe } from '@shared/terminal-unsafe';
import { TableHeader } from '@ui/table-header';

/**
 * A step's marker (its badge, or the spinner of the step running) is this wide, and what is
 * said under the step starts past it and the gap after it: every title and line starts at one x.
 * The spinner alone was 14 px, so the running step's title began 60 px left of the others.
 */
const MARKER_WIDTH = 76;
/** A small badge's height, so the spinner sits on the title's first line as a badge does. */
const MARKER_HEIGHT = 18;
const MARKER_GAP = 8;
const UNDER_MARKER = MARKER_WIDTH + MARKER_GAP;

const COLOR: Record<StepResult['status'], string> = {
  passed: 'teal',
  failed: 'red',
  error: 'orange',
  skipped: 'gray',
};

// JSON leaves a right-to-left override raw, and it turned a value around: written as \u escapes
// (the same JSON), as `test` prints it. Text from a file or an answer likewise. An absent side
// reads "absent", as in every report (checkSideText).
const shown = (check: CheckResult, side: 'expected' | 'actual') => escapeUnsafe(checkSideText(check, side));

/** Expected beside actual, for every check that did not hold. */
export function CheckDiff({ checks }: { checks: readonly CheckResult[] }) {
  const failed = checks.filter((check) => !check.passed);
  if (failed.length === 0) return null;
  return (
    <Table withTableBorder withColumnBorders fz="xs" data-testid="step-diff">
      <TableHeader
        columns={[
          { label: 'Check', w: '22%' },
          { label: 'Expected', w: '39%' },
          { label: 'Actual', w: '39%' },
        ]}
      />
      <Table.Tbody>
        {failed.map((check, index) => (
          <Table.Tr key={`${check.what}-${index}`}>
            <Table.Td ff="monospace">{escapeUnsafe(check.what)}</Table.Td>
            <Table.Td>
              <Code block c="teal.8" data-testid="diff-expected">
                {`- ${shown(check, 'expected')}`}
              </Code>
            </Table.Td>
            <Table.Td>
              <Code block c="red.8" data-testid="diff-actual">
                {`+ ${shown(check, 'actual')}`}
              </Code>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One step: its status, what it did, its diff when it failed, and the records it made or matched. */
export function StepResultView({
  index,
  title,
  line,
  result,
  running,
}: {
  index: number;
  title: string;
  line: number | null;
  result: StepResult | undefined;
  running: boolean;
}) {
  const status = result?.status;
  return (
    <Stack gap={4} data-testid="scenario-step" data-status={status ?? (running ? 'running' : 'pending')}>
      <Group gap={MARKER_GAP} wrap="nowrap" align="flex-start">
        {running ? (
          <Center w={MARKER_WIDTH} h={MARKER_HEIGHT} style={{ flexShrink: 0 }}>
            <Loader size={14} aria-label="running" />
          </Center>
        ) : (
          <Badge
            size="sm"
            variant="light"
            color={status === undefined ? 'gray' : COLOR[status]}
            w={MARKER_WIDTH}
          >
            {status ?? 'pending'}
          </Badge>
        )}
        <Text size="sm" fw={500} style={{ flex: 1 }}>
          {index + 1}. {escapeUnsafe(title)}
          {line !== null && (
            <Text span size="xs" c="dimmed">
              {' '}
              line {line}
            </Text>
          )}
        </Text>
        {result !== undefined && result.status !== 'skipped' && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatRunTime(result.durationMs)}
          </Text>
        )}
      </Group>
      {result !== undefined && result.message !== null && (
        <Text size="xs" c={result.status === 'error' ? 'orange' : 'dimmed'} pl={UNDER_MARKER}>
          {escapeUnsafe(result.message)}
        </Text>
      )}
      {result !== undefined && (result.status === 'failed' || result.status === 'error') && (
        <Stack gap={4} pl={UNDER_MARKER}>
          <CheckDiff checks={result.checks} />
        </Stack>
      )}
      {result !== undefined && result.recordIds.length > 0 && (
        <Group gap={6} pl={UNDER_MARKER}>
          <Text size="xs" c="dimmed">
            Records:
          </Text>
          {result.recordIds.map((id) => (
            <Anchor key={id} size="xs" href={`#/timeline?id=${id}`} data-testid="step-record-link">
              #{id}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
