import { describe, expect, it } from 'vitest';
import { formatCheckDiff, statusCheck } from '../../src/shared/scenarios/expectations';

// `expect: { status: 201 }` answered 200 showed `- expected "201"` beside `+ actual 200` (and
// "expected": "201" in JSON), as if the two differed in type, not in value.
describe('an expected status', () => {
  it('is a number where the file wrote a number, and words where it wrote a range or a list', () => {
    const check = statusCheck(201, 200, null);
    expect(check.expected).toBe(201);
    expect(formatCheckDiff(check)).toEqual(['status', '  - expected  201', '  + actual    200']);
    expect(statusCheck('2xx', 500, null).expected).toBe('2xx');
    expect(statusCheck([200, 201], 500, null).expected).toBe('200 or 201');
  });
});
