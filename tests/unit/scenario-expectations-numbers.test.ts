import { describe, expect, it } from 'vitest';
import { valueMatches } from '../../src/shared/scenarios/expectations';

// A number matches the same number written as a string (the spec: amounts are numeric either
// way), exactly: through Number(), digits beyond a double's 15–17 were dropped before comparing.
describe('a number against a numeric string', () => {
  it('matches the same amount however it is written', () => {
    expect(valueMatches(50, '50.00')).toBe(true);
    expect(valueMatches('401.625', 401.625)).toBe(true);
    expect(valueMatches(-0, '0.00')).toBe(true);
    expect(valueMatches(0.1, '0.10')).toBe(true);
    expect(valueMatches(1e21, '1000000000000000000000')).toBe(true);
  });

  it('does not match a different number that a double cannot tell apart', () => {
    // 12345678901234567890 as read from YAML or JSON (the literal itself would lose precision).
    expect(valueMatches(Number('12345678901234567890'), '12345678901234567891')).toBe(false);
    expect(valueMatches('9007199254740993', 9007199254740992)).toBe(false);
    expect(valueMatches(0.1, '0.1000000000000000001')).toBe(false);
  });

  it('keeps the other rules: two strings equal as written, text never a number', () => {
    expect(valueMatches('50', '50.00')).toBe(false);
    expect(valueMatches(50, '5e1')).toBe(false);
    expect(valueMatches(50, 'fifty')).toBe(false);
  });
});
