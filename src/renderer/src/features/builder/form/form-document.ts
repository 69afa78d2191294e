import { create } from 'zustand';
import { useBuilderStore } from '../builder-store';
import { isJsonObject } from '../builder-text';

/**
 * Above this many characters a new document reaches the form one top-level key at a time, one
 * task each: rendering every field and the first rows of the items for a pasted or opened
 * document is one React render of hundreds of inputs (over a second of the page on a busy
 * machine), which in one task froze typing, scrolling and the findings behind it.
 */
export const STAGED_DOCUMENT_ABOVE = 200_000;

/**
 * The documents the form shows on its way from `shown` to `next`: each differs from the one
 * before in one top-level key (set, or removed when `next` lacks it), in `next`'s key order, and
 * the last is `next` itself. Keys that already hold the same value are skipped; anything but two
 * objects goes in one step.
 */
export function documentSteps(shown: unknown, next: unknown): unknown[] {
  if (!isJsonObject(shown) || !isJsonObject(next)) return [next];
  const steps: unknown[] = [];
  let current: Record<string, unknown> = shown;
  const changed = (key: string) => !(key in current && current[key] === next[key]);
  const keys = [...Object.keys(next), ...Object.keys(shown).filter((key) => !(key in next))];
  for (const key of keys.filter(changed).slice(0, -1)) {
    current = { ...current };
    if (key in next) current[key] = next[key];
    else Reflect.deleteProperty(current, key);
    steps.push(current);
  }
  steps.push(next);
  return steps;
}

/**
 * What the form shows of the builder's document (its fields read here, never the store's
 * document directly). Changes come through at once, in the same render as the change, except
 * a large text's document, which arrives in steps (documentSteps): its first step at once, the
 * rest a task each. Any newer change ends the steps. A form edit changes one top-level key, so
 * it is one step and shows at once whatever the size.
 */
export const useFormDocument = create<{ document: unknown }>(() => ({
  document: useBuilderStore.getState().document,
}));

let stepTimer: ReturnType<typeof setTimeout> | null = null;

function showInSteps(steps: unknown[]): void {
  const [first, ...rest] = steps;
  useFormDocument.setState({ document: first });
  stepTimer = rest.length === 0 ? null : setTimeout(() => showInSteps(rest), 0);
}

useBuilderStore.subscribe((state, previous) => {
  if (state.document === previous.document) return;
  if (stepTimer !== null) clearTimeout(stepTimer);
  stepTimer = null;
  const shown = useFormDocument.getState().document;
  if (state.text.length <= STAGED_DOCUMENT_ABOVE) useFormDocument.setState({ document: state.document });
  else showInSteps(documentSteps(shown, state.document));
});
