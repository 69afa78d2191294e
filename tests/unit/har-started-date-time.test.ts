import { afterEach, describe, expect, it } from 'vitest';
import { readImportFile } from '../../src/main/history/import-file';

/**
 * HAR 1.2 gives `startedDateTime` as ISO 8601 with a zone designator. A value without one was
 * read in the importing machine's zone (23:59:59.999 stored as 20:59:59.999Z in Riyadh, the
 * next day's 07:59:59.999Z in Los Angeles) without a word, `Date`'s own text was accepted, and
 * "not a date" failed with "Invalid time value", naming neither entry nor field. Each is now
 * refused as an NDJSON record's `at` is, naming the entry and the field.
 */
const savedTz = process.env['TZ'];
afterEach(() => {
  if (savedTz === undefined) delete process.env['TZ'];
  else process.env['TZ'] = savedTz;
});

function harAt(startedDateTime: string): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'a browser', version: '1' },
      entries: [
        {
          startedDateTime,
          time: 12,
          request: { method: 'GET', url: 'https://shop.example/', headers: [] },
          response: { status: 200, headers: [], content: {} },
        },
      ],
    },
  });
}

describe.each(['UTC', 'Asia/Riyadh', 'America/Los_Angeles'])('a HAR imported under TZ=%s', (zone) => {
  // The first three are ISO 8601 too: the words say what this form needs (seconds, a zone with a
  // colon), not only "ISO 8601", which they are.
  it.each([
    '2026-11-28T23:59:59.999',
    '2026-11-28T23:59:59.999+0300',
    '2026-11-28T23:59Z',
    'Sat Nov 28 2026 23:59:59',
    'not a date',
  ])('refuses startedDateTime %j, naming the entry, the field and the form it needs', (value) => {
    process.env['TZ'] = zone;
    expect(() => readImportFile(harAt(value))).toThrow(
      'log.entries[0]: startedDateTime: must be an ISO 8601 date and time to the second with its zone ' +
        '(Z or an offset such as +03:00), like 2026-11-28T23:59:59.999Z',
    );
  });

  it('keeps the instant a zone designator names', () => {
    process.env['TZ'] = zone;
    expect(readImportFile(harAt('2026-11-28T23:59:59.999+03:00')).records[0]?.at).toBe(
      '2026-11-28T20:59:59.999Z',
    );
    expect(readImportFile(harAt('2026-11-28T23:59:59.999Z')).records[0]?.at).toBe('2026-11-28T23:59:59.999Z');
  });
});
