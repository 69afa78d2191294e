import { ActionIcon, Button, Group, Paper, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconArrowRight, IconCheck, IconExternalLink, IconX } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import type { TimelineSummary } from '@shared/events';
import { ENDED_STATES } from '@shared/orders/order-claims';
import type { OrderState } from '@shared/orders/order-states';
import { pickLocalProfile } from '@shared/local-profile';
import { useNavigation } from '@ui/navigation';
import { openExternalUrl } from '@ui/open-external';
import { usePreferencesStore } from '@ui/preferences-store';
import { switchProfile, selectActiveProfile, useProfilesStore } from '@features/profiles';
import { useEmulatorStore } from '@features/emulator';
import { useEmulatorHeldState } from '@features/orders';
import { isEmptyDocument, useBuilderStore } from './builder-store';
import { useFollowedOrder, type FollowedOrder } from './followed-order';
import { useGuided } from './guided-order';
import classes from './builder.module.css';
import { isOverEmulatorLimit } from './large-document';
import { firstRunOrderStep, type FirstRunAction } from './first-run-order-step';
import { fillSample } from './sample-action';
import {
  FIRST_RUN_STEPS,
  firstRunDoneWords,
  firstRunHeading,
  firstRunProgress,
  firstRunRequest,
  firstRunRequestWords,
  firstRunSendWords,
  type FirstRunRequest,
} from './first-run-progress';
import { countFindings } from './findings-panel';
import { awaitsWorkingCopyChoice, useWorkingCopyOffer } from './working-copy-offer';

/**
 * The way through a first run, on the builder until it is done or closed: a request (Sample's
 * or typed) → Send to Local → Pay → Authorise → Capture. Each step says what to do and offers the one button that
 * does it; the steps after the send follow the order as the emulator's webhooks arrive, named
 * above them (first-run-progress.ts: they are that order's, not the document on screen's).
 */
export function FirstRunGuide() {
  const shown = usePreferencesStore((state) => state.preferences?.firstRunGuide === 'show');
  if (!shown) return null;
  return <Guide />;
}

function Guide() {
  const update = usePreferencesStore((state) => state.update);
  const hasDocument = useBuilderStore((state) => !isEmptyDocument(state));
  const parses = useBuilderStore((state) => state.parseError === null);
  // The errors Send would ask about: the builder's findings, counted as its Findings tab counts them.
  const errors = useBuilderStore((state) => countFindings(state.findings).errors);
  const request = firstRunRequest(hasDocument, parses, errors);
  const { order, detail, state } = useGuided();
  const progress = firstRunProgress(request.kind === 'ready', order !== null, state);
  // What the emulator holds of it: past what its records say, the guide says why, not Pay again.
  // A damaged row of it holds no state to step by; the order's own panel names that row.
  const heldOrDamaged = useEmulatorHeldState(order?.orderId ?? null);
  const held = typeof heldOrDamaged === 'string' ? heldOrDamaged : undefined;
  const close = () => void update({ firstRunGuide: 'done' });
  return (
    <Paper withBorder radius="sm" p="xs" mb="sm" data-testid="first-run-guide" data-step={progress}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap={6} wrap="wrap">
          <Text size="sm" fw={600} mr={4}>
            {firstRunHeading(order?.orderId ?? null)}
          </Text>
          {/* The steps wrap as one, after the heading: wrapping one by one left "✓ Capture" alone
              on a line under a heading that names the order's whole id. */}
          <Group gap={6} wrap="nowrap" role="list" aria-label="First run">
            {FIRST_RUN_STEPS.map((step, index) => (
              <Fragment key={step}>
                {index > 0 && <IconArrowRight size={14} aria-hidden color="var(--mantine-color-dimmed)" />}
                <StepChip index={index} label={step} progress={progress} />
              </Fragment>
            ))}
          </Group>
        </Group>
        <Tooltip label="Hide the guide for good (Settings can show it again)" withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label="Hide the first-run guide"
            onClick={close}
          >
            <IconX size={14} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {/* The step's words wrap; its button keeps its whole label (Group would cap each child's width). */}
      <Group
        gap="sm"
        mt={6}
        wrap="nowrap"
        preventGrowOverflow={false}
        className={classes.firstRunNext}
        data-testid="first-run-next"
      >
        <NextStep
          progress={progress}
          request={request}
          order={order}
          state={state}
          held={held}
          records={detail?.records ?? []}
          onDone={close}
        />
      </Group>
    </Paper>
  );
}

function StepChip({ index, label, progress }: { index: number; label: string; progress: number }) {
  const done = index < progress;
  const current = index === progress;
  return (
    <Group
      gap={4}
      wrap="nowrap"
      role="listitem"
      aria-current={current ? 'step' : undefined}
      data-status={done ? 'done' : current ? 'current' : 'pending'}
    >
      <ThemeIcon
        size={18}
        radius="xl"
        variant={done ? 'filled' : current ? 'light' : 'default'}
        color="green"
      >
        {done ? <IconCheck size={12} /> : <Text size="xs">{index + 1}</Text>}
      </ThemeIcon>
      <Text
        size="sm"
        fw={current ? 700 : 400}
        c={done || current ? undefined : 'dimmed'}
        style={{ whiteSpace: 'nowrap' }}
      >
        {label}
      </Text>
    </Group>
  );
}

/** What to do now, and the button that does it. */
function NextStep({
  progress,
  request,
  order,
  state,
  held,
  records,
  onDone,
}: {
  progress: number;
  /** The document on screen as a request (firstRunRequest). */
  request: FirstRunRequest;
  /** The order the guide follows (useGuided). */
  order: FollowedOrder | null;
  state: OrderState | null;
  /** The state this console's emulator holds the order in, if it holds it. */
  held: OrderState | undefined;
  /** The order's records, oldest first. */
  records: readonly TimelineSummary[];
  onDone: () => void;
}) {
  const profile = useProfilesStore((store) => selectActiveProfile(store));
  // The emulator's profile, as main picks it (local-profile.ts): another local profile (Slow,
  // a server of your own) is not the way through the emulator.
  const local = useProfilesStore((store) => pickLocalProfile(store.profiles));
  const elsewhere = useFollowedOrder((store) => (order === null ? store.order : null));
  // Stopped, its checkout page is dead and a send finds nothing: the builder's notice says so
  // and has Start. Unknown (not read yet, a tab cut off) is taken as running, as that notice does.
  const emulatorRunning = useEmulatorStore((store) => store.status?.running ?? true);
  const navigate = useNavigation((store) => store.navigate);
  // The editor's `{}` is a placeholder then, not a document to start: the request waits above.
  const awaiting = useWorkingCopyOffer(awaitsWorkingCopyChoice);
  // A body the emulator refuses (413) is no request to send it: the notice above says its size.
  const overLimit = useBuilderStore(
    (store) => profile?.environment === 'local' && isOverEmulatorLimit(store.text, store.requestLimitBytes),
  );
  const say = (text: ReactNode) => <Text size="sm">{text}</Text>;
  const overLimitWords = `This request is over the emulator's request limit (the notice above): Send to ${local?.name ?? 'Local'} would be refused with 413 and make no order. Make it smaller, or Sample fills a complete, valid one.`;
  if (state !== null && ENDED_STATES.includes(state))
    return say(
      `The order ended (${state}). Send again for a new order, and choose Pay on its checkout page.`,
    );
  switch (progress) {
    case 0:
      if (awaiting)
        return say('Your working copy from last time waits above: open it, or start with an empty document.');
      // Fixing its errors would not make it one the emulator takes: its size is said first.
      if (request.kind !== 'none' && overLimit) return say(overLimitWords);
      return (
        <>
          {say(
            request.kind === 'none' || request.kind === 'ready'
              ? 'Start with a request: Sample fills a complete, valid one (a random Gulf country; the arrow picks one), or fill the form yourself.'
              : firstRunRequestWords(request),
          )}
          <Button size="xs" variant="light" onClick={() => void fillSample()}>
            Fill with a sample
          </Button>
        </>
      );
    case 1:
      if (local === undefined)
        return say(firstRunSendWords(profile?.name ?? 'none', 'Local', emulatorRunning));
      if (profile?.id !== local.id)
        return (
          <>
            {say(
              `${elsewhere === null ? '' : `The last send went to ${elsewhere.profileName}, not the emulator. `}${firstRunSendWords(profile?.name ?? 'none', local.name, emulatorRunning)}`,
            )}
            <Button size="xs" variant="light" onClick={() => switchProfile(local.id)}>
              Switch to {local.name}
            </Button>
          </>
        );
      if (overLimit) return say(overLimitWords);
      return say(firstRunSendWords(local.name, local.name, emulatorRunning));
    case 2:
    case 3:
    case 4: {
      if (order === null) return null;
      const step = firstRunOrderStep({
        progress,
        state,
        held,
        records,
        active: profile?.name ?? 'none',
        emulatorProfile: local?.name ?? 'Local',
        emulatorRunning,
      });
      const act: Record<FirstRunAction['kind'], () => void> = {
        switch: () => {
          if (local !== undefined) switchProfile(local.id);
        },
        checkout: () => void openExternalUrl(order.checkoutUrl),
        listener: () => navigate('listener'),
        orders: () => navigate('orders', { id: order.orderId }),
      };
      return (
        <>
          {say(step.text)}
          {step.actions.map((action) => (
            <Button
              key={action.kind}
              size="xs"
              variant="light"
              leftSection={action.kind === 'checkout' ? <IconExternalLink size={14} /> : undefined}
              onClick={act[action.kind]}
            >
              {action.label}
            </Button>
          ))}
        </>
      );
    }
    default:
      return (
        <>
          {say(firstRunDoneWords(order?.orderId ?? ''))}
          <Button size="xs" variant="light" onClick={onDone}>
            Hide the guide
          </Button>
        </>
      );
  }
}
