import type { CommandInput, CommandOutput } from '@shared/contract';
import { parseBoundedJson } from '@shared/bounded-json';
import type { EventFilter } from '@shared/event-filter';
import type { ReplayRequest } from '@shared/replay';
import { bridge } from '@bridge';
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

/** Starts a run; its progress is followed by `followReplayProgress`. */
export async function startReplay(request: ReplayRequest): Promise<void> {
  const started = await bridge.startReplay(request);
  useReplayForm.getState().set({ runId: started.runId, progress: null });
}

export async function cancelReplay(runId: string): Promise<void> {
  await bridge.cancelReplay({ runId });
}

/** Fills the body editor with the first record's stored body (pretty when it parses within bounds). */
export async function loadStoredBody(id: number): Promise<void> {
  const detail = await bridge.getEvent({ id });
  const text = detail.requestBody?.text ?? '';
  // Pretty only within the bounds every reader keeps; anything else is edited as it is.
  const read = parseBoundedJson(text);
  useReplayForm.getState().set({ body: read.ok ? JSON.stringify(read.value, null, 2) : text });
}

/** Keeps the progress of this window's run as `replay.progress` pushes arrive; returns the unsubscribe. */
export function followReplayProgress(): () => void {
  return bridge.subscribe((event) => {
    if (event.name === 'replay.progress' && event.payload.runId === useReplayForm.getState().runId)
      useReplayForm.getState().set({ progress: event.payload });
  });
}
