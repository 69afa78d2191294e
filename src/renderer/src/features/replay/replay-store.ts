import type { CommandInput, CommandOutput } from '@shared/contract';
import type { EventFilter } from '@shared/event-filter';
import { startingProgress, type ReplayProgress, type ReplayRequest } from '@shared/replay';
import { bridge } from '@bridge';
import { prettyJsonTextKeepingValues } from '@ui/pretty-json/pretty-json-text';
import { useReplayForm, type BodyLock } from './replay-form-state';

/**
 * The Replay view's calls to main. The state they change lives in useReplayForm (the replay
 * being prepared and the run in progress); the plan stays with the view, which debounces it.
 */

/** How many webhooks and sends a replay would make, and where to. */
export function planReplay(input: CommandInput<'planReplay'>): Promise<CommandOutput<'planReplay'>> {
  return bridge.planReplay(input);
}

/**
 * How many stored webhooks a selection by filter holds (none: a plan fails, but nothing is
 * wrong; the view says so calmly instead of in red).
 */
export async function countStoredWebhooks(filter: EventFilter | undefined): Promise<number> {
  const { count } = await bridge.countEvents({ filter: { ...filter, kinds: ['webhook'] } });
  return count;
}

/**
 * Pushes of runs this window does not follow (yet): a run publishes as it starts, often before
 * its start is answered, and a short run has ended by then. The newest few only.
 */
const unclaimed = new Map<string, ReplayProgress>();
const UNCLAIMED_KEPT = 16;

/** Starts a run, one at a time: a press while one starts or runs starts nothing. */
export async function startReplay(request: ReplayRequest): Promise<void> {
  const form = useReplayForm.getState();
  if (form.starting || (form.progress !== null && !form.progress.finished)) return;
  form.set({ starting: true });
  try {
    const started = await bridge.startReplay(request);
    const early = unclaimed.get(started.runId);
    unclaimed.clear();
    useReplayForm.getState().set({
      runId: started.runId,
      progress: early ?? startingProgress(started.runId, started.total),
    });
  } finally {
    useReplayForm.getState().set({ starting: false });
  }
}

export async function cancelReplay(runId: string): Promise<void> {
  await bridge.cancelReplay({ runId });
}

/** Why a detail's request body cannot be edited (withheld here, or not UTF-8 text), or null. */
function bodyLockOf(id: number, detail: CommandOutput<'getEvent'>): BodyLock | null {
  const withheld = detail.withheld;
  if (withheld !== null && withheld.parts.includes('requestBody')) {
    const secrets = withheld.secrets.join(' and ');
    return {
      id,
      kind: 'withheld',
      reason: `Webhook #${id}'s stored body is withheld here, so it cannot be edited (nor replayed as an empty one): ${withheld.reason}. ${withheld.wayOut}`,
      // Main refuses such a replay: what it sends and records could echo the secret unmasked.
      replayReason: `Not offered: ${secrets} cannot be opened by this process, so what a replay of webhook #${id} sends and records could not be masked (its stored body is withheld here). ${withheld.wayOut}`,
    };
  }
  const stored = detail.requestBody;
  if (stored !== null && stored.text === null && stored.size > 0)
    // Nothing can be typed over bytes that are not text; an empty editor would send an empty body.
    return {
      id,
      kind: 'not-text',
      reason: `Webhook #${id}'s stored body (${stored.size} bytes) is not UTF-8 text, so it cannot be edited here: unedited, its exact bytes are sent.`,
      replayReason: null,
    };
  return null;
}

/** Editing stops where the body cannot be edited: the stored bytes go as they are (main sends them). */
function lockBody(lock: BodyLock): void {
  useReplayForm.getState().set({ editBody: false, body: '', bodyLocked: lock });
}

/**
 * Whether the first record's body can be edited, asked as the selection opens: "Edit the
 * body" (and Replay) are offered, or said unavailable with why, before either is pressed.
 */
export async function checkStoredBody(id: number): Promise<void> {
  const lock = bodyLockOf(id, await bridge.getEvent({ id }));
  // An editor left on from another selection would send its text, or nothing, in place of it.
  if (lock === null) useReplayForm.getState().set({ bodyLocked: null });
  else lockBody(lock);
}

/** Fills the body editor with the first record's stored body, as stored (pretty where no value changes). */
export async function loadStoredBody(id: number): Promise<void> {
  const detail = await bridge.getEvent({ id });
  const lock = bodyLockOf(id, detail);
  if (lock !== null) return lockBody(lock);
  const text = detail.requestBody?.text ?? '';
  // Laid out on lines only where that changes no value; anything else is edited as it is.
  useReplayForm.getState().set({ body: prettyJsonTextKeepingValues(text) ?? text, bodyLocked: null });
}

/**
 * Keeps the progress of this window's run as `replay.progress` pushes arrive; returns the
 * unsubscribe. A window with no run of its own (opened, or reloaded, while one goes on) takes
 * up the newest run in progress, so it can be followed and cancelled from here.
 */
export function followReplayProgress(): () => void {
  const unsubscribe = bridge.subscribe((event) => {
    if (event.name !== 'replay.progress') return;
    const { runId } = useReplayForm.getState();
    if (event.payload.runId === runId) useReplayForm.getState().set({ progress: event.payload });
    else {
      unclaimed.delete(event.payload.runId);
      unclaimed.set(event.payload.runId, event.payload);
      const oldest = unclaimed.keys().next();
      if (unclaimed.size > UNCLAIMED_KEPT && oldest.done !== true) unclaimed.delete(oldest.value);
    }
  });
  bridge
    .replayRuns({})
    .then(({ runs }) => {
      const newest = runs.at(-1);
      const form = useReplayForm.getState();
      if (newest === undefined || form.runId !== null || form.starting) return;
      // A push that came while this was answered is as new or newer.
      const pushed = unclaimed.get(newest.runId);
      const latest =
        pushed !== undefined && (pushed.finished || pushed.done >= newest.done) ? pushed : newest;
      form.set({ runId: newest.runId, progress: latest });
    })
    .catch(() => undefined);
  return unsubscribe;
}
