import type { PushEvent } from '../../../src/shared/contract';
import type { EventBus } from '../../../src/main/event-bus';

/** Resolves with the first run-finished or run-failed progress the bus pushes after this call. */
export function scenarioRunEnded(bus: EventBus): Promise<PushEvent> {
  return new Promise<PushEvent>((resolve) => {
    const stop = bus.subscribe((event) => {
      if (event.name !== 'scenarios.progress') return;
      if (event.payload.type !== 'run-finished' && event.payload.type !== 'run-failed') return;
      stop();
      resolve(event);
    });
  });
}
