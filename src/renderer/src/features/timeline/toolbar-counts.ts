import { formatCount } from '@shared/count-format';

// The Timeline toolbar's and selection bar's counts, each written by formatCount: the unread
// button read "3000 new" beside "200+ rows · 200+ records", and, once pressed, "3,200+ rows".

/** "6 rows", "1 record", "3,200+ records" (a `+` while older or newer ones are still to load). */
export function countedWords(count: number, more: boolean, noun: string): string {
  return `${formatCount(count)}${more ? '+' : ''} ${count === 1 && !more ? noun : `${noun}s`}`;
}

/** The unread button's words and its accessible name. */
export function unreadWords(unread: number): { label: string; name: string } {
  const label = `${formatCount(unread)} new`;
  return { label, name: `${label} ${unread === 1 ? 'row' : 'rows'}: show` };
}

/** "All 12,345 matching records selected"; without the number until it is counted. */
export function matchingSelectedWords(count: number | null): string {
  return `All ${count === null ? '' : `${formatCount(count)} `}matching records selected`;
}

/**
 * An empty list's words once records have arrived since it was loaded (History's list, the
 * Timeline's while paused): "Nothing stored matches." stood beside "1 matching record".
 * `filtered`: a filter narrows the list, so what arrived is what matches it.
 */
export function arrivedSinceEmptyWords(arrived: number, filtered: boolean): string {
  return `${emptyWhenLoadedWords(filtered)}; ${formatCount(arrived)} ${arrived === 1 ? 'has' : 'have'} arrived since.`;
}

/**
 * The first half alone, where the arrivals are said beside it (History's "1 more matching record
 * has arrived since this list was loaded. Show them" above its list): said twice, it read as two.
 */
export function emptyWhenLoadedWords(filtered: boolean): string {
  return `${filtered ? 'None matched' : 'None were stored'} when the list was loaded`;
}
