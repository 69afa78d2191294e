import { formatCount } from '@shared/count-format';
import { Badge, Group, Loader, Text } from '@mantine/core';
import { memo, useEffect, useMemo, useState } from 'react';
import type { Finding } from '@shared/checkout';
import { useBuilderStore } from './builder-store';
import type { ParseError } from './builder-text';
import { LISTED_FINDINGS } from './document-notices';
import { countFindings, FindingsPanel, type FindingCounts } from './findings-panel';
import { awaitsWorkingCopyChoice, useWorkingCopyOffer } from './working-copy-offer';

/**
 * While a large working copy from last time waits to be opened or declined, the editor holds a
 * placeholder (`{}`), not the person's document: its findings ("13 errors", "total_amount is
 * required") judged nothing they wrote. Until the choice, the findings say they wait for it.
 */
const useAwaitingChoice = (): boolean => useWorkingCopyOffer(awaitsWorkingCopyChoice);

const AWAITING_WORDS =
  'Findings wait for your choice above: open your working copy from last time, or start with an empty document.';

/*
 * The parts of the builder that show the findings as a whole. Each subscribes to the findings
 * itself, so a new answer from the analysis re-renders these few elements and not the builder
 * around them (the toolbar, the guide and the form's frame rendered again on every keystroke
 * that changed a finding, which made typing in the form slow).
 */

const APP_TITLE = 'Checkout Console';

/** The counts shown; findings of the last JSON that parsed are not counted for text that does not. */
function useFindingCounts(): FindingCounts {
  const findings = useBuilderStore((state) => state.findings);
  const parses = useBuilderStore((state) => state.parseError === null);
  return useMemo(() => (parses ? countFindings(findings) : { errors: 0, warnings: 0 }), [findings, parses]);
}

/**
 * The findings in the window's title while the builder is open: "2 errors, 1 warning —
 * Builder", or "Not JSON (line 4, column 3) — Builder" while the text does not parse.
 */
export function FindingsTitle(): null {
  const { errors, warnings } = useFindingCounts();
  const awaiting = useAwaitingChoice();
  const broken = useBuilderStore((state) =>
    state.parseError === null
      ? null
      : `Not JSON (line ${state.parseError.line}, column ${state.parseError.column})`,
  );
  useEffect(() => {
    const parts = [
      broken,
      errors > 0 ? `${errors} ${errors === 1 ? 'error' : 'errors'}` : null,
      warnings > 0 ? `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : null,
    ].filter((part) => part !== null);
    const findings = awaiting ? 'Findings wait' : parts.length === 0 ? 'No findings' : parts.join(', ');
    document.title = `${findings} — Builder — ${APP_TITLE}`;
    return () => {
      document.title = APP_TITLE;
    };
  }, [errors, warnings, broken, awaiting]);
  return null;
}

/** A check shorter than this shows no spinner: a spinner is painted every frame while it turns. */
const SPINNER_AFTER_MS = 400;

/**
 * While the worker checks the document: a state the benchmark reads at once, and a spinner on
 * the tab once the check takes long enough to notice (a large document).
 */
function AnalysisStatus() {
  const analysing = useBuilderStore((state) => state.analysing);
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!analysing) return;
    const timer = window.setTimeout(() => setSlow(true), SPINNER_AFTER_MS);
    return () => {
      window.clearTimeout(timer);
      setSlow(false);
    };
  }, [analysing]);
  return (
    <span data-testid="analysis-status" data-state={analysing ? 'pending' : 'current'}>
      {analysing && slow && <Loader size={10} aria-label="Checking the document" />}
    </span>
  );
}

/** The Findings tab's label: the counts and the analysis spinner. */
export const FindingsTabLabel = memo(function FindingsTabLabel() {
  const { errors, warnings } = useFindingCounts();
  const awaiting = useAwaitingChoice();
  const broken = useBuilderStore((state) => state.parseError !== null);
  if (awaiting)
    return (
      <Group gap={6} wrap="nowrap">
        Findings
        <Badge size="xs" color="gray" variant="light" data-testid="findings-waiting-badge">
          waiting
        </Badge>
      </Group>
    );
  return (
    <Group gap={6} wrap="nowrap">
      Findings
      <Badge
        size="xs"
        color={broken || errors > 0 ? 'red' : 'gray'}
        variant={broken ? 'filled' : 'light'}
        data-testid="error-count"
      >
        {broken ? 'not JSON' : `${errors} ${errors === 1 ? 'error' : 'errors'}`}
      </Badge>
      {!broken && (
        <Badge size="xs" color={warnings > 0 ? 'orange' : 'gray'} variant="light" data-testid="warning-count">
          {warnings} {warnings === 1 ? 'warning' : 'warnings'}
        </Badge>
      )}
      <AnalysisStatus />
    </Group>
  );
});

/** The findings list renders again only when the findings do (not on every keystroke elsewhere). */
const ListedFindings = memo(function ListedFindings({
  findings,
  parseError,
}: {
  findings: readonly Finding[];
  parseError: ParseError | null;
}) {
  return (
    <FindingsPanel
      findings={findings.length > LISTED_FINDINGS ? findings.slice(0, LISTED_FINDINGS) : findings}
      parseError={parseError}
    />
  );
});

/** The Findings tab's body: the first LISTED_FINDINGS findings, and a note when there are more. */
export const FindingsTabBody = memo(function FindingsTabBody() {
  const parseError = useBuilderStore((state) => state.parseError);
  const findings = useBuilderStore((state) => state.findings);
  const awaiting = useAwaitingChoice();
  if (awaiting)
    return (
      <Text size="sm" c="dimmed" p="sm" data-testid="findings-waiting">
        {AWAITING_WORDS}
      </Text>
    );
  return (
    <>
      {findings.length > LISTED_FINDINGS && (
        <Text size="xs" c="dimmed" px="sm" py={4} data-testid="findings-listed">
          The first {formatCount(LISTED_FINDINGS)} of {formatCount(findings.length)} findings; the counts and
          the raw JSON&apos;s marks cover more.
        </Text>
      )}
      <ListedFindings findings={findings} parseError={parseError} />
    </>
  );
});
