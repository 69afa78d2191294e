import { formatCount } from '@shared/count-format';
import { editedBodySchema, replayTargetSchema, type ReplayRequest } from '@shared/replay';

/**
 * Why the Replay view waits before it plans or sends, judged in the page from main's own
 * schemas and shown where the person can answer it (under a box, beside Replay), never as
 * main's refusal with its field paths.
 */

/** What main would refuse in the Any URL box, in its words, or null. */
export function replayUrlProblem(url: string): string | null {
  const checked = replayTargetSchema.safeParse({ kind: 'url', url });
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Not a URL a replay can go to');
}

/**
 * Why Replay waits for the body editor, or null: with editing on, what goes is the editor's
 * body, and until this selection's is in it (loading, or the one edited for another selection
 * awaiting the person's answer) it would send an empty body, or another selection's.
 */
export function editedBodyHold(
  form: {
    editBody: boolean;
    bodyFor: string | null;
    bodyLoadFailure?: { key: string; message: string } | null;
  },
  key: string,
  firstId: number | null,
): string | null {
  if (!form.editBody || form.bodyFor === key) return null;
  if (form.bodyLoadFailure?.key === key)
    return `${form.bodyLoadFailure.message}. Try again under the switch, or turn "Edit the body" off to send the stored bodies.`;
  return firstId === null
    ? 'Waiting for the body editor to be ready for this selection.'
    : `Waiting for webhook #${firstId}'s stored body to fill the body editor.`;
}

/** What main would refuse in an edited body (over 1 MiB), in its words with the body's size, or null. */
export function editedBodyProblem(body: string): string | null {
  const checked = editedBodySchema.safeParse(body);
  if (checked.success) return null;
  const size = new TextEncoder().encode(body).length;
  return `${checked.error.issues[0]?.message ?? 'The edited body is too large'}; this one is ${formatCount(size)} bytes.`;
}

/** The replay a form would send, as compared: a yes to a live target asked afresh is no change. */
const sent = (request: ReplayRequest) => JSON.stringify({ ...request, confirmLive: undefined });

/**
 * Main's refusal of a start, while the form would still send what was refused; null once it
 * changed in a way that may answer it. A plan asked again (the form's `starting` flag, a
 * progress push) used to clear it about 100 ms after it showed.
 */
export function startErrorStands(
  error: { message: string; request: ReplayRequest } | null,
  now: ReplayRequest,
): string | null {
  return error !== null && sent(error.request) === sent(now) ? error.message : null;
}
