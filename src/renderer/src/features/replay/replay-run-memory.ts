import { z } from 'zod';
import { TOKEN_PRESETS } from '@shared/jwt/token-presets';
import { REPLAY_ORDERS, replayTokenModeSchema } from '@shared/replay';
import { TARGET_KINDS } from './replay-form-state';

/**
 * What a run was started with, kept in sessionStorage (which a reload keeps and a new tab does
 * not, as the builder's tab id): a reloaded window that takes up its run shows the run's target
 * and options, and its selection's progress, not the form's defaults. Main knows only the run's
 * progress. The edited body is not kept (up to 1 MiB); the run sends the one it was given.
 */
const KEY = 'checkout-console.replay-run';

/** A replay's options as the form holds them (a URL target is its kind and the URL box). */
export const replayFormOptionsSchema = z.object({
  target: z.enum(TARGET_KINDS),
  url: z.string(),
  tokenMode: replayTokenModeSchema,
  preset: z.enum(TOKEN_PRESETS),
  order: z.enum(REPLAY_ORDERS),
  delayMs: z.number(),
  concurrency: z.number(),
  repeat: z.number(),
});

const rememberedRunSchema = z.object({
  runId: z.string(),
  /** The selection it was started for (replaySelectionKey). */
  selection: z.string(),
  options: replayFormOptionsSchema,
});
export type RememberedRun = z.infer<typeof rememberedRunSchema>;

export function rememberRun(run: RememberedRun): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(run));
  } catch {
    // No sessionStorage (a sandboxed page): a reload shows the defaults, as before.
  }
}

/** The run this window started, when it is `runId`; null otherwise (another window's, or none). */
export function rememberedRun(runId: string): RememberedRun | null {
  try {
    const text = sessionStorage.getItem(KEY);
    const read = rememberedRunSchema.safeParse(text === null ? null : JSON.parse(text));
    return read.success && read.data.runId === runId ? read.data : null;
  } catch {
    return null;
  }
}
