import { formatCount } from './count-format';
import { countOf } from './count-words';
import type { EventKind } from './events';
import { DEFAULT_RETENTION, RETENTION_START, type RetentionRemoval } from './history-file';

/**
 * What a retention preview says of the records dated in the future, which no policy removes
 * and "keep the newest N" does not count (history-repository.ts, RetentionBound); the same
 * words in the History view and `checkout-console retention`. Empty when there are none.
 */
export function futureDatedWords(future: number): string {
  if (future === 0) return '';
  const are = future === 1 ? 'is' : 'are';
  return `${countOf(future, 'record')} dated in the future (imported from a clock that ran ahead, say) ${are} kept besides: no policy removes ${future === 1 ? 'it' : 'them'} before that time, and "keep the newest" does not count ${future === 1 ? 'it' : 'them'}.`;
}

/**
 * What a retention preview says of the records whose stored time is damaged (not a time: a row
 * changed by hand), which no policy can date, so none removes. Empty when there are none.
 */
export function unreadableTimeWords(count: number): string {
  if (count === 0) return '';
  const one = count === 1;
  return `${countOf(count, 'record')} whose stored time is damaged (not a time) ${one ? 'is' : 'are'} kept besides: no policy can date ${one ? 'it' : 'them'}, so none removes ${one ? 'it' : 'them'}.`;
}

/**
 * The History view's line under the retention policy: "Applying it now removes 19,352 and keeps
 * 1,002 records." Its counts grouped as the lines beside it (formatCount), never in the
 * browser's locale (19.352 in de-DE above "What goes: 19,343 webhooks").
 */
export function retentionPreviewWords({ remove, keep }: { remove: number; keep: number }): string {
  return `Applying it now removes ${formatCount(remove)} and keeps ${countOf(keep, 'record')}.`;
}

/** The History view's note of the defaults, beside the boxes that start at them. */
export function retentionDefaultWords(): string {
  const first = DEFAULT_RETENTION.mode === 'all' ? 'Keep everything is the default.' : '';
  return `${first} Last N days starts at ${countOf(RETENTION_START.days, 'day')}, Last N records at ${countOf(RETENTION_START.count, 'record')}.`.trim();
}

const KIND_PLURALS: Record<EventKind, string> = {
  webhook: 'webhooks',
  request: 'requests',
  replay: 'replays',
  forward: 'forwards',
  delivery: 'deliveries',
};

/** "a", "a and b", "a, b and c". */
const listed = (parts: readonly string[]) =>
  parts.length < 2 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;

/**
 * What a retention preview would remove, past its count: the kinds, how many were imported,
 * and the orders that lose records; the same words in the History view (beside the count and in
 * its confirmation) and `checkout-console retention`. A count alone hid that the records going
 * were an import of old records and every record of the emulator's orders, which left Orders.
 * Empty when nothing would go.
 */
export function retentionRemovalWords(removing: RetentionRemoval): string {
  const total = removing.kinds.reduce((sum, { count }) => sum + count, 0);
  if (total === 0) return '';
  const kinds = listed(removing.kinds.map(({ kind, count }) => countOf(count, kind, KIND_PLURALS[kind])));
  const imported = removing.imported === 0 ? '' : ` (${formatCount(removing.imported)} imported from a file)`;
  const { ordersLeaving: leaving, ordersLosing: losing } = removing;
  const leave =
    leaving === 1
      ? '1 order loses all its records and leaves Orders'
      : `${formatCount(leaving)} orders lose all their records and leave Orders`;
  const some = (count: number, more: string) =>
    count === 1
      ? `1 ${more}loses some, which may change its state`
      : `${formatCount(count)} ${more}lose some, which may change their state`;
  const orders =
    leaving > 0 && losing > 0
      ? ` ${leave}; ${some(losing, 'more ')}.`
      : leaving > 0
        ? ` ${leave}.`
        : losing > 0
          ? ` ${some(losing, losing === 1 ? 'order ' : 'orders ')}.`
          : '';
  return `What goes: ${kinds}${imported}.${orders}`;
}
