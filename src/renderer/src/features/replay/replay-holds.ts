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
