import { ActionIcon, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Finding } from '../../../../shared/checkout';
import { useBuilderStore } from './builder-store';
import classes from './builder.module.css';
import { groupOfPath } from './form/group-of-path';
import { LazyTooltip } from './form/lazy-tooltip';
import { keyedFindings } from './finding-identity';
import { memo } from 'react';

export interface FindingCounts {
  errors: number;
  warnings: number;
}

export function countFindings(findings: readonly Finding[]): FindingCounts {
  let errors = 0;
  for (const finding of findings) if (finding.severity === 'error') errors++;
  return { errors, warnings: findings.length - errors };
}

/**
 * Every finding with its path, message and the spec rule it comes from. A click goes to the
 * field in the form (or, for what the form does not show, to the raw JSON); the braces go to
 * the raw JSON directly.
 */
export function FindingsPanel({ findings, stale }: { findings: readonly Finding[]; stale: boolean }) {
  const focusPath = useBuilderStore((state) => state.focusPath);
  if (findings.length === 0)
    return (
      <Group gap="xs" p="sm" data-testid="findings-empty">
        <IconCircleCheck size={18} color="var(--mantine-color-green-6)" />
        <Text size="sm">
          No findings: the payload follows every rule of the spec{stale ? ' (as last parsed)' : ''}.
        </Text>
      </Group>
    );
  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap={0} data-testid="findings-list">
        {stale && (
          <Text size="xs" c="orange" px="sm" py={4}>
            Findings of the last JSON that parsed.
          </Text>
        )}
        {keyedFindings(findings).map(([key, finding]) => (
          <FindingRow key={key} finding={finding} focusPath={focusPath} />
        ))}
      </Stack>
    </ScrollArea>
  );
}

/**
 * One finding; it renders again only when that finding does (findings keep their identity).
 * Plain elements styled by the module: a row per finding, and the list is walked, laid out and
 * painted again whenever a finding comes or goes.
 */
const FindingRow = memo(function FindingRow({
  finding,
  focusPath,
}: {
  finding: Finding;
  focusPath: (path: string, target: 'form' | 'raw') => void;
}) {
  return (
    <div className={classes.finding} data-severity={finding.severity}>
      <UnstyledButton
        className={classes.findingButton}
        onClick={() => focusPath(finding.path, groupOfPath(finding.path) === null ? 'raw' : 'form')}
        aria-label={`${finding.severity}: ${finding.path}: ${finding.message}`}
      >
        <span className={classes.findingMark} aria-hidden>
          {finding.severity === 'error' ? '✕' : '!'}
        </span>
        <span className={classes.findingText}>
          <span className={classes.findingHead}>
            <span className={classes.findingPath}>{finding.path}</span>
            <span className={classes.findingCode}>{finding.code}</span>
          </span>
          <span className={classes.findingMessage}>{finding.message}</span>
          <span className={classes.findingRule}>{finding.rule}</span>
        </span>
      </UnstyledButton>
      <LazyTooltip label="Show in the raw JSON" openDelay={300}>
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={() => focusPath(finding.path, 'raw')}
          aria-label={`Show ${finding.path} in the raw JSON`}
        >
          <span className={classes.braces} aria-hidden>
            {'{}'}
          </span>
        </ActionIcon>
      </LazyTooltip>
    </div>
  );
});
