import { timingSafeEqual } from 'node:crypto';
import type { EmulatorOrderRow } from '../../store/emulator-repository';

/** Whether `given` is the order's page token (compared in constant time). */
export function isPageToken(order: EmulatorOrderRow, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given === '' || order.pageToken === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(order.pageToken);
  return a.length === b.length && timingSafeEqual(a, b);
}
