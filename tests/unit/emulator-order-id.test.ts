import { describe, expect, it } from 'vitest';
import { newOrderId } from '../../src/main/emulator/order-id';

// The shape of a random (version 4) UUID, as the service's ids read: version 4, variant 8–b.
const VERSION_4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("the emulator's order ids (issue 20: inserts at the right edge of the primary key)", () => {
  it('read as a version 4 UUID, the shape the spec asks for and the service gives', () => {
    for (let n = 0; n < 2_000; n++) expect(newOrderId()).toMatch(VERSION_4);
  });

  it('each sorts after the one before, also many in the same millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newOrderId(1_800_000_000_000));
    for (let n = 1; n < ids.length; n++) expect((ids[n] ?? '') > (ids[n - 1] ?? '')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('two orders differ in their first 8 digits, which the timeline shows for an order', () => {
    const ids = Array.from({ length: 1_000 }, () => newOrderId(1_800_000_000_000));
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(ids.length);
  });

  it('a later clock starts at the clock again: ids of a new process follow the old ones', () => {
    const before = newOrderId(1_800_000_000_000);
    const later = newOrderId(1_800_000_600_000);
    expect(later.slice(0, 8)).toBe((1_800_000_600_000 % 2 ** 32).toString(16).padStart(8, '0'));
    expect(later > before).toBe(true);
  });
});
