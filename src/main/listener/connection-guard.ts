import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { ListenerLimits } from './listener-limits';
import type { BodyInterruption } from './read-body';

/**
 * Bounds the listener's clients: how many connections are open at once, and how many of them
 * may be slow at once. A request is slow once it is still incomplete `slowAfterMs` after it
 * started: from the connection until its headers are in, then until its body is in (an idle
 * keep-alive connection between requests is not sending, so it is not slow; Node closes it
 * after its keep-alive timeout). Past either cap the newcomer is refused, not the ones already
 * being served: a flood of slow clients cannot push out a sender already connected, and it
 * cannot grow without bound either (a sender that connects while the flood holds every place is
 * refused until the flood's requests count as slow and those past the slow cap are closed).
 */
export interface ConnectionGuardHooks {
  /** Over the connection cap: answer 503 and close. */
  overCapacity(socket: Socket, reason: string): void;
  /** Slow while its headers are still arriving, past the slow cap: answer 408 and close. */
  slowHeaders(socket: Socket, reason: string): void;
}

export interface ConnectionGuard {
  /** A new connection; false when it was refused (it is being answered and closed). */
  admit(socket: Socket): boolean;
  /** The request's headers are in; resolves if its body must stop (too slow, past the cap). */
  bodyStarted(req: IncomingMessage): Promise<BodyInterruption>;
  /** The request's body is in (or the read stopped): the connection is no longer sending. */
  bodyDone(req: IncomingMessage): void;
  /** Whether the connection was refused (its requests are not served). */
  refused(socket: Socket): boolean;
  /** Connections open and slow ones, for tests and the status line. */
  counts(): { open: number; slow: number };
}

interface Tracked {
  /** What it is doing: sending a request, or idle between requests. */
  phase: 'headers' | 'body' | 'idle';
  timer: NodeJS.Timeout | undefined;
  slow: boolean;
  /** Stops the body's read, when the body is what is slow. */
  interrupt: ((interruption: BodyInterruption) => void) | undefined;
}

export function createConnectionGuard(limits: ListenerLimits, hooks: ConnectionGuardHooks): ConnectionGuard {
  const open = new Map<Socket, Tracked>();
  const refusedSockets = new WeakSet<Socket>();
  let slow = 0;
  const seconds = (ms: number) => `${ms / 1000} s`;

  const settle = (tracked: Tracked) => {
    clearTimeout(tracked.timer);
    tracked.timer = undefined;
    if (tracked.slow) slow -= 1;
    tracked.slow = false;
  };

  const watch = (socket: Socket, tracked: Tracked) => {
    tracked.timer = setTimeout(() => {
      tracked.timer = undefined;
      if (tracked.phase === 'idle' || !open.has(socket)) return;
      tracked.slow = true;
      slow += 1;
      if (slow <= limits.maxSlowConnections) return;
      const reason = `${tracked.phase === 'headers' ? 'The request headers were' : 'The body was'} still arriving ${seconds(limits.slowAfterMs)} after the request started, while ${slow - 1} other connections were also sending slowly (at most ${limits.maxSlowConnections} at once); closed to keep the listener free for others`;
      if (tracked.phase === 'body') tracked.interrupt?.({ outcome: 'timed_out', reason });
      else {
        refusedSockets.add(socket);
        settle(tracked);
        hooks.slowHeaders(socket, reason);
      }
    }, limits.slowAfterMs);
    tracked.timer.unref();
  };

  return {
    admit(socket) {
      if (open.size >= limits.maxConnections) {
        refusedSockets.add(socket);
        hooks.overCapacity(
          socket,
          `${open.size} connections were already open (at most ${limits.maxConnections}); this one was answered 503 and closed before its request was read`,
        );
        return false;
      }
      const tracked: Tracked = { phase: 'headers', timer: undefined, slow: false, interrupt: undefined };
      open.set(socket, tracked);
      watch(socket, tracked);
      socket.once('close', () => {
        settle(tracked);
        open.delete(socket);
      });
      return true;
    },
    bodyStarted(req) {
      const tracked = open.get(req.socket);
      if (tracked === undefined) return new Promise(() => undefined);
      // A request on a kept-alive connection starts its slow clock at its headers.
      if (tracked.phase === 'idle') watch(req.socket, tracked);
      tracked.phase = 'body';
      return new Promise((resolve) => {
        tracked.interrupt = resolve;
      });
    },
    bodyDone(req) {
      const tracked = open.get(req.socket);
      if (tracked === undefined) return;
      settle(tracked);
      tracked.phase = 'idle';
      tracked.interrupt = undefined;
    },
    refused: (socket) => refusedSockets.has(socket),
    counts: () => ({ open: open.size, slow }),
  };
}
