import { replayTargetSchema } from '@shared/replay';

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
  form: { editBody: boolean; bodyFor: string | null },
  key: string,
  firstId: number | null,
): string | null {
  if (!form.editBody || form.bodyFor === key) return null;
  return firstId === null
    ? 'Waiting for the body editor to be ready for this selection.'
    : `Waiting for webhook #${firstId}'s stored body to fill the body editor.`;
}
