import type { BodyJudgement } from '@shared/webhook/judge-webhook-body';
import { judgeReplayedBody } from '@shared/webhook/judge-replayed-body';
import type { useReplayForm } from './replay-form-state';

type ReplayForm = ReturnType<typeof useReplayForm.getState>;

/**
 * What the listener will call the edited body: its one judgement (judgeReplayedBody, which the
 * replay's record takes too), with the headers the first webhook's replay sends. By a filter no
 * first webhook is known, and the body is judged alone; each replay goes with its own webhook's
 * headers.
 */
export function replayBodyJudgement(
  form: Pick<ReplayForm, 'body' | 'bodyHeaders'>,
  firstId: number | null,
): BodyJudgement {
  const headers =
    form.bodyHeaders !== null && form.bodyHeaders.id === firstId ? form.bodyHeaders.headers : [];
  return judgeReplayedBody(new TextEncoder().encode(form.body), headers);
}
