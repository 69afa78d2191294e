import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A request pipelined behind another (sent in the same write, before the first was answered)
 * that Node's parser gives up on reaches `clientError` while the first one's answer is still
 * being made. A raw refusal written then went out before, or over, that answer: the client read
 * only the 400, although the first request had been served (an emulator's order created, its
 * order_id never known). Every server of the console (listener, emulator) asks this owner
 * whether a connection has an answer under way, and if so writes nothing for the malformed
 * bytes and closes the connection once that answer is out (docs/limits.md).
 */
export interface AnswersInProgress {
  /** At each request: its response is the connection's answer under way until it closes. */
  track(req: IncomingMessage, res: ServerResponse): void;
  /** The connection's answer under way and the request it answers, if there is one. */
  on(socket: Duplex): { req: IncomingMessage; res: ServerResponse } | undefined;
}

export function createAnswersInProgress(): AnswersInProgress {
  const answering = new WeakMap<Duplex, { req: IncomingMessage; res: ServerResponse }>();
  return {
    track(req, res) {
      const entry = { req, res };
      answering.set(req.socket, entry);
      res.once('close', () => {
        if (answering.get(req.socket) === entry) answering.delete(req.socket);
      });
    },
    on: (socket) => answering.get(socket),
  };
}

/**
 * Closes `socket` once `behind`'s answer has gone out whole (at once if it has). Nothing more is
 * read or answered on it: the bytes after that request were not a request.
 */
export function closeAfterAnswer(socket: Duplex, behind: ServerResponse): void {
  if (behind.writableFinished) socket.destroy();
  else behind.once('close', () => socket.destroy());
}
