import { describe, expect, it } from 'vitest';
import { formatCount } from '../../src/shared/count-format';
import { countOf } from '../../src/shared/count-words';

describe('countOf', () => {
  it('is singular for exactly one, plural otherwise (zero included)', () => {
    expect(countOf(1, 'record')).toBe('1 record');
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(3, 'warning')).toBe('3 warnings');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
    expect(countOf(-1, 'second')).toBe('-1 seconds');
  });

  it('groups the count as every message writes one (formatCount), whatever the locale', () => {
    // The CLI's retention said "would remove 19352 records" where the History view said 19,352.
    expect(countOf(19_352, 'record')).toBe('19,352 records');
    expect(countOf(1_000_000, 'entry', 'entries')).toBe('1,000,000 entries');
  });

  it('writes every number as the grouping formatter does, the small whole ones it skips included', () => {
    const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });
    const numbers = [-0, 0.5, -0.5, 999.5, 1e21, -1e21, NaN, Infinity, -Infinity, 2 ** 53, 1 / 3];
    for (let n = -2_000; n <= 2_000; n++) numbers.push(n, n / 7);
    for (const n of numbers) expect(formatCount(n), String(n)).toBe(grouped.format(n));
  });
});
