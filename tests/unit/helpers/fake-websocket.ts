/**
 * A stand-in for the browser's WebSocket, installed as the global one, so the renderer's
 * transport (src/renderer/src/bridge/ws-client.ts) runs in Node: a test opens, drops and
 * answers each socket by hand and reads what was sent on it.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket made, oldest first. */
  static made: FakeWebSocket[] = [];

  readyState = FakeWebSocket.CONNECTING;
  readonly sent: string[] = [];
  onopen: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onmessage: ((message: { data: unknown }) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.made.push(this);
  }

  static latest(): FakeWebSocket {
    const socket = FakeWebSocket.made.at(-1);
    if (socket === undefined) throw new Error('No socket was made');
    return socket;
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open');
    this.sent.push(data);
  }

  /** The commands sent on this socket, in order. */
  sentCommands(): string[] {
    return this.sent.map((frame) => (JSON.parse(frame) as { command: string }).command);
  }

  open(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.();
  }

  /**
   * The server went away (or refused the upgrade): the browser reports both as a close with
   * 1006 and no reason. A server that closed the socket itself gives its code and reason.
   */
  drop(code = 1006, reason = ''): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.({ code, reason });
  }

  answer(id: number, data: unknown): void {
    this.onmessage?.({ data: JSON.stringify({ type: 'result', id, result: { ok: true, data } }) });
  }
}
