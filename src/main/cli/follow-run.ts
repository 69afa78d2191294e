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
    /** Each push of run `runId` to `onEach`, until it answers the run's end (anything but undefined). */
    until<R>(runId: string, onEach: (item: T) => R | undefined): Promise<R> {
      return new Promise((resolve) => {
        follow = (item) => {
          if (item.runId !== runId) return;
          const end = onEach(item);
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
