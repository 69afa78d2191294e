import type WebSocket from 'ws';

/** Calls one bridge command over a tab's WebSocket, as the page does; resolves with its result. */
export function callOverBridge(socket: WebSocket, command: string, input: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data)) as { type: string; id?: number; result?: unknown };
      if (message.type !== 'result' || message.id !== 1) return;
      socket.off('message', onMessage);
      resolve(message.result);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ type: 'call', id: 1, command, input }));
  });
}
