import type { EmulatorStatus } from '../../shared/emulator';
import type { ListenerStatus } from '../../shared/listener';
import type { EventBus } from '../event-bus';
import { newRecordPath, removeAddressRecord, writeAddressRecord, type AddressRecord } from './address-record';
import { processStartOf } from './process-identity';

/**
 * Keeps this console's address record (address-record.ts) in step with what it runs: the
 * listener's and the emulator's statuses, as they are pushed to the windows, are written to
 * the record when the addresses in them change; the record goes when neither runs, and when
 * the console closes (before its servers stop: a record never names a port already let go).
 * Returns the closer.
 */
export function publishAddresses(deps: {
  dataDir: string;
  bus: EventBus;
  /** Which program this is, as a person calls it. */
  process: string;
  onError: (error: unknown) => void;
}): () => void {
  const path = newRecordPath(deps.dataDir, process.pid);
  const processStart = processStartOf(process.pid);
  let listener: AddressRecord['listener'] = null;
  let emulator: AddressRecord['emulator'] = null;
  let written = false;
  let last = '';

  const publish = () => {
    const now = JSON.stringify({ listener, emulator });
    if (now === last) return;
    last = now;
    try {
      if (listener === null && emulator === null) {
        if (written) removeAddressRecord(path);
        written = false;
        return;
      }
      writeAddressRecord(path, {
        version: 1,
        pid: process.pid,
        processStart,
        process: deps.process,
        listener,
        emulator,
        updatedAt: new Date().toISOString(),
      });
      written = true;
    } catch (error) {
      // Written again at the next change; a terminal's `send` meanwhile says what it knows without it.
      last = '';
      deps.onError(error);
    }
  };

  const listenerOf = (status: ListenerStatus): AddressRecord['listener'] =>
    status.running && status.url !== null && status.profileId !== null
      ? { url: status.url, profileId: status.profileId, profileName: status.profileName ?? '' }
      : null;
  const emulatorOf = (status: EmulatorStatus): AddressRecord['emulator'] =>
    status.running && status.url !== null ? { url: status.url } : null;

  const unsubscribe = deps.bus.subscribe((event) => {
    if (event.name === 'listener.status') listener = listenerOf(event.payload);
    else if (event.name === 'emulator.changed') emulator = emulatorOf(event.payload);
    else return;
    publish();
  });
  return () => {
    unsubscribe();
    listener = null;
    emulator = null;
    publish();
  };
}
