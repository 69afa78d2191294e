import type { PushEvent } from '../../shared/contract';
import type { EventBus } from '../event-bus';

/**
 * A background run's pushes (a replay's, a scenario run's), followed as the renderer follows
 * them. Subscribed before the run starts: its first push can come before the start command
 * has answered with the run's id, so pushes are kept until `until` knows which run is ours.
 */
export function followRun<T extends { runId: string }>(
  bus: EventBus,
  pick: (event: PushEvent) => T | undefined,
) {
  const early: T[] = [];
  let follow: ((item: T) => void) | null = null;
  const unsubscribe = bus.subscribe((event) => {
    const item = pick(event);
    if (item === undefined) return;
    if (follow === null) early.push(item);
    else follow(item);
  });
  return {
    /**
     * Each push of run `runId` to `onEach`, until it answers the run's end (anything but
     * undefined). A throw in `onEach` ends the wait with it: the bus would otherwise swallow it
     * (a broken subscriber must not stop the others), and the command wait for ever.
     */
    until<R>(runId: string, onEach: (item: T) => R | undefined): Promise<R> {
      return new Promise((resolve, reject) => {
        follow = (item) => {
          if (item.runId !== runId) return;
          let end: R | undefined;
          try {
            end = onEach(item);
          } catch (error) {
            unsubscribe();
            reject(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          if (end === undefined) return;
          unsubscribe();
          resolve(end);
        };
        for (const item of early.splice(0)) follow(item);
      });
    },
    stop: unsubscribe,
  };
}
