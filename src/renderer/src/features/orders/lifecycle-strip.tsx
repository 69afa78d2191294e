import { Anchor, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconCheck,
  IconChevronRight,
  IconCircleDashed,
  IconPointFilled,
  IconQuestionMark,
} from '@tabler/icons-react';
import { Fragment } from 'react';
import { STRIP_STATUS_WORDS, type OrderLifecycle, type StripStep } from '@shared/orders/order-lifecycle';
import { stepEvidence } from '@shared/orders/strip-steps';
import { STEP_LABEL } from '@ui/order-format';
import { formatShortInstant, instantTitle } from '@ui/instant-format';
import { useToday } from '@ui/use-today';

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
  // Passed without a record, or not known either way (an order with no known state): a question.
  if (step.status === 'unseen' || step.status === 'unknown')
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

/**
 * When the step was reached and by what, each linked to its record; when a stronger record
 * (a webhook, a get order) came after the one that reached it, "confirmed by" it as well, and
 * "late" where that record came out of order, so the strip says what the record list says (the
 * answer moved it, the webhook confirmed it, or arrived after the order had moved on).
 */
function StepEvidence({ step, at, compact }: { step: StripStep; at: string; compact: boolean }) {
  const today = useToday();
  const evidence = stepEvidence(step);
  if (evidence === null) return null;
  const { reached, confirmed, late } = evidence;
  const lateNote = late === null ? '' : ` (${late})`;
  if (compact) {
    // A narrow strip (the builder's panel) shows the time; what reached and confirmed it, in its tooltip.
    const how = `${reached.words === '' ? '' : ` · ${reached.words}`}${
      confirmed === null ? '' : `, ${confirmed.words} #${confirmed.recordId}`
    }${lateNote}`;
    return (
      <Tooltip
        label={`${instantTitle(at)}${how}: open record #${reached.recordId} on the timeline`}
        withArrow
      >
        <Anchor href={`#/timeline?id=${reached.recordId}`} size="xs" display="block" mt={2}>
          {formatShortInstant(at, today)}
        </Anchor>
      </Tooltip>
    );
  }
  const lateLabel = confirmed === null ? lateNote : '';
  return (
    <>
      <Tooltip
        label={`${instantTitle(at)}${lateLabel}: open record #${reached.recordId} on the timeline`}
        withArrow
      >
        <Anchor href={`#/timeline?id=${reached.recordId}`} size="xs" display="block" mt={2}>
          {formatShortInstant(at, today)}
          {reached.words === '' ? '' : ` · ${reached.words}`}
        </Anchor>
      </Tooltip>
      {confirmed !== null && (
        <Tooltip label={`Open record #${confirmed.recordId} on the timeline${lateNote}`} withArrow>
          <Anchor
            href={`#/timeline?id=${confirmed.recordId}`}
            size="xs"
            display="block"
            data-testid="strip-confirmed"
            data-late={late === null ? undefined : true}
          >
            {confirmed.words}
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
      {/* Never past the cell's border, and every step named whole: a label that does not fit
          beside its icon (five steps at 1280 px, the builder's narrow strip) goes under it. The
          builder's strip cut it, and "Authori…" left the step to be guessed. */}
      <Group gap={compact ? 4 : 6} wrap="wrap" style={{ rowGap: 2 }}>
        <StepIcon step={step} compact={compact} />
        <Text size={compact ? 'xs' : 'sm'} fw={current && !compact ? 700 : 500}>
          {STEP_LABEL[step.step]}
        </Text>
      </Group>
      {step.detail !== null && (
        <Text size="xs" c="dimmed" mt={2}>
          {step.detail}
        </Text>
      )}
      {step.at !== null && step.recordId !== null ? (
        <StepEvidence step={step} at={step.at} compact={compact} />
      ) : (
        <Text size="xs" c="dimmed" mt={2}>
          {step.status === 'unseen' || step.status === 'unknown' ? 'no record' : '—'}
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
