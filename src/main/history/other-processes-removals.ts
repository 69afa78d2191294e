import type { EventBus } from '../event-bus';
import type { OtherProcessesHandler } from '../other-processes-watch';
import type { EventsRepository } from '../store/events-repository';

/**
 * Pushes `history.removed` when another process on the data directory removed records (a
 * `retention --apply` in a terminal, another console's retention): History's count, Export's
 * label and rows went on saying what was gone. Nothing in the database marks a removal, so
 * after each commit elsewhere the records are counted (an index's count, a few ms for 300,000)
 * beside the newest id: fewer than those stored before plus the ids added since means some went.
 */
export function otherProcessesRemovals(deps: {
  events: Pick<EventsRepository, 'lastId' | 'count'>;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
}): OtherProcessesHandler {
  const read = () => ({ count: deps.events.count(), lastId: deps.events.lastId() });
  let last = read();
  // This process's own retention moves the counts too, and is pushed by it: counted again at
  // the next quiet look, so a commit elsewhere after it is not taken for a second removal.
  let removedHere = false;
  deps.bus.subscribe((event, origin) => {
    if (event.name === 'history.removed' && origin === 'this process') removedHere = true;
  });
  return {
    committed() {
      const now = read();
      const added = Math.max(0, now.lastId - last.lastId);
      if (now.count < last.count + added) deps.bus.publish('history.removed', {}, 'another process');
      last = now;
      return false;
    },
    quiet() {
      if (!removedHere) return;
      removedHere = false;
      last = read();
    },
  };
}
