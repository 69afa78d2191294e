import type { BridgeResult, PushEvent } from '@shared/contract';
import { isPushEventName, pushEvents } from '@shared/contract';
import {
  FELL_BEHIND_CLOSE_CODE,
  serverMessageSchema,
  sessionAnswerSchema,
  type WireCall,
} from '@shared/wire';
import { CONNECTION_LOST } from './bridge-error';

/**
 * `closed`: nothing answers (serve stopped); the tab keeps trying. `refused`: a console answers
 * but it is not the one this tab was opened on, or it no longer knows this browser's session
 * (serve restarted): the tab stops trying, and says which command gives a new link. `signedIn`:
 * this browser is signed in to the console answering now (a new link was opened in another
 * tab), so reloading this tab opens it; this tab itself never resumes on it.
 * `closed` with `fellBehind`: the console is there, but closed this tab's socket because the page
 * stopped reading what it pushed (wire.ts PUSH_BACKLOG_MAX_BYTES); the tab reconnects at once and
 * reloads what it shows, as after any loss, so no record pushed meanwhile is missing.
 */
export type ConnectionState =
  | { status: 'connecting' | 'open' }
  | { status: 'closed'; fellBehind?: true }
  | { status: 'refused'; openCommand: string; signedIn: boolean };

export interface WebSocketTransportOptions {
  /** ws://…/bridge */
  bridgeUrl: string;
  /** http://…/session, asked before each connection (wire.ts SESSION_PATH). */
  sessionUrl: string;
}

/** A call not yet answered: waiting for the socket to open (`sent: false`) or for its answer. */
interface Pending {
  call: WireCall;
  sent: boolean;
  resolve: (result: BridgeResult<unknown>) => void;
}

const unavailable = (message: string): BridgeResult<unknown> => ({
  ok: false,
  error: { code: 'unavailable', message, issues: [] },
});
export const NOT_CONNECTED = 'The console is not connected; nothing was sent.';
export { CONNECTION_LOST };

/**
 * Browser mode's transport: the contract over one WebSocket to /bridge, reconnecting with
 * backoff while nothing answers, and giving up once a console answers that no longer knows this
 * tab (see checkSession). A call is answered exactly once, and a call answered as failed is never sent:
 * - made while the page's first connection is being made, it waits for it; if that attempt
 *   fails it fails with it, and is dropped (it was never sent);
 * - made while the socket is down (lost, retrying), it fails at once: a later attempt that
 *   succeeds sends nothing made before it;
 * - in flight when the socket drops, it fails (main may or may not have acted on it).
 * `pending` is the only place a call lives until then: nothing else holds a call to send later.
 */
export function createWebSocketTransport({ bridgeUrl, sessionUrl }: WebSocketTransportOptions) {
  let socket: WebSocket | null = null;
  let state: ConnectionState = { status: 'connecting' };
  /** The console this tab was opened on, from its first session answer. */
  let consoleId: string | null = null;
  let openCommand = 'npx checkout-console open';
  let nextId = 1;
  let retryMs = 250;
  let rechecking = false;
  const pending = new Map<number, Pending>();
  const eventListeners = new Set<(event: PushEvent) => void>();
  const stateListeners = new Set<(state: ConnectionState) => void>();

  const setState = (next: ConnectionState) => {
    if (next.status === state.status && next.status !== 'refused') return;
    state = next;
    stateListeners.forEach((listener) => listener(next));
  };
  const send = (ws: WebSocket, entry: Pending) => {
    entry.sent = true;
    ws.send(JSON.stringify(entry.call));
  };

  /** Ends every call, sent or not: none is left to go out on a later socket. */
  const endAll = () => {
    const ended = [...pending.values()];
    pending.clear();
    for (const entry of ended) entry.resolve(unavailable(entry.sent ? CONNECTION_LOST : NOT_CONNECTED));
  };
  const retry = (fellBehind = false) => {
    setState(fellBehind ? { status: 'closed', fellBehind } : { status: 'closed' });
    endAll();
    setTimeout(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, 5000);
  };

  /**
   * The browser reports a refused WebSocket upgrade (401) exactly as a server that is gone, so
   * the tab asks over HTTP first: no answer is "down" (try again), a 401 is "signed-out" and
   * another console's id is "other-console" (trying again cannot help either: the sessions of
   * the old process are gone; only a new link can, see `recheck`).
   */
  const checkSession = async (): Promise<'ok' | 'down' | 'signed-out' | 'other-console'> => {
    let response: Response;
    try {
      response = await fetch(sessionUrl, {
        credentials: 'same-origin',
        signal: AbortSignal.timeout(5000),
      });
    } catch {
      return 'down';
    }
    if (response.status === 401) return 'signed-out';
    if (!response.ok) return 'down';
    const answer = sessionAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!answer.success) return 'down';
    if (consoleId !== null && answer.data.console !== consoleId) return 'other-console';
    consoleId = answer.data.console;
    openCommand = answer.data.openCommand;
    return 'ok';
  };

  const connect = async () => {
    const verdict = await checkSession();
    if (verdict === 'signed-out' || verdict === 'other-console') {
      setState({ status: 'refused', openCommand, signedIn: verdict === 'other-console' });
      endAll();
      return;
    }
    if (verdict === 'down') return retry();
    const ws = new WebSocket(bridgeUrl);
    socket = ws;
    ws.onopen = () => {
      retryMs = 250;
      setState({ status: 'open' });
      for (const entry of pending.values()) if (!entry.sent) send(ws, entry);
    };
    ws.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      let raw: unknown;
      try {
        raw = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = serverMessageSchema.safeParse(raw);
      if (!parsed.success) return;
      const data = parsed.data;
      if (data.type === 'result') {
        const waiting = pending.get(data.id);
        pending.delete(data.id);
        waiting?.resolve(data.result);
        return;
      }
      const { name, payload } = data.event;
      if (!isPushEventName(name)) return;
      const checked = pushEvents[name].safeParse(payload);
      if (!checked.success) return;
      const event = { name, payload: checked.data } as PushEvent;
      eventListeners.forEach((listener) => listener(event));
    };
    ws.onclose = (event) => {
      socket = null;
      retry(event.code === FELL_BEHIND_CLOSE_CODE);
    };
  };
  void connect();

  return {
    call(command: string, input: unknown): Promise<BridgeResult<unknown>> {
      const open = socket !== null && socket.readyState === WebSocket.OPEN;
      // Retrying after a loss is 'closed', not 'connecting': only the first attempt holds calls.
      if (!open && state.status !== 'connecting') return Promise.resolve(unavailable(NOT_CONNECTED));
      const id = nextId++;
      return new Promise((resolve) => {
        const entry: Pending = { call: { type: 'call', id, command, input }, sent: false, resolve };
        pending.set(id, entry);
        if (open && socket !== null) send(socket, entry);
      });
    },
    subscribe(listener: (event: PushEvent) => void): () => void {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onConnectionState(listener: (state: ConnectionState) => void): () => void {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    /**
     * A refused tab asks again (when it is looked at again, or "Check again" is pressed): a new
     * link opened in another tab may have signed this browser in meanwhile. On the console this
     * tab was opened on (its cookie was lost, not its console) it connects again and catches up
     * as after any loss; on another console it says a reload opens that one. Nothing answering
     * leaves it as it was.
     */
    async recheck(): Promise<void> {
      if (state.status !== 'refused' || rechecking) return;
      rechecking = true;
      try {
        const verdict = await checkSession();
        if (verdict === 'ok') await connect();
        else if (verdict !== 'down')
          setState({ status: 'refused', openCommand, signedIn: verdict === 'other-console' });
      } finally {
        rechecking = false;
      }
    },
  };
}
