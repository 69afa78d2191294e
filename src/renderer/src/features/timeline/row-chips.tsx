import type { EventKind, TimelineSummary } from '@shared/events';
import { verdictLook, type VerdictRef } from '@features/jwt';
import { KIND_COLOR, statusColor } from './record-badges';
import classes from './timeline.module.css';

// The list's own chips: plain spans styled like Mantine's light and filled badges, with the
// meaning as a native tooltip. A row mounts dozens of times a second while scrolling fast, and
// Mantine's Badge + Tooltip per chip cost more than a frame's budget (bench/README.md). The
// detail pane keeps the full components; the test ids and words are the same.

const light = (color: string) => ({
  background: `var(--mantine-color-${color}-light)`,
  color: `var(--mantine-color-${color}-light-color)`,
});
const filled = (color: string) => ({
  background: `var(--mantine-color-${color}-filled)`,
  color: 'var(--mantine-color-white)',
});

export function RowKind({ kind }: { kind: EventKind }) {
  return (
    <span className={classes.chip} style={light(KIND_COLOR[kind])} data-testid="record-kind">
      {kind}
    </span>
  );
}

export function RowVerdict(ref: VerdictRef) {
  const { color, label, meaning, good, findings } = verdictLook(ref);
  return (
    <span
      className={classes.chip}
      style={good ? light(color) : filled(color)}
      title={meaning}
      data-testid={`${ref.kind}-verdict`}
      data-verdict={ref.verdict}
      data-findings={findings ?? undefined}
    >
      {label}
    </span>
  );
}

export function RowStatus({ summary }: { summary: Pick<TimelineSummary, 'status' | 'error'> }) {
  const [text, color] =
    summary.status !== null
      ? [String(summary.status), `var(--mantine-color-${statusColor(summary.status)}-text)`]
      : summary.error === null
        ? ['…', 'var(--mantine-color-dimmed)']
        : ['failed', 'var(--mantine-color-red-text)'];
  return (
    <span
      className={summary.status === null ? undefined : classes.strong}
      style={{ color }}
      data-testid="record-status"
    >
      {text}
    </span>
  );
}
