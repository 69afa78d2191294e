import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../src/main/emulator/rate-limit';
import { EmulatorError } from '../../src/main/emulator/emulator-errors';
import { DEFAULT_EMULATOR_SETTINGS, emulatorSettingsSchema } from '../../src/shared/emulator';
import { openEmulator, until, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

// What the spec leaves "not shown" about the service's limits and the merchant endpoint's answer
// is an emulator setting with a documented default (docs/defaults.md), never a fixed guess: the
// largest request body, a rate limit, and which answer counts as a delivered notification.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function emulatorOpened(): Promise<EmulatorHarness> {
  const emulator = await openEmulator();
  cleanups.push(() => emulator.dispose());
  return emulator;
}

/** A merchant endpoint that answers every notification with `status`. */
async function endpointAnswering(status: number) {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    received: () => received,
  };
}

describe('the emulator settings for what the spec does not show', () => {
  it('default to what the emulator always did: 1 MiB, no rate limit, any 2xx delivers', () => {
    expect(DEFAULT_EMULATOR_SETTINGS).toMatchObject({
      requestBodyLimitBytes: 1024 * 1024,
      rateLimitPerSecond: null,
      deliveredOn: 'any_2xx',
    });
  });

  it.each([
    ['requestBodyLimitBytes', 100, 'The largest request body is at least 1024 bytes (1 KiB)'],
    [
      'requestBodyLimitBytes',
      64 * 1024 * 1024,
      'The largest request body is at most 33554432 bytes (32 MiB)',
    ],
    ['rateLimitPerSecond', 0, 'The rate limit is at least 1 request a second'],
    ['deliveredOn', 'sometimes', 'choose any_2xx or only_200'],
  ])('refuse a bad %s (%s), naming the field', (field, value, words) => {
    const checked = emulatorSettingsSchema.safeParse({ [field]: value });
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [field, words],
    ]);
  });
});

describe('Largest request body', () => {
  it('refuses a body over the set limit with 413 request_too_large, and takes it back at the default', async () => {
    const emulator = await emulatorOpened();
    // Over 2 KiB: the fixture's payload with a long reference id's worth of padding.
    const payload = validPayload(null, { description: 'x'.repeat(3000) });
    const atDefault = await emulator.call('POST', '/checkout', payload);
    expect(atDefault.status).not.toBe(413);

    emulator.core.emulator.updateSettings({ requestBodyLimitBytes: 2048 });
    const refused = await emulator.call('POST', '/checkout', payload);
    expect(refused.status).toBe(413);
    expect(refused.json).toMatchObject({ errors: [{ error_code: 'request_too_large' }] });
  });
});

describe('Rate limit', () => {
  it('answers every call by default', async () => {
    const emulator = await emulatorOpened();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => emulator.call('GET', '/orders/unknown-order')),
    );
    expect(statuses.map((answer) => answer.status)).not.toContain(429);
  });

  it('answers a call over N a second with 429, the error body and Retry-After', async () => {
    const emulator = await emulatorOpened();
    emulator.core.emulator.updateSettings({ rateLimitPerSecond: 2 });
    const first = await emulator.call('GET', '/orders/unknown-order');
    const second = await emulator.call('GET', '/orders/unknown-order');
    expect([first.status, second.status]).toEqual([404, 404]);

    const over = await fetch(`${emulator.url}/orders/unknown-order`, {
      headers: { authorization: `Bearer ${emulator.apiToken}` },
    });
    expect(over.status).toBe(429);
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    expect(await over.json()).toEqual({
      message: expect.stringContaining('at most 2 requests a second') as unknown,
      errors: [{ error_code: 'rate_limited' }],
      data: {},
      title: null,
      screen_type: null,
    });
  });
});

describe('the rate limiter', () => {
  const refusal = (take: () => void): EmulatorError | null => {
    try {
      take();
      return null;
    } catch (error) {
      if (error instanceof EmulatorError) return error;
      throw error;
    }
  };

  it('counts calls in a rolling second, not the refused ones, and says when the next is taken', () => {
    let nowMs = 10_000;
    const limiter = createRateLimiter(() => nowMs);
    expect(refusal(() => limiter.take(2))).toBeNull();
    nowMs += 600;
    expect(refusal(() => limiter.take(2))).toBeNull();
    nowMs += 100;
    const refused = refusal(() => limiter.take(2));
    expect(refused?.status).toBe(429);
    // The first call leaves the window 300 ms from now: Retry-After in whole seconds, at least 1.
    expect(refused?.headers).toEqual({ 'retry-after': '1' });
    nowMs += 300;
    expect(refusal(() => limiter.take(2))).toBeNull();
    expect(refusal(() => limiter.take(2))?.status).toBe(429);
  });

  it('takes every call without a limit', () => {
    const limiter = createRateLimiter(() => 0);
    for (let call = 0; call < 100; call += 1) expect(refusal(() => limiter.take(null))).toBeNull();
  });
});

describe('A notification counts as delivered', () => {
  const deliveredStatus = (emulator: EmulatorHarness) => emulator.core.emulator.deliveries(1)[0]?.status;

  async function notifiedWith(answer: number, deliveredOn?: 'any_2xx' | 'only_200') {
    const emulator = await emulatorOpened();
    emulator.core.emulator.updateSettings({
      attempts: 2,
      ...(deliveredOn === undefined ? {} : { deliveredOn }),
    });
    const endpoint = await endpointAnswering(answer);
    const { json } = await emulator.call('POST', '/checkout', validPayload(endpoint.url));
    await emulator.call('POST', `/_emulator/orders/${String(json['order_id'])}/pay`);
    await until(
      () => deliveredStatus(emulator) === 'delivered' || deliveredStatus(emulator) === 'failed',
      'the delivery to end',
    );
    return { status: deliveredStatus(emulator), attempts: endpoint.received() };
  }

  it('on any 2xx by default: a 202 delivers it', async () => {
    expect(await notifiedWith(202)).toEqual({ status: 'delivered', attempts: 1 });
  });

  it('set to 200 only, a 202 is tried again and fails', async () => {
    expect(await notifiedWith(202, 'only_200')).toEqual({ status: 'failed', attempts: 2 });
    expect(await notifiedWith(200, 'only_200')).toEqual({ status: 'delivered', attempts: 1 });
  });
});
