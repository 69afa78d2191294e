import { describe, expect, it } from 'vitest';
import { splitHash } from '../../src/renderer/src/ui/hash-address';
import { filterFromParams } from '../../src/shared/event-filter-params';

describe('a hash as its view and query', () => {
  it.each([
    ['', { view: '', query: '' }],
    ['#/timeline', { view: 'timeline', query: '' }],
    ['#timeline?kind=webhook', { view: 'timeline', query: 'kind=webhook' }],
    ['#/timeline?', { view: 'timeline', query: '' }],
    // split('?', 2) kept "q=what" and dropped the rest: the search ran for "what", without a word.
    ['#/timeline?q=what?&kind=webhook', { view: 'timeline', query: 'q=what?&kind=webhook' }],
    ['#/history?q=a?b?c', { view: 'history', query: 'q=a?b?c' }],
  ])('%s', (hash, split) => {
    expect(splitHash(hash)).toEqual(split);
  });

  it('a ? in a search reaches the filter as written', () => {
    expect(filterFromParams(splitHash('#/timeline?q=what?&kind=webhook').query).filter).toEqual({
      text: 'what?',
      kinds: ['webhook'],
    });
  });
});
