import { describe, expect, it } from 'vitest';
import { ordersEmptyWords } from '../../src/renderer/src/features/orders/orders-empty-words';

const noFilters = { states: [], text: '', profileId: null };

describe('the Orders list when it shows no order', () => {
  it('says nothing of "no orders yet" when the list could not be read: the error says why', () => {
    // Before, a list that failed (error) drew "0" and "No orders yet…" beside the red alert.
    expect(
      ordersEmptyWords({
        loaded: true,
        count: 0,
        error: 'malformed JSON',
        catchingUp: false,
        total: 0,
        filters: noFilters,
      }),
    ).toBeNull();
  });

  it('says no orders yet only for a list read whole, unfiltered, and empty', () => {
    expect(
      ordersEmptyWords({
        loaded: true,
        count: 0,
        error: null,
        catchingUp: false,
        total: 0,
        filters: noFilters,
      }),
    ).toMatch(/^No orders yet\./);
    expect(
      ordersEmptyWords({
        loaded: true,
        count: 0,
        error: null,
        catchingUp: false,
        total: 0,
        filters: { ...noFilters, text: 'x' },
      }),
    ).toBe('No order matches these filters.');
    expect(
      ordersEmptyWords({
        loaded: true,
        count: 0,
        error: null,
        catchingUp: true,
        total: 0,
        filters: noFilters,
      }),
    ).toBe('No order derived so far matches; the others are still being derived.');
    expect(
      ordersEmptyWords({
        loaded: false,
        count: 0,
        error: null,
        catchingUp: false,
        total: 0,
        filters: noFilters,
      }),
    ).toBeNull();
    expect(
      ordersEmptyWords({
        loaded: true,
        count: 3,
        error: null,
        catchingUp: false,
        total: 3,
        filters: noFilters,
      }),
    ).toBeNull();
  });
});
