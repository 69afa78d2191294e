import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { formatCount } from '@shared/count-format';
import { countOf } from '@shared/count-words';
import { isEmptyFilter } from '@shared/event-filter';
import { consoleOwnLeftOut, leftOutWords, type ReplayRequest } from '@shared/replay';
import { boxesToCorrect } from '@ui/boxes-to-correct';
import { confirmLiveReplay } from '@ui/confirm-live';
import { selectedRecordsWords } from '@ui/selected-records-words';
import { blockedButton, UnavailableWithReason } from '@ui/unavailable-with-reason';
import { useNavigation } from '@ui/navigation';
import { errorMessage } from '@bridge/bridge-error';
import { cutBodyRefusalWhileEditing } from '@shared/replay-cut-body-words';
import { ReplayBodyEditor } from './replay-body-editor';
import { bodyToSend, useReplayForm } from './replay-form-state';
import { ReplayOptions, useReplayNumberBoxes } from './replay-options';
import { ReplayProgressPanel } from './replay-progress';
import { followReplayProgress, startReplay } from './replay-store';
// Keeps the plan being prepared across a closed tab or a reload.
import './replay-plan-keeper';
import { replaySelection, replaySelectionKey } from './replay-selection';
import { editedBodyHold, editedBodyProblem, replayUrlProblem, startErrorStands } from './replay-holds';
import { replayPlanInput } from './replay-plan-request';
import { useReplayPlan } from './use-replay-plan';

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
  const { repeat, concurrency, delay } = useReplayNumberBoxes();
  const request = (confirmLive: boolean): ReplayRequest => ({
    ...(selection.ids === undefined ? { filter: selection.filter } : { ids: selection.ids }),
    target: form.target === 'url' ? { kind: 'url', url: form.url } : { kind: form.target },
    tokenMode: form.tokenMode,
    preset: form.preset,
    body: bodyToSend(form, selectionKey),
    order: form.order,
    delayMs: form.delayMs,
    concurrency: form.concurrency,
    repeat: form.repeat,
    confirmLive,
  });

  // Said under the box; a plan would only repeat it, with the field's inner path.
  const urlProblem = form.target === 'url' ? replayUrlProblem(form.url) : null;
  const plan = useReplayPlan(replayPlanInput(form, selection, selectionKey));
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
  const refused = startErrorStands(startError, request(false)) ?? (urlProblem === null ? plan.error : null);
  // Edit the body already on, and still refused for a body stored cut: the editor holds the
  // stored bytes as loaded, so the way out is to change them, not to "Edit the body".
  const error = refused !== null && form.editBody ? cutBodyRefusalWhileEditing(refused) : refused;
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
            {/* By id, in the selection bar's words: it counts the records ticked and the webhooks among them. */}
            {selection.ids !== undefined
              ? selectedRecordsWords(selection.ids.length, plan.value?.webhooks ?? null)
              : `${chosenByFilter ? 'Every stored webhook matching the filter' : 'Every stored webhook (no filter)'}${plan.value === null ? '' : ` · ${countOf(plan.value.webhooks, 'webhook')}`}`}
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
              {consoleOwnLeftOut(plan.value?.consoleOwn ?? null)}
            </Text>
          )}
          <ReplayOptions urlProblem={urlProblem} repeat={repeat} concurrency={concurrency} delay={delay} />
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
              {countOf(plan.value.sends, 'send')} to {plan.value.targetUrl}
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
                Replay {plan.value === null || boxesWrong !== null ? '' : formatCount(plan.value.sends)}
              </Button>
            </UnavailableWithReason>
          </Group>
        </Stack>
      </Paper>
      {progress !== null && <ReplayProgressPanel progress={progress} />}
    </Stack>
  );
}
