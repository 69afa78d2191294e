import { describe, expect, it } from 'vitest';
import { baseUrlAfterSwitch } from '../../src/renderer/src/features/profiles/environment-base-url';

// Profiles → New profile starts on Sandbox; picking Local emulator or Live kept
// https://api-sandbox.example.com, so a "local" profile pointed at the sandbox placeholder and
// was refused only after Create ("cannot send yet … placeholder").
describe("the New profile form's Base URL follows the environment picked", () => {
  const SANDBOX = 'https://api-sandbox.example.com';

  it("fills the emulator's address for Local and the live placeholder for Live, over a URL the form filled", () => {
    expect(baseUrlAfterSwitch(SANDBOX, 'local', null)).toBe('http://127.0.0.1:4010');
    expect(baseUrlAfterSwitch(SANDBOX, 'live', null)).toBe('https://api.example.com');
    expect(baseUrlAfterSwitch('https://api.example.com', 'sandbox', null)).toBe(SANDBOX);
    expect(baseUrlAfterSwitch('http://127.0.0.1:4010', 'live', null)).toBe('https://api.example.com');
    expect(baseUrlAfterSwitch('', 'local', null)).toBe('http://127.0.0.1:4010');
  });

  it('takes the running emulator’s own address for Local when the console knows it', () => {
    expect(baseUrlAfterSwitch(SANDBOX, 'local', 'http://127.0.0.1:4011')).toBe('http://127.0.0.1:4011');
    expect(baseUrlAfterSwitch('http://127.0.0.1:4011', 'sandbox', 'http://127.0.0.1:4011')).toBe(SANDBOX);
  });

  it('never overwrites a base URL the user typed', () => {
    expect(baseUrlAfterSwitch('https://sandbox.qa.example.test', 'local', null)).toBeNull();
    expect(baseUrlAfterSwitch('http://127.0.0.1:5000', 'live', 'http://127.0.0.1:4011')).toBeNull();
    expect(baseUrlAfterSwitch(`${SANDBOX}/v2`, 'live', null)).toBeNull();
  });
});
