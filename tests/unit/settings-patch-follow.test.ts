import { describe, expect, it } from 'vitest';
import { editedFields, followStored, readFieldsOf, sameValue } from '../../src/shared/settings-patch';

// A form over a stored object other windows change: what it sends, and what a push changes in it.

const read = { status: 200, delay: 0, forward: null as string | null, pairs: ['SA-SAR'] };

describe('a form following what is stored', () => {
  it('sends only the fields edited, with those fields as read', () => {
    const values = { ...read, delay: 10, pairs: ['SA-SAR'] };
    const patch = editedFields(values, read);
    expect(patch).toEqual({ delay: 10 });
    expect(readFieldsOf(read, patch)).toEqual({ delay: 0 });
  });

  it('a push shows in the fields not edited; an edited field keeps its typing and what it read', () => {
    const values = { ...read, delay: 10 };
    const stored = { ...read, status: 503, delay: 25 };
    const followed = followStored(values, read, stored);
    expect(followed.values).toEqual({ ...read, status: 503, delay: 10 });
    expect(followed.read).toEqual({ ...read, status: 503, delay: 0 });
    // Saved elsewhere as typed here: nothing left to check.
    expect(followStored(values, read, { ...read, delay: 10 }).read.delay).toBe(10);
  });

  it('compares objects whatever their key order', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
  });
});
