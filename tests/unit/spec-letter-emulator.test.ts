import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateCheckout } from '../../src/shared/checkout';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';
import { fixture } from './helpers/checkout-payloads';

/**
 * Issue 18 (the emulator's own points of "what the spec's letter says") and issue 15 point 9
 * (checkout_url from the configured address; customer actions need the order's token).
 */

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

const create = async (payload: unknown, headers: Record<string, string> = {}) => {
  const { status, json } = await emulator.call('POST', '/checkout', payload, headers);
  return { status, json, orderId: String(json['order_id']), checkoutUrl: String(json['checkout_url']) };
};
const errorCodes = (json: Record<string, unknown>) =>
  (json['errors'] as { error_code: string }[]).map((entry) => entry.error_code);

describe('point 1: the form is a setting (default general), not guessed from risk_assessment.education', () => {
  const generalWithEducation = () => {
    const payload = validPayload(null);
    const education = (fixture('education')['risk_assessment'] as Record<string, unknown>)['education'];
    payload['risk_assessment'] = { ...(payload['risk_assessment'] as object), education };
    payload['items'] = [{ ...(payload['items'] as Record<string, unknown>[])[0], quantity: 2 }];
    return payload;
  };

  it('a general payload that validate calls valid is created, even with an education object', async () => {
    const payload = generalWithEducation();
    const findings = validateCheckout(payload, { form: 'general' });
    expect(findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    // Totals: the fixture's one item now counts twice; validate and the emulator agree either way.
    const created = await create(payload);
    expect(created.status, JSON.stringify(created.json)).toBe(200);
  });

  it('the education form when set, or when the request names it', async () => {
    emulator.core.emulator.updateSettings({ checkoutForm: 'education' });
    const refused = await create(generalWithEducation());
    expect(refused.status).toBe(400);
    expect(errorCodes(refused.json)).toContain('quantity_must_be_one');
    emulator.core.emulator.updateSettings({ checkoutForm: 'general' });
    const named = await create(generalWithEducation(), { 'x-emulator-checkout-form': 'education' });
    expect(errorCodes(named.json)).toContain('quantity_must_be_one');
    const wrong = await create(validPayload(null), { 'x-emulator-checkout-form': 'school' });
    expect(wrong.status).toBe(400);
  });
});

describe('point 3: the pairs table is a setting of the emulator', () => {
  const saAed = () => {
    const text = JSON.stringify(validPayload(null)).replaceAll('"SAR"', '"AED"');
    return JSON.parse(text) as Record<string, unknown>;
  };

  it('SA with AED is refused by default with the spec code first, and accepted once the table lists it', async () => {
    const refused = await create(saAed());
    expect(refused.status).toBe(400);
    expect(refused.json['message']).toBe('Country and currency combination is not supported.');
    expect(errorCodes(refused.json)[0]).toBe('not_supported_country_currency');
    emulator.core.emulator.updateSettings({ countryCurrencyPairs: ['SA-SAR', 'SA-AED'] });
    expect((await create(saAed())).status).toBe(200);
  });

  it('US and USD answers not_supported_country_currency first, not a list of not_one_of', async () => {
    const usd = JSON.parse(
      JSON.stringify(validPayload(null)).replaceAll('"SAR"', '"USD"').replaceAll('"SA"', '"US"'),
    );
    const { status, json } = await create(usd);
    expect(status).toBe(400);
    const codes = errorCodes(json);
    expect(codes[0]).toBe('not_supported_country_currency');
    expect(codes.filter((code) => code === 'not_one_of').length).toBeLessThanOrEqual(2);
  });
});

describe('point 10: expires_in_minutes is honoured only when the setting says support enabled it', () => {
  const expiryMinutes = async () => {
    const { orderId } = await create(validPayload(null, { expires_in_minutes: 120 }));
    const order = emulator.core.emulator.engine.get(orderId);
    return (order.expiresAtMs - order.createdAtMs) / 60_000;
  };

  it('default: 30 minutes whatever the request says; on: the request’s 120', async () => {
    expect(await expiryMinutes()).toBe(30);
    emulator.core.emulator.updateSettings({ honourExpiresInMinutes: true });
    expect(await expiryMinutes()).toBe(120);
  });

  it('ignored, it is said in X-Emulator-Warnings; honoured, nothing is', async () => {
    // Each its own order_reference_id: one another order has is a warning of its own.
    const ignored = await emulator.createCheckout(
      validPayload(null, { expires_in_minutes: 10, order_reference_id: 'EXPIRY-IGNORED' }),
    );
    expect(ignored.status).toBe(200);
    expect(ignored.warnings).toBe('1 warning: expiry_ignored at expires_in_minutes');
    emulator.core.emulator.updateSettings({ honourExpiresInMinutes: true });
    const honoured = await emulator.createCheckout(
      validPayload(null, { expires_in_minutes: 10, order_reference_id: 'EXPIRY-HONOURED' }),
    );
    expect(honoured.warnings).toBeNull();
  });
});

describe('point 13: capture and refund amounts are refused, never rounded', () => {
  const authorised = async () => {
    const { orderId } = await create(validPayload(null));
    await emulator.call('POST', `/_emulator/orders/${orderId}/pay`);
    await emulator.call('POST', `/orders/${orderId}/authorise`);
    return orderId;
  };

  it.each(['10.005', '0.001', 0.001, '72.981'])(
    'a capture of %s SAR is 400 too_many_decimals and captures nothing',
    async (amount) => {
      const orderId = await authorised();
      const { status, json } = await emulator.call('POST', '/payments/capture', {
        order_id: orderId,
        total_amount: { amount, currency: 'SAR' },
      });
      expect(status).toBe(400);
      expect(errorCodes(json)).toEqual(['too_many_decimals']);
      expect(String(json['message'])).toMatch(/refused, not rounded/);
      expect(emulator.core.emulator.engine.get(orderId)).toMatchObject({
        state: 'authorised',
        capturedAmount: '0',
      });
    },
  );

  it('the same for a refund; "10.000" is ten by value and passes', async () => {
    const orderId = await authorised();
    const capture = await emulator.call('POST', '/payments/capture', {
      order_id: orderId,
      total_amount: { amount: '10.000', currency: 'SAR' },
    });
    expect(capture.json).toMatchObject({
      status: 'partially_captured',
      captured_amount: { amount: '10.00' },
    });
    const refund = await emulator.call('POST', `/payments/simplified-refund/${orderId}`, {
      total_amount: { amount: '1.005', currency: 'SAR' },
    });
    expect(errorCodes(refund.json)).toEqual(['too_many_decimals']);
  });
});

describe('point 15: a name given twice is flagged by the emulator', () => {
  it('created, with an X-Emulator-Warnings header naming it', async () => {
    const text = JSON.stringify(validPayload(null)).replace(
      '"description":',
      '"description":"first","description":',
    );
    const response = await fetch(`${emulator.url}/checkout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emulator.apiToken}`, 'content-type': 'application/json' },
      body: text,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-emulator-warnings')).toBe('1 warning: duplicate_key at description');
  });
});

describe('issue 15 point 9: checkout_url comes from the configured address, never the Host header', () => {
  it('a forged Host changes nothing; the public URL setting does', async () => {
    const forged = await create(validPayload(null), { host: 'evil.example:666' });
    expect(new URL(forged.checkoutUrl).origin).toBe(emulator.url);
    emulator.core.emulator.updateSettings({ publicUrl: 'https://checkout.test.example' });
    const configured = await create(validPayload(null), { host: 'evil.example:666' });
    expect(new URL(configured.checkoutUrl).origin).toBe('https://checkout.test.example');
  });

  it('a public URL with a path (a tunnel that serves the emulator under /emu) keeps it, in checkout_url, the page and the redirects', async () => {
    emulator.core.emulator.updateSettings({ publicUrl: 'https://tunnel.test.example/emu' });
    const { orderId, checkoutUrl } = await create(
      validPayload(null, {
        merchant_url: {
          success: 'https://tunnel.test.example/emu/_emulator/merchant/success',
          failure: 'https://tunnel.test.example/emu/_emulator/merchant/failure',
          cancel: 'https://tunnel.test.example/emu/_emulator/merchant/cancel',
        },
      }),
    );
    expect(checkoutUrl.startsWith('https://tunnel.test.example/emu/checkout-page?order_id=')).toBe(true);
    // The tunnel takes /emu off; the emulator itself serves at its root.
    const local = new URL(checkoutUrl);
    const html = await (await fetch(`${emulator.url}/checkout-page${local.search}`)).text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(new URL(action, checkoutUrl).href).toBe(
      `https://tunnel.test.example/emu/checkout-page/${orderId}/pay`,
    );
    const paid = await fetch(`${emulator.url}/checkout-page/${orderId}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${local.searchParams.get('token') ?? ''}`,
    });
    expect(paid.headers.get('location')).toBe(
      `https://tunnel.test.example/emu/_emulator/merchant/success?order_id=${orderId}`,
    );
  });
});

describe('issue 15 point 9: customer actions carry the order’s token', () => {
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${emulator.url}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });

  it('the hosted page and its buttons: 403 without the token, and the order stays new', async () => {
    const { orderId, checkoutUrl } = await create(validPayload(null));
    const token = new URL(checkoutUrl).searchParams.get('token') ?? '';
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const page = new URL(checkoutUrl);
    page.searchParams.delete('token');
    expect((await fetch(page)).status).toBe(403);
    expect((await fetch(checkoutUrl)).status).toBe(200);
    expect(await (await fetch(checkoutUrl)).text()).toContain(`name="token" value="${token}"`);
    expect((await post(`/checkout-page/${orderId}/pay`, '')).status).toBe(403);
    expect((await post(`/checkout-page/${orderId}/pay`, 'token=wrong')).status).toBe(403);
    expect(emulator.core.emulator.engine.get(orderId).state).toBe('new');
    expect((await post(`/checkout-page/${orderId}/pay`, `token=${token}`)).status).toBe(303);
    expect(emulator.core.emulator.engine.get(orderId).state).toBe('approved');
  });

  it('the automation endpoints: the API bearer token or the page token as ?token=; else 401', async () => {
    const first = await create(validPayload(null));
    const bare = await post(`/_emulator/orders/${first.orderId}/pay`, '');
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { errors: { error_code: string }[] }).errors[0]?.error_code).toBe(
      'unauthorized',
    );
    const token = new URL(first.checkoutUrl).searchParams.get('token') ?? '';
    expect((await post(`/_emulator/orders/${first.orderId}/pay?token=${token}`, '')).status).toBe(200);
    const second = await create(validPayload(null));
    const bearer = await emulator.call('POST', `/_emulator/orders/${second.orderId}/decline`);
    expect(bearer.status).toBe(200);
  });
});

describe('issue 16 point 2: every customer action ends somewhere real', () => {
  /** Creates an order with these merchant URLs (one URL: all three), pays on the page, and says where it went. */
  const payWith = async (merchantUrl: string | Record<string, string>) => {
    const { orderId, checkoutUrl } = await create(
      validPayload(null, {
        merchant_url:
          typeof merchantUrl === 'string'
            ? { success: merchantUrl, failure: merchantUrl, cancel: merchantUrl }
            : merchantUrl,
      }),
    );
    const token = new URL(checkoutUrl).searchParams.get('token') ?? '';
    const response = await fetch(`${emulator.url}/checkout-page/${orderId}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    return { orderId, location: response.headers.get('location') ?? '' };
  };

  it('a merchant URL that can be reached: straight there, untouched', async () => {
    const shop = createServer((_req, res) => res.end('shop'));
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/ok?x=1`;
      expect((await payWith(url)).location).toBe(url);
    } finally {
      shop.close();
    }
  });

  it('one that cannot: the local merchant page, which says what happened and why it stands in', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { orderId, location } = await payWith(`http://127.0.0.1:${port}/shop/ok`);
    const landing = new URL(location);
    expect(landing.origin + landing.pathname).toBe(`${emulator.url}/_emulator/merchant/success`);
    expect(landing.searchParams.get('order_id')).toBe(orderId);
    const html = await (await fetch(location)).text();
    expect(html).toContain('Paid: order_approved not sent: the checkout request had no notification URL');
    expect(html).toMatch(/could not be reached \(Connection refused/);
  });

  it('the merchant page links only an http(s) URL it was told could not be reached (a crafted link gets no javascript: href)', async () => {
    const page = (unreachable: string) =>
      fetch(
        `${emulator.url}/_emulator/merchant/success?unreachable=${encodeURIComponent(unreachable)}&reason=x`,
      ).then((response) => response.text());
    const crafted = await page('javascript:alert(document.domain)');
    expect(crafted).not.toContain('href="javascript:');
    expect(crafted).toContain('javascript:alert(document.domain)');
    expect(await page('https://shop.example/ok')).toContain('href="https://shop.example/ok"');
  });

  it("the emulator's own merchant page is told the order, and names where the notification went", async () => {
    const { orderId, location } = await payWith({
      notification: 'http://127.0.0.1:9/webhooks',
      success: `${emulator.url}/_emulator/merchant/success?order=R-1`,
      failure: `${emulator.url}/_emulator/merchant/failure`,
      cancel: `${emulator.url}/_emulator/merchant/cancel`,
    });
    expect(new URL(location).searchParams.get('order_id')).toBe(orderId);
    expect(new URL(location).searchParams.get('order')).toBe('R-1');
    emulator.core.emulator.setConsoleUrl('http://127.0.0.1:4400/');
    const html = await (await fetch(location)).text();
    // Where the notification stands when the page is read: port 9 refuses it, attempt by attempt.
    expect(html).toMatch(
      /Paid: order_approved (queued for|to|not delivered to) http:\/\/127\.0\.0\.1:9\/webhooks/,
    );
    expect(html).not.toContain('landing-mismatch');
    expect(html).toContain(`href="http://127.0.0.1:4400/#/orders?id=${orderId}"`);
  });
});
