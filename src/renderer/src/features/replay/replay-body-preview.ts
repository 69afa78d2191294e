import { formatBytes, utf8ByteLength } from '@shared/byte-size';
import { countOf } from '@shared/count-words';
import type { BodyJudgement } from '@shared/webhook/judge-webhook-body';
import { judgeReplayedBody } from '@shared/webhook/judge-replayed-body';
import { bodyToSend, type useReplayForm } from './replay-form-state';

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

/**
 * What the body editor says goes out, from the decision a start sends by (bodyToSend), so the
 * words and the records sent agree. `scope`: the sentence on whose body goes (null: nothing to
 * add); `judged`: the editor's body is the one that goes, so its verdict is worth showing. Left
 * as it was loaded, each webhook's own stored body goes: an empty editor (by a filter) or the
 * first one's body (of several) is not what goes, and judging it would judge a body never sent.
 * `webhooks` is the plan's count, null until it is known.
 */
export function replayBodySaying(
  form: Pick<ReplayForm, 'editBody' | 'body' | 'storedBody' | 'bodyFor'>,
  selectionKey: string,
  firstId: number | null,
  webhooks: number | null,
): { scope: string | null; judged: boolean } {
  const several = webhooks === null || webhooks > 1;
  const sent = bodyToSend(form, selectionKey);
  if (sent !== null) return { judged: true, scope: editedBodyScope(sent, firstId, webhooks) };
  // One chosen by id (or not yet counted): the editor holds the very bytes that go.
  if (firstId !== null && (webhooks === null || webhooks === 1)) return { judged: true, scope: null };
  const whose = !several
    ? "the webhook's own stored body goes out"
    : `each of the ${webhooks === null ? 'webhooks' : countOf(webhooks, 'webhook')}' own stored body goes out`;
  const first = firstId === null ? '' : " (it starts as the first one's)";
  const change = firstId === null ? 'what you type' : 'a change';
  return {
    judged: false,
    scope: `Left as it is, ${whose}${first}; ${change} goes out in place of ${several ? 'each' : 'it'}.`,
  };
}

/**
 * Whose body an edited one replaces, one webhook or many (null until they are counted). An
 * empty one, or one of only whitespace (the listener's `empty`, as judgeWebhookBody reads it),
 * goes out as typed: said plainly, since a finding alone read as a warning, not as what is sent.
 */
function editedBodyScope(body: string, firstId: number | null, webhooks: number | null): string | null {
  if (webhooks === null || webhooks === 0) return null;
  const whose =
    webhooks > 1
      ? `each of the ${countOf(webhooks, 'webhook')}' own`
      : firstId === null
        ? "the webhook's own"
        : `webhook #${firstId}'s own`;
  if (body === '') return `This body is empty: an empty body goes out in place of ${whose}.`;
  if (body.trim() === '')
    return `This body holds only whitespace (${formatBytes(utf8ByteLength(body))}): it goes out as typed, in place of ${whose}.`;
  if (webhooks === 1) return `This body goes out in place of ${whose}.`;
  return `This one body goes out in place of ${whose}${firstId === null ? '.' : "; it starts as the first one's."}`;
}
