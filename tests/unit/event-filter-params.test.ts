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
        scenarioRun: 7,
        from: '2026-11-01T00:00:00Z',
        to: '2026-11-23T10:00:00.000Z',
      },
    ],
  ])('round-trips %s', (_name, filter) => {
    const params = filterToParams(filter);
    const back = filterFromParams(new URLSearchParams(params.toString()));
    expect(back).toEqual({ filter, problems: [] });
  });

  // A run's view links to its records (`#/timeline?run=12`), as `history --run 12` lists them.
  it('reads a scenario run as `history --run` takes it, and refuses another', () => {
    expect(filterFromParams('run=12')).toEqual({ filter: { scenarioRun: 12 }, problems: [] });
    expect(filterFromParams('run=%2312')).toEqual({ filter: { scenarioRun: 12 }, problems: [] });
    expect(filterFromParams('run=x')).toEqual({
      filter: {},
      problems: ['run must be a run number (a whole number, as Earlier runs lists them), not "x".'],
    });
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
      '"odrer" is not a filter (kind, profile, order, event, verdict, status, q, related, ids, imported, run, from, to), so it was ignored.',
    ]);
    expect(filterFromParams(new URLSearchParams('id=4')).problems).toEqual([
      '"id" is not a filter (kind, profile, order, event, verdict, status, q, related, ids, imported, run, from, to), so it was ignored.',
    ]);
  });
});

// A key given twice kept the first value without a word (`q=abc&q=def` searched "abc"), where
// `history` kept the last: the same filter listed different records in the view and the CLI.
describe('a key that takes one value, given twice', () => {
  it.each([
    ['q=abc&q=def', 'q is given twice ("abc", "def"); it takes one value, so it was ignored.'],
    [
      'event=order_approved&event=order_captured',
      'event is given twice ("order_approved", "order_captured"); it takes one value, so it was ignored.',
    ],
    [
      'order=A&order=B&order=C',
      'order is given 3 times ("A", "B", "C"); it takes one value, so it was ignored.',
    ],
    ['profile=1&profile=1', 'profile is given twice ("1", "1"); it takes one value, so it was ignored.'],
    ['related=4&related=5', 'related is given twice ("4", "5"); it takes one value, so it was ignored.'],
    ['imported=1&imported=0', 'imported is given twice ("1", "0"); it takes one value, so it was ignored.'],
    [
      'from=2026-11-01T00:00:00Z&from=2026-11-02T00:00:00Z',
      'from is given twice ("2026-11-01T00:00:00Z", "2026-11-02T00:00:00Z"); it takes one value, so it was ignored.',
    ],
  ])('%s is named and not applied; the rest still is', (query, problem) => {
    const parsed = filterFromParams(`kind=webhook&${query}`);
    expect(parsed).toEqual({ filter: { kinds: ['webhook'] }, problems: [problem] });
  });

  it('keys that take several add their values up, ids too', () => {
    expect(filterFromParams('kind=webhook&kind=replay&status=401&status=5xx&ids=1,2&ids=3,2')).toEqual({
      filter: { kinds: ['webhook', 'replay'], statuses: [401, '5xx'], ids: [1, 2, 3] },
      problems: [],
    });
  });
});

// URLSearchParams decodes leniently: `q=caf%E9` searched "caf\uFFFD" and `q=%E0%A4%A` searched
// "\uFFFD%A" (as "A": thousands of records), each without a note.
describe('a part of the address that is not percent-escaped UTF-8', () => {
  it.each([
    ['q=caf%E9', '"q=caf%E9" cannot be read: "%E9" is not UTF-8 text, so it was ignored.'],
    [
      'q=%E0%A4%A',
      '"q=%E0%A4%A" cannot be read: "%A" is not a percent-escape (a % takes two hex digits), so it was ignored.',
    ],
    [
      'q=100%',
      '"q=100%" cannot be read: "%" is not a percent-escape (a % takes two hex digits), so it was ignored.',
    ],
    [
      'order=%ED%A0%80',
      '"order=%ED%A0%80" cannot be read: "%ED%A0%80" is not UTF-8 text, so it was ignored.',
    ],
    ['kind=%FF', '"kind=%FF" cannot be read: "%FF" is not UTF-8 text, so it was ignored.'],
    ['%FF=1', '"%FF=1" cannot be read: "%FF" is not UTF-8 text, so it was ignored.'],
  ])('%s is named, and nothing garbled is searched', (query, problem) => {
    expect(filterFromParams(`kind=webhook&${query}`)).toEqual({
      filter: { kinds: ['webhook'] },
      problems: [problem],
    });
  });

  it('given twice with one unreadable, both are named and neither is applied', () => {
    expect(filterFromParams('q=abc&q=caf%E9').problems).toEqual([
      '"q=caf%E9" cannot be read: "%E9" is not UTF-8 text, so it was ignored.',
      'q is given twice ("abc", "caf%E9"); it takes one value, so it was ignored.',
    ]);
    expect(filterFromParams('q=abc&q=caf%E9').filter).toEqual({});
  });

  it('reads UTF-8 escapes and + as a form does', () => {
    expect(filterFromParams('q=caf%C3%A9+br%C3%BBl%C3%A9e&order=a%2Bb')).toEqual({
      filter: { text: 'café brûlée', orderId: 'a+b' },
      problems: [],
    });
  });
});
