import { describe, expect, it } from 'vitest';
import {
  countedWords,
  arrivedSinceEmptyWords,
  matchingSelectedWords,
  unreadWords,
} from '../../src/renderer/src/features/timeline/toolbar-counts';

// One toolbar, one way of writing a number: it read "3000 new" beside "200+ rows" and, once
// pressed, "3,200+ rows". Every count goes through formatCount (src/shared/count-format.ts).
describe('the Timeline toolbar counts', () => {
  it('groups the unread count as it groups the rows and records beside it', () => {
    expect(unreadWords(3000)).toEqual({ label: '3,000 new', name: '3,000 new rows: show' });
    expect(unreadWords(1)).toEqual({ label: '1 new', name: '1 new row: show' });
    expect(countedWords(3200, true, 'row')).toBe('3,200+ rows');
    expect(countedWords(200, true, 'record')).toBe('200+ records');
    expect(countedWords(1, false, 'record')).toBe('1 record');
    expect(countedWords(1, true, 'row')).toBe('1+ rows');
  });

  it('groups the selection bar counts the same way', () => {
    expect(matchingSelectedWords(12345)).toBe('All 12,345 matching records selected');
    expect(matchingSelectedWords(null)).toBe('All matching records selected');
  });

  // An empty list beside records that arrived after it was loaded (History's "1 more matching
  // record has arrived…", the Timeline's paused "1 new"): it said "Nothing stored matches." beside
  // "1 matching record", denying a stored match.
  it('an empty list never denies what arrived since it was loaded', () => {
    expect(arrivedSinceEmptyWords(1, true)).toBe(
      'None matched when the list was loaded; 1 has arrived since.',
    );
    expect(arrivedSinceEmptyWords(1200, true)).toBe(
      'None matched when the list was loaded; 1,200 have arrived since.',
    );
    expect(arrivedSinceEmptyWords(2, false)).toBe(
      'None were stored when the list was loaded; 2 have arrived since.',
    );
  });
});
