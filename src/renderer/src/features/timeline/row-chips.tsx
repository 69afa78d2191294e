import type { EventKind, TimelineSummary } from '@shared/events';
import {
  importOriginWords,
  PROVENANCE_WORDS,
  recordMark,
  whoseTitle,
  type Provenance,
  type Whose,
} from '@shared/provenance';
import { NOT_JUDGED, NOT_JUDGED_WHY } from '@shared/raw-request';
import { PROVENANCE_LABEL, WHOSE_LABEL } from '@ui/order-format';
import { verdictLook, type VerdictRef } from '@features/jwt';
import { filledChip, lightChip } from '@ui/readable-colors';
import { KIND_COLOR } from './record-badges';
import { statusWords } from './record-status-words';
import classes from './timeline.module.css';

// The list's own chips: plain spans styled like Mantine's light and filled badges, with the
// meaning as a native tooltip. A row mounts dozens of times a second while scrolling fast, and
// Mantine's Badge + Tooltip per chip cost more than a frame's budget (bench/README.md). The
// detail pane keeps the full components; the test ids and words are the same.

const light = (color: string) => ({
  background: `var(--mantine-color-${color}-light)`,
  color: `var(--mantine-color-${color}-light-color)`,
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
      className={`${classes.chip} ${classes.whole}`}
      style={good ? lightChip(color) : filledChip(color)}
      title={meaning}
      data-testid={`${ref.kind}-verdict`}
      data-verdict={ref.verdict}
      data-findings={findings ?? undefined}
    >
      {label}
    </span>
  );
}

/** In place of the verdicts of a request the listener could not read as HTTP: never an empty cell. */
export function RowNotJudged() {
  return (
    <span
      className={`${classes.chip} ${classes.whole}`}
      style={light('gray')}
      title={NOT_JUDGED_WHY}
      data-testid="not-judged-verdict"
    >
      {NOT_JUDGED}
    </span>
  );
}

export function RowStatus({ summary }: { summary: Parameters<typeof statusWords>[0] }) {
  const { text, color, answered } = statusWords(summary);
  return (
    // Never broken: "not sent" took two lines in History's squeezed Status column at 1280 (t74).
    <span
      className={answered ? classes.strong : undefined}
      style={{ color, whiteSpace: 'nowrap' }}
      data-testid="record-status"
    >
      {text}
    </span>
  );
}

/**
 * Whose doing a row is, when not the service's and its kinds do not already say so: a webhook
 * that carried a token the console signed, or a console listener's forwarded copy, looked like
 * the service's own on the list.
 */
export interface RowMark {
  provenance: Provenance;
  /** What an imported record originally was ("originally a replay"), said beside "imported". */
  origin: string | null;
  title: string;
}

export function provenanceMark(
  records: readonly (TimelineSummary | null)[],
  kinds: readonly EventKind[],
): RowMark | null {
  for (const record of records) {
    if (record === null) continue;
    // recordMark decides, as for History and `history`; `unverified` is left to the row's token
    // verdict, which the Timeline shows beside it.
    const mark = recordMark(record);
    if (mark === null || mark === 'unverified') continue;
    const label = PROVENANCE_LABEL[mark];
    if (label !== null && !(kinds as readonly string[]).includes(label))
      return { provenance: mark, origin: importOriginWords(record), title: whoseTitle(record) };
  }
  return null;
}

/**
 * Whose doing a record is, marked: the console's (grape), or `unverified` (orange, as the Orders
 * view's badge), whose `title` says why (whoseTitle: the verdict is the record's, not the mark's).
 */
export function RowProvenance({
  provenance,
  origin = null,
  title,
}: {
  provenance: Whose;
  origin?: string | null;
  title?: string;
}) {
  const unverified = provenance === 'unverified';
  const label = WHOSE_LABEL[provenance];
  const originWords = origin === null || label === null ? null : ` · ${origin}`;
  return (
    <span
      className={`${classes.chip} ${classes.mark}`}
      style={{ ...filledChip(unverified ? 'orange' : 'grape'), marginRight: 6 }}
      title={title ?? (unverified ? undefined : PROVENANCE_WORDS[provenance])}
      data-testid="record-provenance"
      data-provenance={provenance}
      data-origin={originWords ?? undefined}
    >
      <span>{label}</span>
      {/* Boxes of their own: in the Timeline's narrow name cell the origin gives way, never the word. */}
      {originWords !== null && (
        <span className={classes.markOrigin}>
          <span className={classes.markOriginWords}>{originWords}</span>
        </span>
      )}
    </span>
  );
}
