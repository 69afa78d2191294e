import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newOrderFrom } from '../../src/main/emulator/create-checkout';
import { newTimeOrderedUuid } from '../../src/main/store/time-ordered-uuid';
import { generateSample } from '../../src/shared/checkout/sample';
import { DEFAULT_COUNTRY_CURRENCY_PAIRS } from '../../src/shared/checkout/country-currency-pairs';
import { DEFAULT_NOTIFICATION_FIELD } from '../../src/shared/checkout/limits';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('a new record uid', () => {
  it('is a UUID version 7 whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 28, 9, 30, 0, 123);
    const uid = newTimeOrderedUuid(at);
    expect(uid).toMatch(UUID_V7);
    expect(z.uuid().safeParse(uid).success).toBe(true);
    expect(Number.parseInt(uid.replace('-', '').slice(0, 12), 16)).toBe(at);
  });

  it('never repeats, even within one millisecond, and every variant digit occurs', () => {
    const at = Date.now();
    const uids = Array.from({ length: 100_000 }, () => newTimeOrderedUuid(at));
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids.every((uid) => UUID_V7.test(uid))).toBe(true);
    // The random part really is random: all four variant digits and every hex digit at the end.
    expect(new Set(uids.map((uid) => uid.charAt(19)))).toEqual(new Set(['8', '9', 'a', 'b']));
    expect(new Set(uids.map((uid) => uid.at(-1))).size).toBe(16);
  });

  it('sorts by time, so a new record lands at the end of the uid index', () => {
    const earlier = Array.from({ length: 50 }, (_, index) => newTimeOrderedUuid(1_700_000_000_000 + index));
    const later = Array.from({ length: 50 }, (_, index) => newTimeOrderedUuid(1_800_000_000_000 + index));
    const all = [...later, ...earlier].sort();
    expect(all).toEqual([...earlier, ...later]);
  });
});

describe("the emulator's order ids", () => {
  it('read as version 4 UUIDs, sort in the order made, and differ in the first 8 digits the timeline shows', () => {
    const sample = generateSample('general', { seed: 3 });
    const options = {
      rules: {
        form: 'general' as const,
        singleCheckout: true,
        pairs: [...DEFAULT_COUNTRY_CURRENCY_PAIRS],
        honourExpiresInMinutes: false,
        emptyOptional: 'warn' as const,
        instalmentsRequired: 'pay_by_instalments' as const,
        missingCountryCode: 'refuse' as const,
      },
      notificationField: DEFAULT_NOTIFICATION_FIELD,
      legacyApproved: false,
      nowMs: 1_800_000_000_000,
    };
    const ids = Array.from({ length: 20 }, () => newOrderFrom(sample, options).order.orderId);
    expect(ids.every((id) => UUID_V4.test(id))).toBe(true);
    // Made in one millisecond, each after the one before: a new order lands at the right edge of
    // the emulator_orders primary key (issue 20).
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(ids.length);
  });
});
