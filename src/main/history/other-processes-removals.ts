import type { EventBus } from '../event-bus';
import type { OtherProcessesHandler } from '../other-processes-watch';
import type { EventsRepository } from '../store/events-repository';

/**
 * Pushes `history.removed` when another process on the data directory removed records (a
 * `retention --apply` in a terminal, another console's retention, an import undone): History's
 * count, Export's label and rows went on saying what was gone. After each commit elsewhere it reads
 * the store's count of records ever removed (kept by a trigger, migration 035). The count and the
 * newest id it compared before missed the newest records removed and as many arrived, their ids
 * given again (ids are not AUTOINCREMENT).
 */
export function otherProcessesRemovals(deps: {
  events: Pick<EventsRepository, 'removedCount'>;
  bus: Pick<EventBus, 'publish' | 'subscribe'>;
}): OtherProcessesHandler {
  const read = () => deps.events.removedCount();
  let last = read();
  // This process's own retention moves the count too, and is pushed by it: read again at the
  // next quiet look, so a commit elsewhere after it is not taken for a second removal.
  let removedHere = false;
  deps.bus.subscribe((event, origin) => {
    if (event.name === 'history.removed' && origin === 'this process') removedHere = true;
  });
  return {
    committed() {
      const now = read();
      if (now !== last) deps.bus.publish('history.removed', {}, 'another process');
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
