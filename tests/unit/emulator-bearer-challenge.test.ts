import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmulator, validPayload, type EmulatorHarness } from './helpers/emulator-harness';

/**
 * RFC 6750 §3: a 401 for bearer authentication carries `WWW-Authenticate: Bearer realm="…"`,
 * with `error="invalid_token"` when a token was given and refused, and no error attribute when
 * none was given. The emulator's 401s had no such header.
 */

let emulator: EmulatorHarness;
beforeEach(async () => {
  emulator = await openEmulator();
});
afterEach(async () => {
  await emulator.dispose();
});

const NO_TOKEN = 'Bearer realm="checkout-emulator"';
const REFUSED_TOKEN = 'Bearer realm="checkout-emulator", error="invalid_token"';

async function post(
  path: string,
  authorization: string | null,
  body: string = JSON.stringify(validPayload(null)),
) {
  const response = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(authorization === null ? {} : { authorization }),
    },
    body,
  });
  const json = (await response.json()) as Record<string, unknown>;
  return { status: response.status, challenge: response.headers.get('www-authenticate'), json };
}

describe("the emulator's 401 names its challenge (RFC 6750)", () => {
  it.each([
    ['no Authorization header', null, NO_TOKEN],
    ['another scheme', 'Basic Zm9vOmJhcg==', NO_TOKEN],
    ['"Bearer" with no token', 'Bearer ', NO_TOKEN],
    ['a wrong bearer token', 'Bearer not-the-token', REFUSED_TOKEN],
  ])('on the service API, for %s', async (_case, authorization, challenge) => {
    const answer = await post('/checkout', authorization);
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(challenge);
    expect(answer.json['errors']).toEqual([{ error_code: 'unauthorized' }]);
  });

  it('on a GET, where no body is read', async () => {
    const response = await fetch(`${emulator.url}/merchants/orders/some-order`, {
      headers: { authorization: 'Bearer wrong' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe(REFUSED_TOKEN);
  });

  it('on the automation routes: a wrong bearer token is invalid_token, none is no error', async () => {
    const path = '/_emulator/orders/00000000-0000-4000-8000-000000000000/pay';
    const none = await post(path, null, '');
    expect(none.status).toBe(401);
    expect(none.challenge).toBe(NO_TOKEN);
    const wrong = await post(path, 'Bearer wrong', '');
    expect(wrong.status).toBe(401);
    expect(wrong.challenge).toBe(REFUSED_TOKEN);
  });

  it('on a 401 answered while a large body is still arriving', async () => {
    const answer = await post(
      '/checkout',
      'Bearer wrong',
      JSON.stringify({ pad: 'x'.repeat(4 * 1024 * 1024) }),
    );
    expect(answer.status).toBe(401);
    expect(answer.challenge).toBe(REFUSED_TOKEN);
  });

  it('leaves an accepted call without a challenge', async () => {
    const answer = await post('/checkout', `Bearer ${emulator.apiToken}`);
    expect(answer.status).toBe(200);
    expect(answer.challenge).toBeNull();
  });
});
