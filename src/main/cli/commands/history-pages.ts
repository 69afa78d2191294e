import { EVENT_PAGE_MAX, type EventFilter } from '../../../shared/event-filter';
import type { ConsoleCore } from '../../app';
import { commandCaller, flagsOf } from '../command-caller';
import { FILTER_FLAGS } from './history-filter-flags';

/**
 * How `history` reads its records, for the table and the JSON alike: one paging loop over the
 * timeline's own command, so both outputs see the same records under the same limits.
 */

/**
 * The filter's records, the last stored first, up to `limit`, paged through the timeline's own command
 * as the Timeline view pages it: one validation, one set of limits and errors, named as flags.
 */
export async function* historyPages(core: ConsoleCore, filter: EventFilter, limit: number, whole: boolean) {
  const call = commandCaller(core.dispatcher, flagsOf(FILTER_FLAGS));
  let beforeId: number | undefined;
  for (let left = limit; left > 0;) {
    const page = await call('listEvents', {
      filter,
      ...(beforeId === undefined ? {} : { beforeId }),
      limit: Math.min(EVENT_PAGE_MAX, left),
      whole,
    });
    yield page;
    left -= page.items.length;
    if (page.nextCursor === null) return;
    beforeId = page.nextCursor;
  }
}
