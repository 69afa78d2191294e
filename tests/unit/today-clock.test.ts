import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTodayClock } from '../../src/renderer/src/ui/today-clock';
import { dayUnlessToday, formatShortInstant } from '../../src/renderer/src/ui/instant-format';

// A window left open past local midnight wrote yesterday's records as today's ("23:59:59.999",
// no "Nov 29" above it): each cell read the date once as it rendered. The one today every such
// cell listens to changes at local midnight, and when the window comes back from sleep.

/** Local times (the window's zone is this process's), so the test holds in any zone. */
const local = (day: number, hours: number, minutes: number, seconds: number, ms = 0) =>
  new Date(2026, 10, day, hours, minutes, seconds, ms);
const RECORD = local(29, 23, 59, 59, 999).toISOString();

afterEach(() => {
  vi.useRealTimers();
});

describe("the window's today", () => {
  it('changes at local midnight, tells its listeners, and arms again for the next one', () => {
    vi.useFakeTimers({ now: local(29, 23, 59, 59, 999) });
    const clock = createTodayClock();
    const changed = vi.fn();
    const unsubscribe = clock.subscribe(changed);
    const before = clock.today();
    expect(dayUnlessToday(RECORD, before)).toBeNull();
    expect(formatShortInstant(RECORD, clock.today())).toBe('23:59:59.999');

    vi.advanceTimersByTime(30_000);
    expect(changed).toHaveBeenCalledTimes(1);
    expect(clock.today()).not.toBe(before);
    expect(dayUnlessToday(RECORD, clock.today())).toBe('Nov 29');
    expect(formatShortInstant(RECORD, clock.today())).toBe('Nov 29, 23:59:59.999');

    // The same object all day (what React compares), and one call a day, not one a timer tick.
    const today = clock.today();
    vi.advanceTimersByTime(12 * 3600_000);
    expect(clock.today()).toBe(today);
    expect(changed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(12 * 3600_000);
    expect(changed).toHaveBeenCalledTimes(2);
    expect(dayUnlessToday(RECORD, clock.today())).toBe('Nov 29');

    unsubscribe();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('finds the new day when the window comes back, though its timer slept through midnight', () => {
    vi.useFakeTimers({ now: local(29, 22, 0, 0) });
    let comeBack = (): void => undefined;
    const stopWatching = vi.fn();
    const clock = createTodayClock((recheck) => {
      comeBack = recheck;
      return stopWatching;
    });
    const changed = vi.fn();
    const unsubscribe = clock.subscribe(changed);
    // The machine slept: the clock moved on, the timer did not fire.
    vi.setSystemTime(local(30, 8, 0, 0));
    comeBack();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(dayUnlessToday(RECORD, clock.today())).toBe('Nov 29');
    unsubscribe();
    expect(stopWatching).toHaveBeenCalledTimes(1);
  });

  it('looks at the date again when a first listener comes after a quiet night', () => {
    vi.useFakeTimers({ now: local(29, 23, 0, 0) });
    const clock = createTodayClock();
    vi.setSystemTime(local(30, 1, 0, 0));
    const unsubscribe = clock.subscribe(() => undefined);
    expect(dayUnlessToday(RECORD, clock.today())).toBe('Nov 29');
    unsubscribe();
  });
});
