import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newEventUid } from '../../src/main/store/event-uid';

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a new record uid', () => {
  it('is a UUID version 7 whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 28, 9, 30, 0, 123);
    const uid = newEventUid(at);
    expect(uid).toMatch(UUID_V7);
    expect(z.uuid().safeParse(uid).success).toBe(true);
    expect(Number.parseInt(uid.replace('-', '').slice(0, 12), 16)).toBe(at);
  });

  it('never repeats, even within one millisecond, and every variant digit occurs', () => {
    const at = Date.now();
    const uids = Array.from({ length: 100_000 }, () => newEventUid(at));
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids.every((uid) => UUID_V7.test(uid))).toBe(true);
    // The random part really is random: all four variant digits and every hex digit at the end.
    expect(new Set(uids.map((uid) => uid.charAt(19)))).toEqual(new Set(['8', '9', 'a', 'b']));
    expect(new Set(uids.map((uid) => uid.at(-1))).size).toBe(16);
  });

  it('sorts by time, so a new record lands at the end of the uid index', () => {
    const earlier = Array.from({ length: 50 }, (_, index) => newEventUid(1_700_000_000_000 + index));
    const later = Array.from({ length: 50 }, (_, index) => newEventUid(1_800_000_000_000 + index));
    const all = [...later, ...earlier].sort();
    expect(all).toEqual([...earlier, ...later]);
  });
});
