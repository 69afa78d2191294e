import type { PushEvent, PushEventName, PushEventPayload } from '../shared/contract';

/**
 * Whose write a push announces: this process's own (its listener, its emulator, a send it made),
 * or one another process on the data directory committed, read back by the watch of their
 * writes (other-processes-records.ts). The views show both; `listen` prints only what its own
 * listener received, and printed a webhook sent to another console's port as its own.
 */
export type PushOrigin = 'this process' | 'another process';

export type PushListener = (event: PushEvent, origin: PushOrigin) => void;

export interface EventBus {
  publish<E extends PushEventName>(name: E, payload: PushEventPayload<E>, origin?: PushOrigin): void;
  subscribe(listener: PushListener): () => void;
}

/** Fan-out of pushed events to every connected front door (IPC window, WebSocket clients). */
export function createEventBus(): EventBus {
  const listeners = new Set<PushListener>();
  return {
    publish(name, payload, origin = 'this process') {
      const event = { name, payload } as PushEvent;
      for (const listener of listeners) {
        try {
          listener(event, origin);
        } catch {
          // A broken subscriber (a closed socket) must not stop delivery to the others.
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
