import { create } from 'zustand';
import type { LastSend, UnansweredSend } from '@shared/drafts';
import type { ExchangeResult } from '@shared/merchant-api';
import type { SendFailure } from './send-failure';

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
  error: SendFailure | null;
  /** The profile the last send was stopped for: it needs its base URL or token set first. */
  needsSetup: number | null;
  /** A send made before this page was opened (its answer is its record), until the next send. */
  restored: LastSend | null;
  /** A send made before this page was opened whose answer that page never saw. */
  restoredUnanswered: UnansweredSend | null;
  setPanel: (panel: BuilderPanel) => void;
}

export const useSendStore = create<SendState>((set) => ({
  panel: 'findings',
  requestKey: null,
  result: null,
  sentWithErrors: 0,
  sentRaw: false,
  error: null,
  needsSetup: null,
  restored: null,
  restoredUnanswered: null,
  setPanel: (panel) => set({ panel }),
}));

/** Forgets the answer to the last send (a new document makes it someone else's). */
export function clearLastAnswer(): void {
  const send = useSendStore.getState();
  if (send.requestKey !== null) return;
  useSendStore.setState({
    result: null,
    error: null,
    needsSetup: null,
    sentWithErrors: 0,
    sentRaw: false,
    restored: null,
    restoredUnanswered: null,
    panel: send.panel === 'response' ? 'findings' : send.panel,
  });
}
