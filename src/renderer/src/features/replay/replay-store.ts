import type { CommandInput, CommandOutput } from '@shared/contract';
import type { EventFilter } from '@shared/event-filter';
import { startingProgress, type ReplayProgress, type ReplayRequest } from '@shared/replay';
import { bridge } from '@bridge';
import { prettyJsonTextKeepingValues } from '@ui/pretty-json/pretty-json-text';
import { useReplayForm } from './replay-form-state';

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

/** Why a detail's request body cannot be edited, nor the webhook replayed (it is withheld here), or null. */
function withheldBody(
  id: number,
  detail: CommandOutput<'getEvent'>,
): { id: number; reason: string; replayReason: string } | null {
  const withheld = detail.withheld;
  if (withheld === null || !withheld.parts.includes('requestBody')) return null;
  const secrets = withheld.secrets.join(' and ');
  return {
    id,
    reason: `Webhook #${id}'s stored body is withheld here, so it cannot be edited (nor replayed as an empty one): ${withheld.reason}. ${withheld.wayOut}`,
    // Main refuses such a replay: what it sends and records could echo the secret unmasked.
    replayReason: `Not offered: ${secrets} cannot be opened by this process, so what a replay of webhook #${id} sends and records could not be masked (its stored body is withheld here). ${withheld.wayOut}`,
  };
}

/**
 * Whether the first record's body can be edited, asked as the selection opens: "Edit the
 * body" (and Replay) are offered, or said unavailable with why, before either is pressed.
 */
export async function checkStoredBody(id: number): Promise<void> {
  const withheld = withheldBody(id, await bridge.getEvent({ id }));
  if (withheld === null) useReplayForm.getState().set({ bodyWithheld: null });
  // An editor left on from another selection would send its text, or nothing, in place of it.
  else useReplayForm.getState().set({ editBody: false, body: '', bodyNotice: null, bodyWithheld: withheld });
}

/** Fills the body editor with the first record's stored body, as stored (pretty where no value changes). */
export async function loadStoredBody(id: number): Promise<void> {
  const detail = await bridge.getEvent({ id });
  const withheld = withheldBody(id, detail);
  if (withheld !== null) {
    // Not an empty body: editing stops, and the stored bytes go as they are (main sends them).
    useReplayForm.getState().set({ editBody: false, body: '', bodyNotice: null, bodyWithheld: withheld });
    return;
  }
  const stored = detail.requestBody;
  if (stored !== null && stored.text === null && stored.size > 0) {
    // Bytes that are not UTF-8 cannot be typed over; an empty editor would send an empty body.
    useReplayForm.getState().set({
      body: '',
      bodyNotice: `Webhook #${id}'s stored body (${stored.size} bytes) is not UTF-8 text, so it cannot be edited here. Turn editing off to send its exact bytes.`,
    });
    return;
  }
  const text = stored?.text ?? '';
  // Laid out on lines only where that changes no value; anything else is edited as it is.
  useReplayForm.getState().set({ body: prettyJsonTextKeepingValues(text) ?? text, bodyNotice: null });
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
