import { createServer } from 'node:net';
import { LISTENER_HOST } from './webhook-server';

/**
 * Whether something still holds the listener's port, by binding it and letting it go at once.
 * A program that is not a console leaves no address record to read, so trying the port is the
 * only way to tell it has gone. Any refusal (not only EADDRINUSE) counts as held: the words
 * that say why the listener is not running are kept rather than guessed at.
 */
export function portStillHeld(port: number, host = LISTENER_HOST): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(true));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}
