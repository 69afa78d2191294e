import { create } from 'zustand';
import type { TokenPreset } from '@shared/jwt/token-presets';
import type { ReplayProgress, ReplayTokenMode } from '@shared/replay';

export type TargetKind = 'listener' | 'forward' | 'url';
export type SequenceOrder = 'original' | 'reversed' | 'shuffled';

/** The replay being prepared and the run in progress (kept while the person looks elsewhere). */
interface ReplayFormState {
  target: TargetKind;
  url: string;
  tokenMode: ReplayTokenMode;
  preset: TokenPreset;
  editBody: boolean;
  body: string;
  /** Why the editor holds no stored body (one that is not UTF-8 text), or null. */
  bodyNotice: string | null;
  /**
   * Why the body of webhook `id` (the first replayed) cannot be edited at all: the stored one
   * is withheld (a secret it may echo cannot be opened here), and an empty editor would replay
   * as an empty body. `replayReason`: why Replay is not offered either. Null: it can.
   */
  bodyWithheld: { id: number; reason: string; replayReason: string } | null;
  order: SequenceOrder;
  delayMs: number;
  concurrency: number;
  repeat: number;
  runId: string | null;
  progress: ReplayProgress | null;
  /** A start is on its way to main: a second press (a double click) starts nothing. */
  starting: boolean;
  set: (patch: Partial<Omit<ReplayFormState, 'set'>>) => void;
}

export const useReplayForm = create<ReplayFormState>((set) => ({
  target: 'listener',
  url: '',
  tokenMode: 'original',
  preset: 'valid',
  editBody: false,
  body: '',
  bodyNotice: null,
  bodyWithheld: null,
  order: 'original',
  delayMs: 0,
  concurrency: 1,
  repeat: 1,
  runId: null,
  progress: null,
  starting: false,
  set: (patch) => set(patch),
}));
