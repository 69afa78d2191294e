import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams } from '../../src/shared/event-filter-params';
import type { EventFilter } from '../../src/shared/event-filter';

describe('event filter ↔ URL parameters', () => {
  it.each<[string, EventFilter]>([
    ['nothing', {}],
    ['kinds', { kinds: ['webhook', 'replay'] }],
    [
      'every field',
      {
        kinds: ['delivery'],
        profileId: 3,
        orderId: '0f8fad5b-d9cb-469f-a165-70867728950e',
        eventType: 'order_captured',
        tokenVerdicts: ['expired', 'mismatch'],
        bodyVerdicts: ['legacy'],
        statuses: ['4xx', 401, 'none'],
        text: 'REF-1 kettle',
        relatedId: 12,
        ids: [1, 2, 3],
        imported: false,
        from: '2026-11-01T00:00:00Z',
        to: '2026-11-23T10:00:00.000Z',
      },
    ],
  ])('round-trips %s', (_name, filter) => {
    const params = filterToParams(filter);
    const back = filterFromParams(new URLSearchParams(params.toString()));
    expect(back).toEqual({ filter, problems: [] });
  });

  it('splits verdict words into token and body verdicts', () => {
    expect(filterFromParams(new URLSearchParams('verdict=valid&verdict=invalid_json')).filter).toEqual({
      tokenVerdicts: ['valid'],
      bodyVerdicts: ['invalid_json'],
    });
  });

  it('keeps what it can read and says what it ignored', () => {
    const parsed = filterFromParams(
      new URLSearchParams(
        'kind=webhook&kind=email&profile=x&verdict=maybe&status=700&status=2xx&ids=1,a&imported=yes&related=-1&from=yesterday&q=%20',
      ),
    );
    expect(parsed.filter).toEqual({ kinds: ['webhook'], statuses: ['2xx'] });
    expect(parsed.problems).toEqual([
      'Unknown kind "email".',
      'profile must be a profile id, not "x".',
      'Unknown verdict "maybe".',
      'status must be a code such as 404 or a class such as 4xx or none, not "700".',
      'related must be a record id, not "-1".',
      'ids must be record ids separated by commas.',
      'imported must be 1 or 0.',
      'from: Use an ISO 8601 time such as 2026-11-23T10:00:00Z',
    ]);
  });

  // A misspelt key (`odrer=`) was dropped without a word: the timeline then listed everything and
  // Replay offered to send every stored webhook, while the link seemed to choose one order.
  it('names a key it does not know, and leaves alone the ones its view reads itself', () => {
    const parsed = filterFromParams(new URLSearchParams('odrer=abc&kind=webhook&id=4'), ['id']);
    expect(parsed.filter).toEqual({ kinds: ['webhook'] });
    expect(parsed.problems).toEqual([
      '"odrer" is not a filter (kind, profile, order, event, verdict, status, q, related, ids, imported, from, to), so it was ignored.',
    ]);
    expect(filterFromParams(new URLSearchParams('id=4')).problems).toEqual([
      '"id" is not a filter (kind, profile, order, event, verdict, status, q, related, ids, imported, from, to), so it was ignored.',
    ]);
  });
});
