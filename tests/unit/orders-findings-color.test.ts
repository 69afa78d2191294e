import { describe, expect, it } from 'vitest';
import { orderFindingsColor } from '../../src/renderer/src/features/orders/order-findings-color';
import type { OrderFinding } from '../../src/shared/orders/order-lifecycle';

// The Orders view's findings box was red for findings that were all warnings (a notification
// whose body could not be read, a record of another profile's): red read as an error where
// there was none. Red means an error; warnings alone read as the builder's warnings do.

const finding = (code: string, severity: OrderFinding['severity']) => ({ code, severity });

describe("the Orders view's findings box", () => {
  it('reads as a warning when every finding is a warning, counted or not', () => {
    expect(orderFindingsColor([finding('unreadable_body', 'warning')])).toBe('orange');
    expect(
      orderFindingsColor([finding('another_profile', 'warning'), finding('order_names_disagree', 'warning')]),
    ).toBe('orange');
  });

  it('is red when any finding is an error', () => {
    expect(orderFindingsColor([finding('over_capture', 'error')])).toBe('red');
    expect(
      orderFindingsColor([finding('unreadable_body', 'warning'), finding('currency_mismatch', 'error')]),
    ).toBe('red');
  });
});
