import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/shared/checkout';
import { keepIdentities, keyedFindings } from '../../src/renderer/src/features/builder/finding-identity';

const finding = (
  path: string,
  code: Finding['code'] = 'required',
  message = `${path} is required`,
): Finding =>
  ({ path, code, message, severity: 'error', rule: `Checkout request: ${path}` }) satisfies Finding;

describe('findings kept between analyses (what lets the findings list re-render only what changed)', () => {
  it('keeps the object of every finding that is still there, and takes the new ones as they are', () => {
    const previous = [finding('a'), finding('b'), finding('c')];
    const answer = [finding('a'), finding('c'), finding('d')];
    const kept = keepIdentities(previous, answer);
    expect(kept[0]).toBe(previous[0]);
    expect(kept[1]).toBe(previous[2]);
    expect(kept[2]).toBe(answer[2]);
  });

  it('takes a finding whose message changed as a new one', () => {
    const previous = [finding('sku', 'too_long', 'at most 128')];
    const answer = [finding('sku', 'too_long', 'at most 64')];
    expect(keepIdentities(previous, answer)[0]).toBe(answer[0]);
  });

  it('keys a finding by what it is, not by where it sits: fixing one leaves the keys after it alone', () => {
    const before = keyedFindings([finding('a'), finding('b'), finding('c')]).map(([key]) => key);
    const after = keyedFindings([finding('a'), finding('c')]).map(([key]) => key);
    expect(after).toEqual([before[0], before[2]]);
  });

  it('gives two findings of the same path and code keys of their own', () => {
    const keys = keyedFindings([finding('a'), finding('a')]).map(([key]) => key);
    expect(new Set(keys).size).toBe(2);
  });
});
