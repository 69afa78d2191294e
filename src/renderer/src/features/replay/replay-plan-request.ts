import type { CommandInput } from '@shared/contract';
import type { EventFilter } from '@shared/event-filter';
import type { ReplayTokenMode } from '@shared/replay';
import { bodyToSend, type TargetKind, type useReplayForm } from './replay-form-state';

type ReplayForm = ReturnType<typeof useReplayForm.getState>;

/** What a plan depends on: nothing else of the form (a progress push, a start) asks again. */
export interface ReplayPlanInput {
  selection: { ids?: number[]; filter?: EventFilter };
  target: TargetKind;
  url: string;
  repeat: number;
  /** Whether a body of the form's own goes in place of the stored ones (bodyToSend gives one). */
  bodyEdited: boolean;
  /** Re-signed is refused for a token whose claims cannot be read: said on the plan line. */
  tokenMode: ReplayTokenMode;
}

/**
 * The plan's input for the form as it stands on `selection` (`selectionKey`: its
 * replaySelectionKey). The body counts as edited by the decision a start sends by (bodyToSend),
 * not by the switch: an edit left as it was loaded sends the stored bytes, so the plan judges
 * the stored bodies (a webhook stored cut is refused, as the start would refuse it).
 */
export function replayPlanInput(
  form: Pick<
    ReplayForm,
    'target' | 'url' | 'repeat' | 'tokenMode' | 'editBody' | 'body' | 'storedBody' | 'bodyFor'
  >,
  selection: ReplayPlanInput['selection'],
  selectionKey: string,
): ReplayPlanInput {
  return {
    selection,
    target: form.target,
    url: form.url,
    repeat: form.repeat,
    bodyEdited: bodyToSend(form, selectionKey) !== null,
    tokenMode: form.tokenMode,
  };
}

/** What main is asked for a plan. */
export function planReplayRequest(input: ReplayPlanInput): CommandInput<'planReplay'> {
  const { ids, filter } = input.selection;
  return {
    ...(ids === undefined ? { filter } : { ids }),
    target: input.target === 'url' ? { kind: 'url', url: input.url } : { kind: input.target },
    repeat: input.repeat,
    tokenMode: input.tokenMode,
    // Not the body itself (up to 1 MiB, on every key): only that the stored ones do not go.
    bodyEdited: input.bodyEdited,
  };
}
