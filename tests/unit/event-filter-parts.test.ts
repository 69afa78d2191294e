import { describe, expect, it } from 'vitest';
import { filterParts, timeBoundWords } from '../../src/shared/event-filter-parts';
import { instantFormat } from '../../src/renderer/src/ui/instant-format';

/**
 * Filters combine with AND: an empty list under two filters said only "nothing matches", not
 * that each filter alone matched records. Each part alone is what a view counts to say why.
 */
describe('a filter in its parts', () => {
  it('has no parts when nothing narrows, and one per narrowing field, each a filter of its own', () => {
    expect(filterParts({})).toEqual([]);
    expect(filterParts({ kinds: [] })).toEqual([]);
    expect(
      filterParts({
        kinds: ['delivery', 'replay'],
        tokenVerdicts: ['expired'],
        bodyVerdicts: ['too_large'],
        statuses: ['4xx', 401],
        text: 'kettle',
        orderId: 'o-1',
        eventType: 'order_captured',
        profileId: 3,
        from: '2026-01-01T00:00:00Z',
        to: '2026-02-01T00:00:00Z',
      }),
    ).toEqual([
      { field: 'kinds', words: 'delivery, replay', filter: { kinds: ['delivery', 'replay'] } },
      { field: 'profileId', words: '3', filter: { profileId: 3 } },
      { field: 'orderId', words: 'o-1', filter: { orderId: 'o-1' } },
      { field: 'eventType', words: 'order_captured', filter: { eventType: 'order_captured' } },
      { field: 'tokenVerdicts', words: 'expired', filter: { tokenVerdicts: ['expired'] } },
      { field: 'bodyVerdicts', words: 'too_large', filter: { bodyVerdicts: ['too_large'] } },
      { field: 'statuses', words: '4xx, 401', filter: { statuses: ['4xx', 401] } },
      { field: 'text', words: '"kettle"', filter: { text: 'kettle' } },
      {
        field: 'time',
        words: 'from 2026-01-01T00:00:00Z before 2026-02-01T00:00:00Z',
        filter: { from: '2026-01-01T00:00:00Z', to: '2026-02-01T00:00:00Z' },
      },
    ]);
  });

  it('names the parts the Timeline shows as pills', () => {
    expect(filterParts({ relatedId: 4, ids: [1, 2], imported: false })).toEqual([
      { field: 'relatedId', words: '#4', filter: { relatedId: 4 } },
      { field: 'ids', words: '2 chosen records', filter: { ids: [1, 2] } },
      { field: 'imported', words: 'not imported', filter: { imported: false } },
    ]);
  });

  it('writes a time bound as the window writes its rows, where it gives a writer (the pills, why empty)', () => {
    // The Timeline's pill said "from 2026-11-29T21:00:00Z" above rows written in Riyadh's time.
    const riyadh = instantFormat('Asia/Riyadh').dateTime;
    expect(timeBoundWords('from', '2026-11-29T21:00:00Z', riyadh)).toBe('from Nov 30, 2026, 00:00:00.000');
    expect(timeBoundWords('to', '2026-11-30T21:00:00Z', riyadh)).toBe('before Dec 01, 2026, 00:00:00.000');
    expect(filterParts({ from: '2026-11-29T21:00:00Z' }, riyadh)[0]?.words).toBe(
      'from Nov 30, 2026, 00:00:00.000',
    );
    // The CLI names the bounds as they were typed.
    expect(timeBoundWords('to', '2026-11-30T21:00:00Z')).toBe('before 2026-11-30T21:00:00Z');
  });
});
