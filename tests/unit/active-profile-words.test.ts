import { describe, expect, it } from 'vitest';
import { activeProfileWords } from '../../src/renderer/src/app/active-profile-words';

describe("the active profile's badge", () => {
  it('names the environment only when the name does not already say it', () => {
    expect(activeProfileWords({ name: 'Local', environment: 'local' })).toBe('Local');
    expect(activeProfileWords({ name: 'Shop', environment: 'sandbox' })).toBe('Shop · sandbox');
    // A name is read as every lookup reads it (profileNameKey): 'ＬＯＣＡＬ' is the name Local,
    // so its badge said 'ＬＯＣＡＬ · local', the "LOCAL · LOCAL" the badge leaves out.
    expect(activeProfileWords({ name: 'ＬＯＣＡＬ', environment: 'local' })).toBe('ＬＯＣＡＬ');
    expect(activeProfileWords({ name: 'Local 2', environment: 'local' })).toBe('Local 2 · local');
  });
});
