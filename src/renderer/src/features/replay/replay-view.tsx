import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { isEmptyFilter } from '@shared/event-filter';
import { TOKEN_PRESET_INFO, TOKEN_PRESETS, type TokenPreset } from '@shared/jwt/token-presets';
import {
  leftOutWords,
  REPLAY_TOKEN_MODES,
  replayRequestSchema,
  type ReplayRequest,
  type ReplayTokenMode,
} from '@shared/replay';
import { boxesToCorrect } from '@ui/boxes-to-correct';
import { confirmLiveReplay } from '@ui/confirm-live';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';
import { useNavigation } from '@ui/navigation';
import { ChoiceControl, type Choice } from '@ui/choice-control';
import { TypedTextInput } from '@ui/typed-text-input';
import { useWholeNumberText } from '@ui/use-typed-text';
import { rangeOfSchema } from '@ui/whole-number-text';
import { errorMessage } from '@bridge/bridge-error';
import { ReplayBodyEditor } from './replay-body-editor';
import { useReplayForm, type SequenceOrder, type TargetKind } from './replay-form-state';
import { ReplayProgressPanel } from './replay-progress';
import { followReplayProgress, startReplay } from './replay-store';
import { replaySelection, replaySelectionKey } from './replay-selection';
import { editedBodyHold, editedBodyProblem, replayUrlProblem, startErrorStands } from './replay-holds';
import { useReplayPlan } from './use-replay-plan';

const TOKEN_LABEL: Record<ReplayTokenMode, string> = {
  original: 'Original',
  resign: 'Re-signed',
  none: 'None',
  preset: 'Crafted preset',
};
const TOKEN_MODE_CHOICES: readonly Choice<ReplayTokenMode>[] = REPLAY_TOKEN_MODES.map((mode) => ({
  value: mode,
  label: TOKEN_LABEL[mode],
}));
const TARGET_CHOICES: readonly Choice<TargetKind>[] = [
  { value: 'listener', label: "This console's listener" },
  { value: 'forward', label: 'Forward-to URL' },
  { value: 'url', label: 'Any URL' },
];
const ORDER_CHOICES: readonly Choice<SequenceOrder>[] = [
  { value: 'original', label: 'In order' },
  { value: 'reversed', label: 'Reversed' },
  { value: 'shuffled', label: 'Shuffled' },
];
// The ranges main checks, from the schema that checks them.
const { shape } = replayRequestSchema;
const RANGE = {
  repeat: rangeOfSchema(shape.repeat.unwrap()),
  concurrency: rangeOfSchema(shape.concurrency.unwrap()),
  delayMs: rangeOfSchema(shape.delayMs.unwrap()),
};
const isPreset = (value: string | null): value is TokenPreset =>
  value !== null && (TOKEN_PRESETS as readonly string[]).includes(value);

/**
 * Replays stored webhooks: the selection from the timeline (or an order, or a search), where
 * to, with which token and body, in which sequence; then the run's progress.
 */
export function ReplayView() {
  const search = useNavigation((state) => state.query);
  const selection = useMemo(() => replaySelection(search), [search]);
  const selectionKey = useMemo(() => replaySelectionKey(selection), [selection]);
  // Webhooks only, always: a filter chooses when it says more than that.
  const chosenByFilter =
    selection.filter !== undefined && !isEmptyFilter({ ...selection.filter, kinds: undefined });
  const form = useReplayForm();
  // The number boxes keep what was typed; Replay waits while one reads as no number (the last
  // number would be sent, not the one shown).
  const repeat = useWholeNumberText(form.repeat, RANGE.repeat);
  const concurrency = useWholeNumberText(form.concurrency, RANGE.concurrency);
  const delay = useWholeNumberText(form.delayMs, RANGE.delayMs);
  const request = (confirmLive: boolean): ReplayRequest => ({
    ...(selection.ids === undefined ? { filter: selection.filter } : { ids: selection.ids }),
    target: form.target === 'url' ? { kind: 'url', url: form.url } : { kind: form.target },
    tokenMode: form.tokenMode,
    preset: form.preset,
    body: form.editBody ? form.body : null,
    order: form.order,
    delayMs: form.delayMs,
    concurrency: form.concurrency,
    repeat: form.repeat,
    confirmLive,
  });

  // Said under the box; a plan would only repeat it, with the field's inner path.
  const urlProblem = form.target === 'url' ? replayUrlProblem(form.url) : null;
  const plan = useReplayPlan({
    selection,
    target: form.target,
    url: form.url,
    repeat: form.repeat,
    editBody: form.editBody,
  });
  // Main's refusal of a start stays until the form would send something else.
  const [startError, setStartError] = useState<{ message: string; request: ReplayRequest } | null>(null);

  useEffect(() => followReplayProgress(), []);

  const start = async () => {
    if (plan.value === null) return;
    if (plan.value.live && !(await confirmLiveReplay(plan.value.targetUrl, plan.value.sends))) return;
    const asked = request(plan.value.live);
    setStartError(null);
    try {
      await startReplay(asked, selectionKey);
    } catch (error) {
      setStartError({ message: errorMessage(error), request: asked });
    }
  };
  const running = form.progress !== null && !form.progress.finished;
  const firstId = selection.ids?.[0] ?? null;
  // The first webhook's body is withheld here: main would refuse the run; said before the press.
  const unreplayable = form.bodyLocked?.id === firstId ? (form.bodyLocked?.replayReason ?? null) : null;
  const boxesWrong = boxesToCorrect([
    ['URL', urlProblem],
    ['Repeat', repeat.problem],
    ['At once', concurrency.problem],
    ['Delay (ms)', delay.problem],
  ]);
  // Said under the editor too, before Replay is pressed (main would refuse the start).
  const bodyProblem = form.editBody && form.bodyFor === selectionKey ? editedBodyProblem(form.body) : null;
  const held = unreplayable ?? boxesWrong ?? editedBodyHold(form, selectionKey, firstId) ?? bodyProblem;
  const error = startErrorStands(startError, request(false)) ?? (urlProblem === null ? plan.error : null);
  // An ended run of another selection is not this one's; one still going shows (to follow, to cancel).
  const progress =
    form.progress !== null &&
    (!form.progress.finished || form.progressFor === null || form.progressFor === selectionKey)
      ? form.progress
      : null;

  return (
    <Stack gap="md" maw={1100}>
      <Title order={3}>Replay</Title>
      {selection.problems.length > 0 && <Alert color="orange">{selection.problems.join(' ')}</Alert>}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Text size="sm" data-testid="replay-selection">
            {selection.ids !== undefined
              ? `${selection.ids.length} selected ${selection.ids.length === 1 ? 'record' : 'records'}`
              : chosenByFilter
                ? 'Every stored webhook matching the filter'
                : 'Every stored webhook (no filter)'}
            {plan.value === null
              ? ''
              : ` · ${plan.value.webhooks} ${plan.value.webhooks === 1 ? 'webhook' : 'webhooks'}`}
            {plan.value !== null && plan.value.leftOut.raw + plan.value.leftOut.cut > 0 && (
              <span data-testid="replay-left-out">
                {` · left out: ${leftOutWords(plan.value.leftOut)}, not sendable as ${plan.value.leftOut.raw + plan.value.leftOut.cut === 1 ? 'it' : 'they'} came${plan.value.leftOut.cut > 0 ? ' (edit the body to send those stored cut)' : ''}`}
              </span>
            )}
            {/* Opened from the navigation (or every record selected, unfiltered): where to choose fewer. */}
            {selection.ids === undefined && !chosenByFilter && (
              <>
                . To replay only some,{' '}
                <Anchor href="#/timeline?kind=webhook" inherit>
                  choose them on the timeline
                </Anchor>{' '}
                (tick them, then Replay…).
              </>
            )}
          </Text>
          {selection.ids === undefined && (
            // Else each run would also replay the last run's arrivals (1, 2, 4… webhooks).
            <Text size="xs" c="dimmed" data-testid="replay-selection-leaves-out">
              The listener&apos;s records of replays the console sent are left out; tick one on the timeline
              to replay it again.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Send to
              </Text>
              <ChoiceControl
                aria-label="Target"
                data={TARGET_CHOICES}
                value={form.target}
                onChange={(value) => form.set({ target: value })}
              />
              {form.target === 'url' && (
                <TextInput
                  label="URL"
                  placeholder="http://127.0.0.1:3000/webhooks"
                  value={form.url}
                  error={urlProblem}
                  onChange={(event) => form.set({ url: event.currentTarget.value })}
                />
              )}
              <Text size="sm" fw={600} mt="xs">
                Token
              </Text>
              <ChoiceControl
                aria-label="Token mode"
                data={TOKEN_MODE_CHOICES}
                value={form.tokenMode}
                onChange={(value) => form.set({ tokenMode: value })}
              />
              <Text size="xs" c="dimmed">
                {form.tokenMode === 'original'
                  ? 'The exact token it arrived with (a stale one tests how the merchant handles it).'
                  : form.tokenMode === 'resign'
                    ? "Its claims with a fresh iat and exp, signed with the active profile's notification token."
                    : form.tokenMode === 'none'
                      ? 'No token in the query nor in the Authorization header.'
                      : 'A token crafted as in the JWT inspector, signed by the active profile.'}
              </Text>
              {form.tokenMode === 'preset' && (
                <Select
                  label="Preset"
                  data={TOKEN_PRESETS.map((preset) => ({
                    value: preset,
                    label: TOKEN_PRESET_INFO[preset].label,
                  }))}
                  value={form.preset}
                  onChange={(value) => isPreset(value) && form.set({ preset: value })}
                  allowDeselect={false}
                />
              )}
            </Stack>
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Sequence
              </Text>
              <ChoiceControl
                aria-label="Order"
                data={ORDER_CHOICES}
                value={form.order}
                onChange={(value) => form.set({ order: value })}
              />
              {/* Top-aligned: a box's problem under it must not move the others. */}
              <Group grow align="flex-start">
                <TypedTextInput
                  label="Repeat"
                  inputMode="numeric"
                  field={repeat}
                  onValue={(value) => form.set({ repeat: value })}
                />
                <TypedTextInput
                  label="At once"
                  inputMode="numeric"
                  field={concurrency}
                  onValue={(value) => form.set({ concurrency: value })}
                />
                <TypedTextInput
                  label="Delay (ms)"
                  inputMode="numeric"
                  field={delay}
                  onValue={(value) => form.set({ delayMs: value })}
                />
              </Group>
            </Stack>
          </SimpleGrid>
          <ReplayBodyEditor
            selectionKey={selectionKey}
            firstId={firstId}
            bodyProblem={bodyProblem}
            webhooks={plan.value?.webhooks ?? null}
          />
          {plan.empty === true && (
            <Text size="sm" c="dimmed" data-testid="replay-empty">
              {chosenByFilter ? (
                'No stored webhook matches the filter.'
              ) : (
                <>
                  No webhook stored yet. The first arrives at the listener after a send from{' '}
                  <Anchor href="#/builder" inherit>
                    the Builder
                  </Anchor>{' '}
                  and a payment on its checkout page; then it can be sent again from here.
                </>
              )}
            </Text>
          )}
          {error !== null && (
            <Alert color="red" data-testid="replay-plan-error">
              {error}
            </Alert>
          )}
          {/* No plan while a box is wrong: it would count sends of a number the box does not show. */}
          {plan.value !== null && boxesWrong === null && (
            <Alert color={plan.value.live ? 'red' : 'blue'} p="xs" data-testid="replay-plan">
              {plan.value.sends} {plan.value.sends === 1 ? 'send' : 'sends'} to {plan.value.targetUrl}
              {plan.value.live ? ' — a LIVE profile: you will be asked to confirm.' : ''}
            </Alert>
          )}
          <Group>
            <UnavailableWithReason reason={held}>
              <Button
                leftSection={<IconPlayerPlay size={16} />}
                onClick={() => {
                  if (held === null) void start();
                }}
                disabled={held === null && (plan.value === null || running || form.starting)}
                {...blockedButton(held)}
              >
                Replay {plan.value === null || boxesWrong !== null ? '' : plan.value.sends}
              </Button>
            </UnavailableWithReason>
          </Group>
        </Stack>
      </Paper>
      {progress !== null && <ReplayProgressPanel progress={progress} />}
    </Stack>
  );
}
