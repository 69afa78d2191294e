import { timingSafeEqual } from 'node:crypto';
import type { EmulatorOrderRow } from '../../store/emulator-orders-repository';
import type { EmulatorEngine } from '../emulator-engine';
import { EmulatorError } from '../emulator-errors';

/** Whether `given` is the order's page token (compared in constant time). */
function isPageToken(order: EmulatorOrderRow, given: string | null | undefined): boolean {
  if (typeof given !== 'string' || given === '' || order.pageToken === '') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(order.pageToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The order `given` is the page token of, or null: for an unknown id too, so a caller without
 * the token is refused alike whether the order exists or not (a 404 for an unknown id against a
 * refusal for a known one told anyone which order ids exist).
 */
export function orderOfPageToken(
  engine: Pick<EmulatorEngine, 'get'>,
  orderId: string,
  given: string | null | undefined,
): EmulatorOrderRow | null {
  let order: EmulatorOrderRow;
  try {
    order = engine.get(orderId);
  } catch (error) {
    if (error instanceof EmulatorError && error.status === 404) return null;
    throw error;
  }
  return isPageToken(order, given) ? order : null;
}
