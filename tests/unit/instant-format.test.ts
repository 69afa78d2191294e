import { describe, expect, it } from 'vitest';
import { instantFormat } from '../../src/renderer/src/ui/instant-format';

// One instant read three ways: the builder's lifecycle strip said "Approved 06:03:13 PM" over its
// webhook table's "18:03:13.739", and in Riyadh the Timeline said "20:59:51.693" where History
// said "Nov 30, 2026, 08:59:51 PM" for the same record. Every view now writes an instant through
// this one owner, in the window's time zone, and names that zone and the UTC instant beside it.

const AT = '2026-11-30T17:59:51.693Z';
const riyadh = instantFormat('Asia/Riyadh');

describe('the one way the window writes an instant', () => {
  it('writes the clock with milliseconds, the date before it where the day may differ', () => {
    expect(riyadh.clock(AT)).toBe('20:59:51.693');
    expect(riyadh.dateTime(AT)).toBe('Nov 30, 2026, 20:59:51.693');
    expect(riyadh.zoned(AT)).toBe('Nov 30, 2026, 20:59:51.693 GMT+3');
  });

  it('uses a 24-hour clock at midnight and noon, never 12-hour words', () => {
    expect(riyadh.clock('2026-11-30T21:00:00.005Z')).toBe('00:00:00.005');
    expect(riyadh.clock('2026-11-30T09:00:00.000Z')).toBe('12:00:00.000');
  });

  it('gives the short form the clock alone on the same day in its zone, and the date on another', () => {
    // 23:30 UTC on the 30th is already 02:30 on Dec 1 in Riyadh: another day there.
    expect(riyadh.short(AT, new Date('2026-11-30T20:00:00Z'))).toBe('20:59:51.693');
    expect(riyadh.short(AT, new Date('2026-11-30T23:30:00Z'))).toBe('Nov 30, 20:59:51.693');
    expect(riyadh.short(AT, new Date('2027-11-30T18:00:00Z'))).toBe('Nov 30, 2026, 20:59:51.693');
  });

  it('names the zone and the UTC instant the CLI prints in its title', () => {
    expect(riyadh.title(AT)).toBe(
      'Nov 30, 2026, 20:59:51.693 GMT+3 (Asia/Riyadh) · 2026-11-30T17:59:51.693Z in UTC',
    );
    expect(riyadh.zoneName).toBe('Asia/Riyadh');
  });

  it('gives back what is no date as it came, in every form', () => {
    for (const form of ['clock', 'dateTime', 'zoned', 'short', 'title'] as const)
      expect(riyadh[form]('not a time')).toBe('not a time');
  });

  it('writes the same instant alike in another zone, with that zone named', () => {
    const utc = instantFormat('UTC');
    expect(utc.clock(AT)).toBe('17:59:51.693');
    expect(utc.zoned(AT)).toBe('Nov 30, 2026, 17:59:51.693 UTC');
  });
});

describe('the day a narrow cell sets above the clock', () => {
  // The Timeline's time cell wrote the clock alone for every record: an import of Nov 28 read
  // "23:59:57.000", as if later today.
  it('is none on the same day in its zone, the day in its year, the whole date in another', () => {
    expect(riyadh.dayUnlessToday(AT, new Date('2026-11-30T20:00:00Z'))).toBeNull();
    expect(riyadh.dayUnlessToday(AT, new Date('2026-11-30T23:30:00Z'))).toBe('Nov 30');
    expect(riyadh.dayUnlessToday(AT, new Date('2027-11-30T18:00:00Z'))).toBe('Nov 30, 2026');
    expect(riyadh.dayUnlessToday('not a time')).toBeNull();
  });

  it('is what the short form puts before the clock', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    expect(riyadh.short(AT, now)).toBe(`${riyadh.dayUnlessToday(AT, now)}, ${riyadh.clock(AT)}`);
  });
});
