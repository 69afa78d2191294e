import type { OrderPage } from '../contract/orders';
import { formatCount } from '../count-format';
import { countOf } from '../count-words';

/** "5,950 orders": countOf's noun, the count's digits grouped as every message writes them. */
const grouped = (count: number, noun: string) => countOf(count, noun).replace(/^\d+/, formatCount(count));

/**
 * What a list of orders says while the console is still deriving them (after a flood of
 * webhooks, an import): the Orders view and the `orders` command alike. A partial list must
 * never read as the current one.
 */
export function catchingUpWords(backlog: NonNullable<OrderPage['catchingUp']>): string {
  const records =
    backlog.recordsToRead === 0 ? '' : ` and ${grouped(backlog.recordsToRead, 'new record')} to read`;
  return (
    `Still deriving orders from their records: ${grouped(backlog.ordersToDerive, 'order')} to go${records}. ` +
    'This list is what is derived so far: some orders may be missing or in an older state until then.'
  );
}
