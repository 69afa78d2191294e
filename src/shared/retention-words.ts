import { countOf } from './count-words';

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
