import { describe, expect, it } from 'vitest';
import { renderCheckoutPage } from '../../src/main/emulator/checkout-page';
import type { EmulatorOrderRow } from '../../src/main/store/emulator-orders-repository';
import { formatMinorMoney, formatMoney } from '../../src/shared/money-format';
import { formatCountdown } from '../../src/shared/relative-time';

describe('the one money formatter', () => {
  it.each([
    [798.1, 'SAR', '798.10 SAR'],
    ['798.1', 'SAR', '798.10 SAR'],
    ['798.10', 'AED', '798.10 AED'],
    [12.5, 'KWD', '12.500 KWD'],
    ['1.25', 'BHD', '1.250 BHD'],
    [3, 'OMR', '3.00 OMR'],
    ['1.999', 'XYZ', '2.00 XYZ'],
    [0.1, null, '0.10'],
  ])('%j %s → %s', (amount, currency, written) => {
    expect(formatMoney(amount, currency)).toBe(written);
  });

  it('keeps what is not an amount visible, and says when there is none', () => {
    expect(formatMoney('12x', 'SAR')).toBe('12x SAR');
    expect(formatMoney(null, 'SAR')).toBe('—');
    expect(formatMinorMoney(79810n, 'SAR')).toBe('798.10 SAR');
    expect(formatMinorMoney(12500n, 'KWD')).toBe('12.500 KWD');
  });
});

describe('countdowns', () => {
  it.each([
    [0, '0:00'],
    [59, '0:59'],
    [245, '4:05'],
    [3599, '59:59'],
    [3600, '1:00:00'],
    [86_384, '23:59:44'],
    [-5, '0:00'],
  ])('%d s → %s', (seconds, written) => {
    expect(formatCountdown(seconds)).toBe(written);
  });
});

describe('the hosted checkout page', () => {
  const order: EmulatorOrderRow = {
    orderId: '0f8fad5b-d9cb-469f-a165-70867728950e',
    checkoutId: 'c0ffee00-0000-4000-8000-000000000001',
    capturedAmount: '0',
    refundedAmount: '0',
    notificationUrl: null,
    legacyApproved: false,
    faults: null,
    createdAtMs: 1_000_000,
    updatedAtMs: 1_000_000,
    referenceId: 'REF-1',
    orderNumber: 'N-1',
    state: 'new',
    locale: 'en_US',
    totalAmount: '104.1',
    currency: 'SAR',
    expiresAtMs: 1_000_000 + 86_384_000,
    pageToken: 'page-token',
    payload: JSON.stringify({
      description: 'x',
      items: [{ name: 'Item', quantity: 1, total_amount: { amount: 100.1, currency: 'SAR' } }],
      tax_amount: { amount: 4, currency: 'SAR' },
    }),
  };

  it('writes amounts with the currency’s decimals and a long expiry in hours, and ticks with the same function', () => {
    const html = renderCheckoutPage(order, 'nonce', 1_000_000);
    expect(html).toContain('<td class="num" data-testid="total"><bdi>104.10 SAR</bdi></td>');
    expect(html).toContain('<td class="num"><bdi>100.10 SAR</bdi></td>');
    expect(html).toContain('<td class="num"><bdi>4.00 SAR</bdi></td>');
    expect(html).toContain('>23:59:44</span>');
    // The page's live countdown runs the console's own formatter, not a copy of it.
    const script = /var formatCountdown = \((.*?)\);\n\s*function tick/s.exec(html)?.[1] ?? '';
    const inPage = new Function(`return (${script});`)() as (seconds: number) => string;
    expect(inPage(86_384)).toBe('23:59:44');
    expect(inPage(245)).toBe('4:05');
  });
});
