import { registerLostOnClose } from '@ui/leave-guard';
import { useReplayForm } from './replay-form-state';
import { keepPlan, planOf } from './replay-plan-memory';

/**
 * Keeps the Replay form's plan as it changes (replay-plan-memory.ts), a moment after the last
 * change (the body editor changes with every key), and at once when the tab is closed or
 * reloaded. A plan that could not be kept (no storage, or a body too large for it) is work a
 * closed tab loses: the one owner of that question (leave-guard.tsx) asks first.
 */
const KEEP_AFTER_MS = 300;
let timer: ReturnType<typeof setTimeout> | null = null;
let kept = true;

function keepNow(): void {
  timer = null;
  const form = useReplayForm.getState();
  if (form.viewing === null) return;
  kept = keepPlan(planOf(form, form.viewing), form.viewing);
}

useReplayForm.subscribe((form) => {
  if (form.viewing !== null) timer ??= setTimeout(keepNow, KEEP_AFTER_MS);
});

registerLostOnClose(() => {
  const form = useReplayForm.getState();
  return !kept && form.viewing !== null && planOf(form, form.viewing) !== null;
});

window.addEventListener('pagehide', () => {
  if (timer === null) return;
  clearTimeout(timer);
  keepNow();
});
