import { z } from 'zod';
import { TOKEN_PRESETS } from '@shared/jwt/token-presets';
import { REPLAY_ORDERS, replayTokenModeSchema } from '@shared/replay';
import { REPLAY_FORM_DEFAULTS, TARGET_KINDS } from './replay-form-state';

/**
 * The replay being prepared, kept in localStorage (a closed tab and a new one opened on the same
 * `#/replay?…` find it, as a reload does): target, token, order, repeat, delay and an edited
 * body. Without it, a plan of Any URL, re-signed, reversed, seven times, with an edited body came
 * back as the defaults, the body gone, and nothing asked. A plan is kept per selection
 * (replaySelectionKey), the last few kept: the form is one for every selection, so looking at
 * another (`#/replay` with no filter) keeps the options it carries there, and with one plan kept
 * that replaced the plan, and the edited body, of the selection they were made for.
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
/** How many selections keep a plan; the one kept longest ago goes first. */
const KEPT_PLANS = 8;
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
 * Keeps `plan` (null: the form is back to its defaults, and a plan kept for `selection` goes),
 * as the newest; other selections' plans stay. Should the storage be full, the oldest go until
 * it fits. False when it could not be kept (no storage, or a body near 1 MiB): closing then asks.
 */
export function keepPlan(plan: KeptPlan | null, selection: string, storage?: PlanStorage): boolean {
  const store = storageOf(storage);
  if (store === null) return plan === null;
  const all = keptPlans(store);
  const others = all.filter((kept) => kept.selection !== selection);
  if (plan === null && others.length === all.length) return true;
  const plans = plan === null ? others : [plan, ...others].slice(0, KEPT_PLANS);
  try {
    if (plans.length === 0) store.removeItem(KEY);
    else setPlans(store, plans, plan === null ? 0 : 1);
    return true;
  } catch {
    return false;
  }
}

/** Writes `plans`, newest first, dropping the oldest while the storage refuses them. */
function setPlans(store: PlanStorage, plans: KeptPlan[], atLeast: number): void {
  for (let count = plans.length; ; count -= 1) {
    try {
      store.setItem(KEY, JSON.stringify(plans.slice(0, count)));
      return;
    } catch (error) {
      if (count <= atLeast) throw error;
    }
  }
}

/** The plans kept, newest first; an unreadable one is left out (a plan kept alone before, too). */
function keptPlans(store: PlanStorage | null): KeptPlan[] {
  try {
    const text = store?.getItem(KEY) ?? null;
    const read: unknown = text === null ? null : JSON.parse(text);
    return (Array.isArray(read) ? read : [read]).flatMap((entry) => {
      const plan = keptPlanSchema.safeParse(entry);
      return plan.success ? [plan.data] : [];
    });
  } catch {
    return [];
  }
}

/** The plan kept for `selection`, or null (none, or unreadable). */
export function keptPlan(selection: string, storage?: PlanStorage): KeptPlan | null {
  return keptPlans(storageOf(storage)).find((kept) => kept.selection === selection) ?? null;
}
