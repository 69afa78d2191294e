import { create } from 'zustand';
import type { ExchangeResult } from '../../../../shared/merchant-api';

export type BuilderPanel = 'findings' | 'request' | 'response';

/** The last send from the builder: in flight (its key, to cancel it), its answer, or why it was not sent. */
interface SendState {
  panel: BuilderPanel;
  requestKey: string | null;
  result: ExchangeResult | null;
  /** Errors the payload had when it was sent on purpose (0 for a clean send). */
  sentWithErrors: number;
  /** The raw text went as typed because it does not parse. */
  sentRaw: boolean;
  error: string | null;
  setPanel: (panel: BuilderPanel) => void;
}

export const useSendStore = create<SendState>((set) => ({
  panel: 'findings',
  requestKey: null,
  result: null,
  sentWithErrors: 0,
  sentRaw: false,
  error: null,
  setPanel: (panel) => set({ panel }),
}));
