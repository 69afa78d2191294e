import type { PushEvent, PushEventName, PushEventPayload } from '../shared/contract';

export type PushListener = (event: PushEvent) => void;

export interface EventBus {
  publish<E extends PushEventName>(name: E, payload: PushEventPayload<E>): void;
  subscribe(listener: PushListener): () => void;
}

/** Fan-out of pushed events to every connected front door (IPC window, WebSocket clients). */
export function createEventBus(): EventBus {
  const listeners = new Set<PushListener>();
  return {
    publish(name, payload) {
      const event = { name, payload } as PushEvent;
      for (const listener of listeners) {
        try {
          listener(event);
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
