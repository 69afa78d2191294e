import { describe, expect, it } from 'vitest';
import {
  countedWords,
  arrivedSinceEmptyWords,
  matchingSelectedWords,
  unreadWords,
} from '../../src/renderer/src/features/timeline/toolbar-counts';
import {
  replaySelectionParams,
  selectedWebhooks,
} from '../../src/renderer/src/features/timeline/timeline-selection';
import { selectedRecordsWords } from '../../src/renderer/src/ui/selected-records-words';

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

  // A grouped row (delivery #2 and the webhook #3 it produced) ticked: the bar said "2 selected"
  // and Replay… "1 selected record · 1 webhook", two counts of one selection, neither saying
  // what it counted. Both say it now, in one wording.
  it('the selection bar and Replay say what they count, in one wording', () => {
    const selection = { mode: 'ids' as const, ids: new Set([2, 3]), anchor: null };
    const kinds = new Map([
      [2, 'delivery' as const],
      [3, 'webhook' as const],
    ]);
    const kindOf = (id: number) => kinds.get(id);
    expect(selectedRecordsWords(selection.ids.size, selectedWebhooks(selection.ids, kindOf))).toBe(
      '2 records selected · 1 webhook',
    );
    // What Replay… hands on: the webhook alone, which Replay says as a webhook, not "1 selected record".
    const handedOn = replaySelectionParams(selection, {}, kindOf)?.get('ids')?.split(',') ?? [];
    expect(handedOn).toEqual(['3']);
    expect(selectedRecordsWords(handedOn.length, 1)).toBe('1 webhook selected');
    expect(selectedRecordsWords(3, 3)).toBe('3 webhooks selected');
    expect(selectedRecordsWords(1200, 0)).toBe('1,200 records selected · no webhook');
    expect(selectedRecordsWords(2, null)).toBe('2 records selected');
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
