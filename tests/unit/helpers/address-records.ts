import {
  newRecordPath,
  writeAddressRecord,
  type AddressRecord,
} from '../../../src/main/running-addresses/address-record';
import { processStartOf } from '../../../src/main/running-addresses/process-identity';

/** An address record of this (live) process running a listener for profile 1 and an emulator. */
export const sampleRecord = (overrides: Partial<AddressRecord> = {}): AddressRecord => ({
  version: 1,
  pid: process.pid,
  processStart: processStartOf(process.pid),
  process: 'checkout-console serve',
  listener: { url: 'http://127.0.0.1:4455', profileId: 1, profileName: 'Local' },
  emulator: { url: 'http://127.0.0.1:4010' },
  updatedAt: new Date().toISOString(),
  ...overrides,
});

/** Writes it as its console would, under a new record name; returns the path. */
export function writtenRecord(dir: string, value: AddressRecord): string {
  const path = newRecordPath(dir, value.pid);
  writeAddressRecord(path, value);
  return path;
}
