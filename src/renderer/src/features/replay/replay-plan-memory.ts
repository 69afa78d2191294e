import { z } from 'zod';
import { TOKEN_PRESETS } from '@shared/jwt/token-presets';
import { REPLAY_ORDERS, replayTokenModeSchema } from '@shared/replay';
import { REPLAY_FORM_DEFAULTS, TARGET_KINDS } from './replay-form-state';

/**
 * The replay being prepared, kept in localStorage (a closed tab and a new one opened on the same
 * `#/replay?…` find it, as a reload does): target, token, order, repeat, delay and an edited
 * body. Without it, a plan of Any URL, re-signed, reversed, seven times, with an edited body came
 * back as the defaults, the body gone, and nothing asked. One plan is kept, for the selection it
 * was made for (replaySelectionKey): another selection does not take it up.
 */
const KEY = 'checkout-console.replay-plan';

/** A replay's options as the form holds them (a URL target is its kind and the URL box). */
const replayFormOptionsSchema = z.object({
  target: z.enum(TARGET_KINDS),
  url: z.string(),
  tokenMode: replayTokenModeSchema,
  preset: z.enum(TOKEN_PRESETS),
  order: z.enum(REPLAY_ORDERS),
  delayMs: z.number(),
  concurrency: z.number(),
  repeat: z.number(),
});

const keptPlanSchema = z.object({
  selection: z.string(),
  options: replayFormOptionsSchema,
  /** The body as edited, and the stored body it was edited from; null: the stored bodies go. */
  body: z.object({ text: z.string(), from: z.string().nullable() }).nullable(),
});
export type KeptPlan = z.infer<typeof keptPlanSchema>;
export type ReplayFormOptions = KeptPlan['options'];

type PlanStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const storageOf = (storage?: PlanStorage): PlanStorage | null => {
  try {
    return storage ?? globalThis.localStorage;
  } catch {
    // A sandboxed page may refuse localStorage outright.
    return null;
  }
};

/** The form's plan for `selection`, or null when it is the defaults with no edited body. */
export function planOf(
  form: ReplayFormOptions & {
    editBody: boolean;
    body: string;
    storedBody: string | null;
    bodyFor: string | null;
  },
  selection: string,
): KeptPlan | null {
  const read = replayFormOptionsSchema.safeParse(form);
  if (!read.success) return null;
  const options = read.data;
  // The editor's text belongs to the selection it was loaded for; unedited, nothing is lost.
  const body =
    form.editBody && form.bodyFor === selection && form.body !== form.storedBody
      ? { text: form.body, from: form.storedBody }
      : null;
  const changed = (Object.keys(REPLAY_FORM_DEFAULTS) as (keyof ReplayFormOptions)[]).some(
    (name) => options[name] !== REPLAY_FORM_DEFAULTS[name],
  );
  return changed || body !== null ? { selection, options, body } : null;
}

/**
 * Keeps `plan` (null: the form is back to its defaults, and a plan kept for `selection` goes).
 * False when it could not be kept (no storage, or full: a body near 1 MiB): closing then asks.
 */
export function keepPlan(plan: KeptPlan | null, selection: string, storage?: PlanStorage): boolean {
  const store = storageOf(storage);
  if (store === null) return plan === null;
  try {
    if (plan !== null) store.setItem(KEY, JSON.stringify(plan));
    else if (keptPlan(selection, store) !== null) store.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}

/** The plan kept for `selection`, or null (none, another selection's, or unreadable). */
export function keptPlan(selection: string, storage?: PlanStorage): KeptPlan | null {
  const store = storageOf(storage);
  try {
    const text = store?.getItem(KEY) ?? null;
    const read = keptPlanSchema.safeParse(text === null ? null : JSON.parse(text));
    return read.success && read.data.selection === selection ? read.data : null;
  } catch {
    return null;
  }
}
