import { Anchor, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconChevronRight,
  IconCircleDashed,
  IconPointFilled,
  IconQuestionMark,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import {
  STRIP_SOURCE_WORDS,
  STRIP_STATUS_WORDS,
  type OrderLifecycle,
  type StripStep,
} from '@shared/orders/order-lifecycle';
import { formatShortTime, formatTime, STEP_LABEL } from '@ui/order-format';

const SOURCE_WORD = STRIP_SOURCE_WORDS;
const STATUS_WORD = STRIP_STATUS_WORDS;

function StepIcon({ step, compact }: { step: StripStep; compact: boolean }) {
  const size = compact ? 'xs' : 'sm';
  const glyph = compact ? 11 : 14;
  const ending = step.step === 'declined' || step.step === 'expired' || step.step === 'canceled';
  if (step.status === 'current')
    return (
      <ThemeIcon size={size} radius="xl" color={ending ? 'red' : 'green'}>
        <IconPointFilled size={glyph} />
      </ThemeIcon>
    );
  if (step.status === 'done')
    return (
      <ThemeIcon size={size} radius="xl" color="green" variant="light">
        <IconCheck size={glyph} />
      </ThemeIcon>
    );
  if (step.status === 'unseen')
    return (
      <ThemeIcon size={size} radius="xl" color="gray" variant="light">
        <IconQuestionMark size={glyph} />
      </ThemeIcon>
    );
  return (
    <ThemeIcon size={size} radius="xl" color="gray" variant="subtle">
      <IconCircleDashed size={glyph} />
    </ThemeIcon>
  );
}

const sourceWords = (source: StripStep['source']) =>
  source === null || SOURCE_WORD[source] === '' ? '' : ` · ${SOURCE_WORD[source]}`;

/**
 * When the step was reached and by what, each linked to its record; when a stronger record
 * (a webhook, a get order) came after the one that reached it, "confirmed by" it as well, so the
 * strip says what the record list says (the answer moved it, the webhook confirmed it).
 */
function StepEvidence({
  step,
  at,
  recordId,
  compact,
}: {
  step: StripStep;
  at: string;
  recordId: number;
  compact: boolean;
}) {
  const reachedId = step.reachedRecordId ?? recordId;
  const confirmed = step.reachedBy !== null && step.reachedBy !== step.source && reachedId !== recordId;
  if (compact) {
    // A narrow strip (the builder's panel) shows the time; what reached and confirmed it, in its tooltip.
    const how = `${sourceWords(confirmed ? step.reachedBy : step.source)}${
      confirmed && step.source !== null && SOURCE_WORD[step.source] !== ''
        ? `, confirmed ${SOURCE_WORD[step.source]}`
        : ''
    }`;
    return (
      <Tooltip label={`${formatTime(at)}${how}: open record #${reachedId} on the timeline`} withArrow>
        <Anchor href={`#/timeline?id=${reachedId}`} size="xs" display="block" mt={2}>
          {formatShortTime(at)}
        </Anchor>
      </Tooltip>
    );
  }
  return (
    <>
      <Tooltip label={`${formatTime(at)}: open record #${reachedId} on the timeline`} withArrow>
        <Anchor href={`#/timeline?id=${reachedId}`} size="xs" display="block" mt={2}>
          {formatShortTime(at)}
          {sourceWords(confirmed ? step.reachedBy : step.source)}
        </Anchor>
      </Tooltip>
      {confirmed && step.source !== null && SOURCE_WORD[step.source] !== '' && (
        <Tooltip label={`Open record #${recordId} on the timeline`} withArrow>
          <Anchor href={`#/timeline?id=${recordId}`} size="xs" display="block" data-testid="strip-confirmed">
            confirmed {SOURCE_WORD[step.source]}
          </Anchor>
        </Tooltip>
      )}
    </>
  );
}

function StripCell({ step, compact }: { step: StripStep; compact: boolean }) {
  const current = step.status === 'current';
  return (
    <Paper
      withBorder
      p={compact ? 6 : 'xs'}
      radius="md"
      role="listitem"
      aria-label={`${STEP_LABEL[step.step]}: ${STATUS_WORD[step.status]}`}
      aria-current={current ? 'step' : undefined}
      data-testid={`strip-step-${step.step}`}
      data-status={step.status}
      // Every step shares the row (one strip, never a second line); long words wrap inside.
      style={{
        flex: '1 1 0',
        minWidth: 0,
        ...(current
          ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 }
          : step.status === 'pending'
            ? { opacity: 0.6 }
            : {}),
      }}
    >
      {/* Never past the cell's border. The full strip names every step whole: a label that does
          not fit beside its icon (five steps at 1280 px) goes under it. The builder's narrow
          strip cuts it, whole in the list item's name. */}
      <Group gap={compact ? 4 : 6} wrap={compact ? 'nowrap' : 'wrap'} style={{ rowGap: 2 }}>
        <StepIcon step={step} compact={compact} />
        <Text size={compact ? 'xs' : 'sm'} fw={current && !compact ? 700 : 500} truncate={compact}>
          {STEP_LABEL[step.step]}
        </Text>
      </Group>
      {step.detail !== null && (
        <Text size="xs" c="dimmed" mt={2}>
          {step.detail}
        </Text>
      )}
      {step.at !== null && step.recordId !== null ? (
        <StepEvidence step={step} at={step.at} recordId={step.recordId} compact={compact} />
      ) : (
        <Text size="xs" c="dimmed" mt={2}>
          {step.status === 'unseen' ? 'no record' : '—'}
        </Text>
      )}
    </Paper>
  );
}

/**
 * One order's lifecycle on one strip: the happy path (or the step that ended it, and refunded
 * after a capture), each step with its time and a link to the record that proves it, the
 * current known step highlighted. Takes the derived lifecycle; `useOrderLifecycle` loads one.
 */
export function LifecycleStrip({
  lifecycle,
  compact = false,
}: {
  lifecycle: OrderLifecycle;
  /** For a narrow panel (the builder's): times only, sources in tooltips, smaller labels. */
  compact?: boolean;
}) {
  return (
    <Group
      gap={compact ? 2 : 4}
      wrap="nowrap"
      align="stretch"
      role="list"
      aria-label={`Lifecycle of order ${lifecycle.orderId}`}
      data-testid="lifecycle-strip"
    >
      {lifecycle.strip.map((step, index) => (
        <Fragment key={step.step}>
          {index > 0 && (
            <IconChevronRight
              size={compact ? 12 : 16}
              aria-hidden
              color="var(--mantine-color-dimmed)"
              style={{ alignSelf: 'center', flex: 'none' }}
            />
          )}
          <StripCell step={step} compact={compact} />
        </Fragment>
      ))}
    </Group>
  );
}
