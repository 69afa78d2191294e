import {
  checkCounts,
  checkDateOrder,
  checkExpirySpellings,
  checkItemsNotEmpty,
  checkNotificationUrl,
} from './consistency-checks';
import { checkCountryCurrency, checkOneCurrency, checkTotal } from './cross-checks';
import type { RawFinding } from './findings';

/** Every rule between fields, on any payload (each check reads defensively and skips what it cannot read). */
export function crossFieldFindings(payload: unknown, notificationField: string | undefined): RawFinding[] {
  return [
    ...checkCountryCurrency(payload),
    ...checkOneCurrency(payload),
    ...checkTotal(payload),
    ...checkExpirySpellings(payload),
    ...checkDateOrder(payload),
    ...checkCounts(payload),
    ...checkItemsNotEmpty(payload),
    ...checkNotificationUrl(payload, notificationField),
  ];
}
