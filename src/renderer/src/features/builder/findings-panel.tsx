import { ActionIcon, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { Finding } from '@shared/checkout';
import { useBuilderStore } from './builder-store';
import type { ParseError } from './builder-text';
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

/** Where the raw text stops being JSON, as every report of the builder says it. */
export function describeParseError(parseError: ParseError): string {
  return `The text is not JSON (line ${parseError.line}, column ${parseError.column}): ${parseError.message}`;
}

/** Text that does not parse is never clean: it leads the panel, with where it breaks. */
function ParseErrorFinding({ parseError }: { parseError: ParseError }) {
  const focusPath = useBuilderStore((state) => state.focusPath);
  return (
    <Group className={classes.finding} gap="xs" wrap="nowrap" align="flex-start" data-severity="error">
      <UnstyledButton
        className={classes.findingButton}
        onClick={() => focusPath('', 'raw')}
        data-testid="findings-parse-error"
        aria-label={`error: ${describeParseError(parseError)}`}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <IconCircleX size={16} color="var(--mantine-color-red-6)" style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {describeParseError(parseError)}
            </Text>
            <Text size="xs" c="dimmed">
              Nothing below can be trusted for this text: the form and the findings are of the last JSON that
              parsed.
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </Group>
  );
}

/**
 * Every finding with its path, message and the spec rule it comes from. A click goes to the
 * field in the form (or, for what the form does not show, to the raw JSON); the braces go to
 * the raw JSON directly. When the raw text does not parse, that comes first.
 */
export function FindingsPanel({
  findings,
  parseError,
}: {
  findings: readonly Finding[];
  parseError: ParseError | null;
}) {
  const focusPath = useBuilderStore((state) => state.focusPath);
  const stale = parseError !== null;
  if (findings.length === 0 && parseError === null)
    return (
      <Group gap="xs" p="sm" data-testid="findings-empty">
        <IconCircleCheck size={18} color="var(--mantine-color-green-6)" />
        <Text size="sm">No findings: the payload follows every rule of the spec.</Text>
      </Group>
    );
  return (
    <ScrollArea h="100%" type="auto">
      <Stack gap={0} data-testid="findings-list">
        {parseError !== null && <ParseErrorFinding parseError={parseError} />}
        {stale && findings.length > 0 && (
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
            <span className={classes.findingPath} data-testid="finding-path">
              {finding.path}
            </span>
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
