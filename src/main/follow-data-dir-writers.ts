import { errorWords } from '../shared/error-words';
import type { EmulatorService } from './emulator/emulator-service-types';
import type { EventBus } from './event-bus';
import type { HistoryService } from './history/history-service';
import { otherProcessesRemovals } from './history/other-processes-removals';
import type { ListenerService } from './listener/listener-service';
import type { Logger } from './log';
import type { OrdersService } from './orders/orders-service';
import { followFromOtherProcesses, watchOtherProcesses } from './other-processes-watch';
import { otherProcessesProfiles } from './profiles/other-processes-profiles';
import type { ProfileService } from './profiles/profile-service';
import type { Store } from './store/open-store';
import { otherProcessesRecords } from './timeline/other-processes-records';

/**
 * What other processes on the data directory write (records, removals, profiles, orders,
 * emulator, listener and retention settings, scenario runs) reaches this one's views and
 * listener as if written here. Returns the closer that stops the watch.
 */
export function followDataDirWriters(deps: {
  store: Pick<Store, 'dataVersion' | 'events' | 'scenarioRuns'>;
  bus: EventBus;
  log: Logger;
  /** The record ids this process wrote (the recorder's): pushed here already. */
  writtenHere: Set<number>;
  profiles: ProfileService;
  orders: OrdersService;
  emulator: EmulatorService;
  listener: ListenerService;
  history: HistoryService;
}): () => void {
  const { store, bus } = deps;
  return watchOtherProcesses(
    {
      dataVersion: () => store.dataVersion(),
      onError: (error) =>
        deps.log.warn(
          `Could not read what other processes on the data directory wrote: ${errorWords(error)}`,
        ),
    },
    [
      otherProcessesRecords({ events: store.events, bus, writtenHere: deps.writtenHere }),
      otherProcessesRemovals({ events: store.events, bus }),
      otherProcessesProfiles({ profiles: deps.profiles, bus }),
      deps.orders.otherProcesses,
      deps.emulator.otherProcesses(),
      followFromOtherProcesses(
        () => deps.listener.settings(),
        (next) => bus.publish('listener.settings', next),
      ),
      followFromOtherProcesses(
        () => deps.history.retention(),
        (next) => bus.publish('history.retention', next),
      ),
      // A run of `test` in a terminal or of another console pushes nothing here: its start,
      // progress and end reach a window showing runs within a second this way.
      followFromOtherProcesses(
        () => store.scenarioRuns.changeMark(),
        () => bus.publish('scenarios.storedRuns', {}),
      ),
    ],
  );
}
