import { create } from 'zustand';
import type { TokenPreset } from '@shared/jwt/token-presets';
import type { REPLAY_ORDERS, ReplayProgress, ReplayTokenMode } from '@shared/replay';

export const TARGET_KINDS = ['listener', 'forward', 'url'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/**
 * Why a stored body cannot be edited here; an empty editor in its place would replay as an
 * empty body. `withheld`: it is not shown here (a secret it may echo cannot be opened), and
 * `replayReason` says why Replay is not offered either. `not-text`: it is not UTF-8 text, so
 * nothing can be typed over it; unedited, its exact bytes go (`replayReason` null).
 */
export interface BodyLock {
  id: number;
  kind: 'withheld' | 'not-text';
  reason: string;
  replayReason: string | null;
}
export type SequenceOrder = (typeof REPLAY_ORDERS)[number];

/** The replay being prepared and the run in progress (kept while the person looks elsewhere). */
interface ReplayFormState {
  target: TargetKind;
  url: string;
  tokenMode: ReplayTokenMode;
  preset: TokenPreset;
  /** The selection the view shows (replaySelectionKey): answers for another are not put in it. */
  viewing: string | null;
  editBody: boolean;
  body: string;
  /** The selection the editor's body belongs to (loaded for it, or kept for it when asked); null: none yet. */
  bodyFor: string | null;
  /** The text the editor started from: a body that differs from it was edited. */
  storedBody: string | null;
  /**
   * The headers a replay of webhook `id` (the first replayed) sends again (replayedHeaders), read
   * with its body: the editor's preview judges the edited body with them, as the listener will.
   */
  bodyHeaders: { id: number; headers: [string, string][] } | null;
  /** Why the body of webhook `id` (the first replayed) cannot be edited, or null: it can. */
  bodyLocked: BodyLock | null;
  /** Why the stored body for selection `key` could not be read into the editor (said, with a new try), or null. */
  bodyLoadFailure: { key: string; message: string } | null;
  order: SequenceOrder;
  delayMs: number;
  concurrency: number;
  repeat: number;
  runId: string | null;
  progress: ReplayProgress | null;
  /** The selection the run was started for; null when unknown (taken up from another window). */
  progressFor: string | null;
  /** A start is on its way to main: a second press (a double click) starts nothing. */
  starting: boolean;
  set: (patch: Partial<Omit<ReplayFormState, 'set'>>) => void;
}

/** The options a new window's form starts with (replay-plan-memory.ts keeps a plan that differs). */
/**
 * The body a replay sends in place of the stored one, or null: the stored bytes themselves. An
 * edit left as it was loaded sends the stored bytes, never the editor's copy of them: that copy
 * is masked where the body echoes a profile's secret, so sending it changed the bytes unasked.
 * A body not (yet) loaded for the selection shown was never edited either.
 */
export function bodyToSend(
  form: Pick<ReplayFormState, 'editBody' | 'body' | 'storedBody' | 'bodyFor'>,
  selectionKey: string,
): string | null {
  if (!form.editBody || form.bodyFor !== selectionKey) return null;
  return form.body === form.storedBody ? null : form.body;
}

export const REPLAY_FORM_DEFAULTS = {
  target: 'listener',
  url: '',
  tokenMode: 'original',
  preset: 'valid',
  order: 'original',
  delayMs: 0,
  concurrency: 1,
  repeat: 1,
} as const satisfies Pick<
  ReplayFormState,
  'target' | 'url' | 'tokenMode' | 'preset' | 'order' | 'delayMs' | 'concurrency' | 'repeat'
>;

export const useReplayForm = create<ReplayFormState>((set) => ({
  ...REPLAY_FORM_DEFAULTS,
  viewing: null,
  editBody: false,
  body: '',
  bodyFor: null,
  storedBody: null,
  bodyHeaders: null,
  bodyLocked: null,
  bodyLoadFailure: null,
  runId: null,
  progress: null,
  progressFor: null,
  starting: false,
  set: (patch) => set(patch),
}));
