import { describe, expect, it } from 'vitest';
import { countOf } from '../../src/shared/count-words';

describe('countOf', () => {
  it('is singular for exactly one, plural otherwise (zero included)', () => {
    expect(countOf(1, 'record')).toBe('1 record');
    expect(countOf(0, 'record')).toBe('0 records');
    expect(countOf(3, 'warning')).toBe('3 warnings');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
    expect(countOf(-1, 'second')).toBe('-1 seconds');
  });
});
