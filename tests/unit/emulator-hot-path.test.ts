import { describe, expect, it } from 'vitest';
import { checkoutUrlOf } from '../../src/main/emulator/create-checkout';
import { parseRequestTarget } from '../../src/main/emulator/emulator-request-entry';
import { randomHex } from '../../src/main/random-hex';

/**
 * What create-checkout now does without the URL parser (the checkout URL per page base, plain
 * request paths) and page tokens drawn from a pooled block, held to what they replaced.
 */

/** The checkout URL as it was built: a new URL per order, under the base's path (its query and fragment dropped). */
function urlBuiltCheckoutUrl(order: { orderId: string; locale: string; pageToken: string }, base: string) {
  const directory = new URL(base);
  directory.search = '';
  directory.hash = '';
  if (!directory.pathname.endsWith('/')) directory.pathname += '/';
  const url = new URL('checkout-page', directory);
  url.searchParams.set('order_id', order.orderId);
  url.searchParams.set('locale', order.locale);
  url.searchParams.set('token', order.pageToken);
  return url.toString();
}

describe('the emulator hot path', () => {
  it('checkout_url is the text a URL built per order gives, for any page base and locale', () => {
    const bases = [
      'http://127.0.0.1:4010',
      'http://127.0.0.1:4010/',
      'https://emulator.example.ngrok.app/some/prefix/?q=1#top',
      'http://[::1]:8080',
      'HTTP://Example.COM:80/x',
      'http://127.0.0.1:4010/a b/ü',
    ];
    const locales = ['ar_SA', 'en_US', '', 'a b&c=d+e', 'ü/ـ?#%', '👍🏽'];
    for (const base of bases)
      for (const locale of locales) {
        const order = { orderId: 'd1b1a4f0-0000-4000-8000-000000000001', locale, pageToken: randomHex(16) };
        expect(checkoutUrlOf(order, base)).toBe(urlBuiltCheckoutUrl(order, base));
      }
    const order = { orderId: 'o', locale: 'ar_SA', pageToken: 't' };
    expect(() => checkoutUrlOf(order, 'not a url')).toThrow();
  });

  it('a plain request path is the path the URL parser gives; anything else still goes through it', () => {
    const targets = [
      '/checkout',
      '/orders/abc-123/capture',
      '/merchants/orders/reference-id/ORD_1',
      '/checkout?x=1',
      '/a/../checkout',
      '/./checkout',
      '//checkout',
      '/checkout/',
      '/%63heckout',
      '/checkout#x',
      'http://127.0.0.1/checkout',
      '/Check Out',
    ];
    // An origin-form target is a path as written (`//checkout` is no host and `checkout` path).
    const reference = (target: string) =>
      target.startsWith('/') ? new URL(`http://127.0.0.1${target}`) : new URL(target, 'http://127.0.0.1');
    for (const target of targets)
      expect(parseRequestTarget(target).path, target).toBe(reference(target).pathname);
    expect(parseRequestTarget('//checkout').path).toBe('//checkout');
  });

  it('page tokens are 32 hex digits, never repeated across block refills', () => {
    const tokens = Array.from({ length: 5000 }, () => randomHex(16));
    expect(tokens.every((token) => /^[0-9a-f]{32}$/.test(token))).toBe(true);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(randomHex(5000)).toMatch(/^[0-9a-f]{10000}$/);
  });
});
