import type { CommandInput, CommandOutput } from '@shared/contract';
import { countOf } from '@shared/count-words';
import type { EventFilter } from '@shared/event-filter';
import {
  startingProgress,
  type ReplayProgress,
  type ReplayRequest,
  type ReplayRunOptions,
} from '@shared/replay';
import { bridge } from '@bridge';
import { errorMessage } from '@bridge/bridge-error';
import { replayedHeaders } from '@shared/webhook/judge-replayed-body';
import { prettyJsonTextKeepingValues } from '@ui/pretty-json/pretty-json-text';
import { useReplayForm, type BodyLock } from './replay-form-state';
import { bodyMadeForWords } from './replay-keep-edits';
import { keptPlan, planOf, type ReplayFormOptions } from './replay-plan-memory';
import { replaySelectionKey } from './replay-selection';

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

/**
 * Starts a run, one at a time: a press while one starts or runs starts nothing. `key`: the
 * selection it is started for, whose view shows its progress once it has ended.
 */
export async function startReplay(request: ReplayRequest, key: string | null = null): Promise<void> {
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
      progressFor: key,
    });
  } finally {
    useReplayForm.getState().set({ starting: false });
  }
}

/** A run's options as the form holds them (a URL target is its kind and the URL box). */
function formOptionsOf(started: ReplayRunOptions): ReplayFormOptions {
  const { target, tokenMode, preset, order, delayMs, concurrency, repeat } = started;
  const url = target.kind === 'url' ? target.url : '';
  return { target: target.kind, url, tokenMode, preset, order, delayMs, concurrency, repeat };
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
      reason: `Webhook #${id}'s stored body (${countOf(stored.size, 'byte')}) is not UTF-8 text, so it cannot be edited here: unedited, its exact bytes are sent.`,
      replayReason: null,
    };
  return null;
}

/** The headers a replay of webhook `id` sends again, for the editor's preview of its body. */
const headersOf = (id: number, detail: CommandOutput<'getEvent'>) => ({
  id,
  headers: replayedHeaders(detail.requestHeaders),
});

/** Editing stops where the body cannot be edited: the stored bytes go as they are (main sends them). */
function lockBody(lock: BodyLock): void {
  useReplayForm
    .getState()
    .set({ editBody: false, body: '', storedBody: null, bodyFor: null, bodyLocked: lock });
}

/** The view still shows selection `key`: an answer asked for it may be put in the form. */
const stillViewing = (key: string) => useReplayForm.getState().viewing === key;

/**
 * Whether the first record's body can be edited, asked as the selection opens: "Edit the
 * body" (and Replay) are offered, or said unavailable with why, before either is pressed.
 */
export async function checkStoredBody(id: number, key: string): Promise<void> {
  const detail = await bridge.getEvent({ id });
  const lock = bodyLockOf(id, detail);
  if (!stillViewing(key)) return;
  // A kept plan's body (a reload) is judged with them too: it came back without this read.
  if (lock === null) useReplayForm.getState().set({ bodyLocked: null, bodyHeaders: headersOf(id, detail) });
  // An editor left on would send its text, or nothing, in place of it.
  else lockBody(lock);
}

/**
 * Fills the body editor for selection `key` with its first record's stored body, as stored, to
 * the byte; by a filter (no first record known) it starts empty.
 */
export async function loadStoredBody(id: number | null, key: string): Promise<void> {
  useReplayForm.getState().set({ bodyLoadFailure: null });
  let detail: CommandOutput<'getEvent'> | null = null;
  try {
    detail = id === null ? null : await bridge.getEvent({ id });
  } catch (error) {
    // Said where the editor would be, with a new try: unsaid, the editor read "Loading…" for ever.
    if (stillViewing(key))
      useReplayForm.getState().set({
        bodyLoadFailure: {
          key,
          message: `Webhook #${id}'s stored body could not be read: ${errorMessage(error)}`,
        },
      });
    return;
  }
  // Asked for a selection no longer shown: its body is not this one's.
  if (!stillViewing(key)) return;
  const lock = id === null || detail === null ? null : bodyLockOf(id, detail);
  if (lock !== null) return lockBody(lock);
  // Never laid out on lines here: an untouched edit goes out as these bytes, and a compact body
  // sent multi-line is another request than the one that came (formatBody does it, when asked).
  const body = detail?.requestBody?.text ?? '';
  const bodyHeaders = id === null || detail === null ? null : headersOf(id, detail);
  useReplayForm.getState().set({ body, storedBody: body, bodyFor: key, bodyHeaders, bodyLocked: null });
}

/**
 * Format: the edited body laid out on lines, only where that changes no value (`1754.280`, a
 * name given twice and `1e2` stay as written). An explicit act, since the bytes sent change.
 * False, and nothing changed: the body is not JSON, or laying it out would change a value.
 */
export function formatBody(): boolean {
  const { body, set } = useReplayForm.getState();
  const laidOut = prettyJsonTextKeepingValues(body);
  if (laidOut !== null) set({ body: laidOut });
  return laidOut !== null;
}

/** Edit the body on (from the first record's stored body) or off (the stored bodies go). */
export async function setEditBody(on: boolean, key: string, firstId: number | null): Promise<void> {
  useReplayForm
    .getState()
    .set({ editBody: on, body: '', storedBody: null, bodyFor: null, bodyLoadFailure: null });
  if (on) await loadStoredBody(firstId, key);
}

/**
 * The view shows selection `key` (its first record `firstId`; null when chosen by a filter).
 * The form is one for every selection, kept while the person looks elsewhere; what in it
 * belongs to one selection follows: a body edited for another is never sent as this one's
 * without asking (`askKeepEdits`, true to keep it; else this selection's stored body fills the
 * editor), and an ended run of another selection is not shown as this one's progress.
 * `withdrawn` aborts when the view leaves this selection (another view, another filter, Back):
 * the question belongs to this one opening, so its dialog closes and its answer changes nothing;
 * the edits stay the selection's they were made for, and the next opening asks again.
 */
export async function openSelection(
  key: string,
  firstId: number | null,
  askKeepEdits: (firstId: number | null, withdrawn: AbortSignal, madeFor: string) => Promise<boolean>,
  withdrawn: AbortSignal = new AbortController().signal,
): Promise<void> {
  const form = useReplayForm.getState();
  // A plan kept for this selection (a closed tab, a reload) comes back into a form at its
  // defaults, set with the selection so the form's keeper never saves the defaults over it; a
  // run taken up shows what it was started with instead (followReplayProgress).
  const kept = form.runId === null && planOf(form, key) === null ? keptPlan(key) : null;
  form.set({
    viewing: key,
    ...(kept === null
      ? {}
      : {
          ...kept.options,
          ...(kept.body === null
            ? {}
            : { editBody: true, body: kept.body.text, storedBody: kept.body.from, bodyFor: key }),
        }),
  });
  if (form.progress?.finished === true && form.progressFor !== key)
    form.set({ runId: null, progress: null, progressFor: null });
  if (form.editBody && form.bodyFor !== null && form.bodyFor !== key) {
    const edited = form.body !== form.storedBody;
    // Named by what it was made for: offered unnamed, #10's body read as this replay's own.
    const keep = edited && (await askKeepEdits(firstId, withdrawn, bodyMadeForWords(form.bodyFor)));
    if (withdrawn.aborted || !stillViewing(key)) return;
    if (keep) useReplayForm.getState().set({ bodyFor: key });
    else useReplayForm.getState().set({ body: '', storedBody: null, bodyFor: null });
  }
  const now = useReplayForm.getState();
  if (now.editBody && now.bodyFor !== key) await loadStoredBody(firstId, key);
  else if (firstId !== null) await checkStoredBody(firstId, key);
  else now.set({ bodyLocked: null });
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
      const newestRun = runs.at(-1);
      const form = useReplayForm.getState();
      if (newestRun === undefined || form.runId !== null || form.starting) return;
      const { startedWith, ...newest } = newestRun;
      // A push that came while this was answered is as new or newer.
      const pushed = unclaimed.get(newest.runId);
      const latest =
        pushed !== undefined && (pushed.finished || pushed.done >= newest.done) ? pushed : newest;
      // The form shows what the run was started with, as main keeps it, whichever window started
      // it (the form's defaults said "this console's listener, original tokens" of a run going
      // elsewhere). Main is the one owner: a window's own memory of its run would be a second.
      form.set({
        runId: newest.runId,
        progress: latest,
        ...formOptionsOf(startedWith),
        progressFor: replaySelectionKey(startedWith),
      });
    })
    .catch(() => undefined);
  return unsubscribe;
}
