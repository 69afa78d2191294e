import { describe, expect, it } from 'vitest';
import { claimSingleInstance } from '../../src/main/desktop/single-instance';

function fakeApp(lock: boolean) {
  const steps: string[] = [];
  return {
    steps,
    app: { requestSingleInstanceLock: () => lock, quit: () => steps.push('quit') },
    say: (line: string) => steps.push(line),
  };
}

describe('a second launch on the same data directory', () => {
  // A second `npm start` rebuilt, then ended without a word: it had handed over to the first.
  it('says the running window was brought to the front, then quits', () => {
    const { app, say, steps } = fakeApp(false);
    expect(claimSingleInstance(app, '/home/q/.config/checkout-console', say)).toBe(false);
    expect(steps).toEqual([
      'Checkout Console is already running on /home/q/.config/checkout-console: its window was brought to the front.',
      'quit',
    ]);
  });

  it('starts as the one console when no other holds the data directory', () => {
    const { app, say, steps } = fakeApp(true);
    expect(claimSingleInstance(app, '/d', say)).toBe(true);
    expect(steps).toEqual([]);
  });
});
