import { describe, expect, it } from 'vitest';
import { renderCheckoutPage } from '../../src/main/emulator/checkout-page';
import { renderLandingPage } from '../../src/main/emulator/merchant-landing-page';
import type { EmulatorOrderRow } from '../../src/main/store/emulator-orders-repository';

const order: EmulatorOrderRow = {
  orderId: '8a1f0a52-3f4e-4d7e-9a51-0c2b9f7d6e11',
  checkoutId: 'c0b6d1f2-1a2b-4c3d-8e4f-5a6b7c8d9e0f',
  state: 'new',
  payload: JSON.stringify({ description: 'A mat', items: [] }),
  referenceId: 'REF-1',
  orderNumber: 'N-1',
  locale: 'en_US',
  currency: 'SAR',
  totalAmount: '10',
  capturedAmount: '0',
  refundedAmount: '0',
  notificationUrl: null,
  legacyApproved: false,
  faults: null,
  pageToken: 'page-token',
  createdAtMs: 0,
  expiresAtMs: 1_000_000,
  updatedAtMs: 0,
};

describe('the hosted checkout page tells the truth about its order', () => {
  it('a new order past its expiry (the expiry pass not yet run) says it has expired, not that it is new', () => {
    const html = renderCheckoutPage(order, 'nonce', order.expiresAtMs + 1);
    expect(html).not.toContain('data-action="pay"');
    expect(html).toContain('data-testid="order-state">This checkout has expired.</p>');
    expect(html).not.toContain('<strong>new</strong>');
  });

  // The discount read "Discount 6.95 SAR" under the tax, so the lines added up to more than the total.
  it('the discount is shown as taken off: a minus before its amount, kept there in Arabic too', () => {
    const payload = JSON.stringify({
      items: [{ name: 'Mat', quantity: 1, total_amount: { amount: '69.50', currency: 'SAR' } }],
      shipping_amount: { amount: '0.00', currency: 'SAR' },
      tax_amount: { amount: '10.43', currency: 'SAR' },
      discount: { name: 'Ten', amount: { amount: '6.95', currency: 'SAR' } },
    });
    for (const locale of ['en_US', 'ar_SA']) {
      const html = renderCheckoutPage({ ...order, payload, locale, totalAmount: '72.98' }, 'nonce', 0);
      expect(html).toMatch(/<bdi>−6\.95 SAR<\/bdi>/);
      expect(html).toMatch(/10\.43 SAR/);
      expect(html).not.toMatch(/<bdi>−10\.43/);
    }
  });

  // In Arabic the lines read "SAR 69.50" (an amount left to the page's right-to-left order) while
  // the discount, isolated for its minus, read "−6.95 SAR": one page, two ways to write money.
  it('every amount on the page, lines, shipping, tax, discount and total, is written one way, isolated', () => {
    const payload = JSON.stringify({
      items: [{ name: 'Mat', quantity: 1, total_amount: { amount: '69.50', currency: 'SAR' } }],
      shipping_amount: { amount: '0.00', currency: 'SAR' },
      tax_amount: { amount: '10.43', currency: 'SAR' },
      discount: { name: 'Ten', amount: { amount: '6.95', currency: 'SAR' } },
    });
    for (const locale of ['en_US', 'ar_SA']) {
      const html = renderCheckoutPage({ ...order, payload, locale, totalAmount: '72.98' }, 'nonce', 0);
      const amounts = [...html.matchAll(/−?\d+\.\d{2} SAR/g)].map((match) => match[0]);
      expect(amounts).toEqual(['69.50 SAR', '0.00 SAR', '10.43 SAR', '−6.95 SAR', '72.98 SAR']);
      const isolated = [...html.matchAll(/<bdi>(−?\d+\.\d{2} SAR)<\/bdi>/g)].map((match) => match[1]);
      expect(isolated).toEqual(amounts);
    }
  });

  it('the same order before its expiry still offers its buttons', () => {
    const html = renderCheckoutPage(order, 'nonce', order.expiresAtMs - 1);
    expect(html).toContain('data-action="pay"');
    expect(html).not.toContain('data-testid="order-state"');
  });

  it('an order number with a right-to-left override is isolated, so it cannot reorder the text around it', () => {
    const html = renderCheckoutPage({ ...order, orderNumber: '\u202Eevil<b>' }, 'nonce', 0);
    expect(html).toContain('<bdi>\u202Eevil&lt;b&gt;</bdi>');
  });
});

describe('the local merchant page', () => {
  it('an asked-for reference with a right-to-left override is isolated, so the sentence after it reads as written', () => {
    const html = renderLandingPage(
      {
        outcome: 'success',
        order: null,
        asked: '\u202Eevil<b>',
        unreachable: null,
        consoleOrderUrl: null,
        notification: null,
      },
      'nonce',
    );
    expect(html).toContain('Nothing matches <bdi>\u202Eevil&lt;b&gt;</bdi>.');
  });
});
