import type { IncomingMessage } from 'node:http';

/**
 * A connection closed while the client is still sending is reset (the kernel answers unread
 * bytes with RST), and a reset that reaches the client before it has read the answer destroys
 * that answer: a tester's client sending 50 MiB got no status at all in 4 runs of 6. Node's own
 * `Connection: close` handling closes the socket as soon as the answer is written, so an answer
 * to a request whose body is still arriving is written here instead: the answer and the end of
 * our sending side go out at once, then what the client still sends is read and dropped until
 * its body ends, `drainBytes` more have arrived, or nothing has for `idleMs`; only then is the
 * connection closed. By then the client has long read the answer, so a reset costs it nothing.
 */
export function answerThenDrain(
  req: IncomingMessage,
  answer: string,
  limits: { drainBytes: number; idleMs: number },
): void {
  const socket = req.socket;
  let drained = 0;
  let idle: NodeJS.Timeout | undefined;
  const close = () => {
    clearTimeout(idle);
    req.off('data', onData);
    socket.destroy();
  };
  const armIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(close, limits.idleMs);
  };
  const onData = (chunk: Buffer) => {
    drained += chunk.byteLength;
    if (drained > limits.drainBytes) close();
    else armIdle();
  };
  socket.end(answer);
  req.on('data', onData);
  req.once('end', close);
  req.once('close', close);
  req.resume();
  armIdle();
}
